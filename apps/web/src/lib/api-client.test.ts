import { describe, expect, it, vi } from 'vitest';
import { useForm } from 'react-hook-form';
import { renderHook, act } from '@testing-library/react';
import { mockApi } from '@/test/mock-api.ts';
import {
  api,
  ApiError,
  apiUrl,
  download,
  failureMessage,
  isNetworkError,
  NETWORK_ERROR_MESSAGE,
  setUnauthorizedHandler,
} from './api-client.ts';
import { applyFieldErrors } from './form-errors.ts';
import { setToken } from './storage.ts';

describe('api client', () => {
  it('sends JSON with the JWT header and returns the body', async () => {
    const { calls } = mockApi({ 'POST /api/things/': [201, { id: 3 }] });
    setToken('abc');
    await expect(api.post('/things/', { name: 'x' })).resolves.toEqual({ id: 3 });
    expect(calls[0].headers.get('Authorization')).toBe('JWT abc');
    expect(calls[0].headers.get('Content-Type')).toBe('application/json');
    expect(calls[0].body).toEqual({ name: 'x' });
  });

  it('throws ApiError with status and body; 204 resolves empty', async () => {
    mockApi({ 'GET /api/bad/': [422, { email: ['Must be a valid mail'] }], 'DELETE /api/x/1/': [204] });
    const error = await api.get('/bad/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).body).toEqual({ email: ['Must be a valid mail'] });
    await expect(api.delete('/x/1/')).resolves.toBeUndefined();
  });

  it('reports every 401 to the registered handler, except when told not to', async () => {
    mockApi({ 'GET /api/private/': [401, { detail: 'no' }], 'POST /api/login/': [401, { detail: 'no' }] });
    const handler = vi.fn();
    const unregister = setUnauthorizedHandler(handler);
    await expect(api.get('/private/')).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
    await expect(api.post('/login/', {}, { skipUnauthorized: true })).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
    unregister();
  });

  it('turns a network failure into status 0 with a sentence a person understands', async () => {
    const sentence = 'Cannot reach the server. Check the connection and try again.';
    expect(NETWORK_ERROR_MESSAGE).toBe(sentence);
    // Chromium, Firefox and Safari word it differently; none of it reaches the screen.
    for (const raw of ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed']) {
      vi.stubGlobal(
        'fetch',
        vi.fn(() => Promise.reject(new TypeError(raw))),
      );
      const error = await api.post('/login/', { username: 'a' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 0, message: sentence, body: { detail: sentence } });
      expect(isNetworkError(error)).toBe(true);
      expect(failureMessage(error, 'The request could not be processed!')).toBe(sentence);
    }
    await expect(download('/report.pdf', 'report.pdf')).rejects.toMatchObject({ status: 0, message: sentence });
    expect(failureMessage(new ApiError(500, undefined), 'The request could not be processed!')).toBe(
      'The request could not be processed!',
    );
    expect(isNetworkError(new ApiError(404, undefined))).toBe(false);
  });

  it('lets an aborted call stay an abort, not a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError'))),
    );
    const error = await api.get('/x/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect(isNetworkError(error)).toBe(false);
  });

  it('builds query strings without empty values', () => {
    expect(apiUrl('/patients/', { search: '', page: 2, state: null, status: 'Active', x: undefined })).toBe(
      '/api/patients/?page=2&status=Active',
    );
  });
});

describe('applyFieldErrors', () => {
  it('puts the first message of each known field under it', () => {
    const { result } = renderHook(() => useForm({ defaultValues: { username: '', profile: { first_name: '' } } }));
    let applied: string[] = [];
    act(() => {
      applied = applyFieldErrors(
        {
          username: ['The username or email exists!', 'second'],
          'profile.first_name': ['First name is required'],
          other: ['x'],
        },
        result.current.setError,
        ['username', 'profile.first_name'],
      );
    });
    expect(applied).toEqual(['username', 'profile.first_name']);
    expect(result.current.getFieldState('username').error?.message).toBe('The username or email exists!');
    expect(result.current.getFieldState('profile.first_name').error?.message).toBe('First name is required');
    expect(applyFieldErrors({ detail: 'x' }, result.current.setError)).toEqual([]);
  });
});
