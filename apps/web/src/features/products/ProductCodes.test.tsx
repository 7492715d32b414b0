import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fill, press } from '@/test/fill.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { CATEGORIES, makeProduct, PRODUCT_TYPES } from './test-data.ts';
import { productTestRoutes as routes } from './test-routes.tsx';

const cpap = {
  ...makeProduct({ name: 'CPAP Machine', internal_code: 'CPAP-1' }),
  hcpcs_code: 'E0601',
  modifiers: ['RR', 'KH'],
  hcpcs_description: 'Continuous airway pressure device',
};

const HCPCS: Record<string, { code: string; long_description: string; short_description: string }> = {
  E0601: {
    code: 'E0601',
    long_description: 'Continuous airway pressure device',
    short_description: 'Cont airway pressure device',
  },
  E0470: {
    code: 'E0470',
    long_description: 'Respiratory assist device, bi-level pressure capability, without backup rate',
    short_description: 'RAD w/o backup non-inv intfc',
  },
};

function api(extra: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/product_types/': [200, PRODUCT_TYPES],
    'GET /api/categories/': (call: MockCall) => [200, CATEGORIES[call.query.get('parent_id') ?? 'top'] ?? []] as const,
    [`GET /api/products/${cpap.id}/`]: [200, cpap],
    ...Object.fromEntries(
      ['E0601', 'E0470', 'E0999'].map((code) => [
        `GET /api/hcpcs/${code}/`,
        HCPCS[code] ? [200, HCPCS[code]] : [404, { detail: 'Not found.' }],
      ]),
    ),
    ...extra,
  } as Parameters<typeof mockApi>[0]);
}

const code = () => screen.getByRole('textbox', { name: 'HCPCS code' }) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;

describe('Product billing codes', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('shows the CMS description of the code, says when the list lacks it, and saves code and modifiers', async () => {
    const user = userEvent.setup({ delay: null });
    const { fetchMock } = api({
      [`PATCH /api/products/${cpap.id}/`]: [422, { modifiers: ['Modifier ZZ is not in the CMS modifier list'] }],
    });
    renderRoutes(routes, { path: `/products/${cpap.id}`, session: adminSession });
    await screen.findByText('E0601 — Continuous airway pressure device');
    expect(code().value).toBe('E0601');
    const modifiers = screen.getByRole('textbox', { name: 'Modifiers' }) as HTMLInputElement;
    expect(modifiers.value).toBe('RR,KH');

    await user.clear(code());
    await fill(user, code(), 'e0999');
    await screen.findByText('HCPCS code E0999 is not in the CMS code list');
    await user.clear(code());
    await fill(user, code(), 'E04');
    await user.tab();
    await screen.findByText('HCPCS code is a letter and four digits');
    await fill(user, code(), '70');
    await screen.findByText('E0470 — Respiratory assist device, bi-level pressure capability, without backup rate');

    await user.clear(modifiers);
    await fill(user, modifiers, 'rr, zz');
    await press(user, save());
    await screen.findByText('Modifier ZZ is not in the CMS modifier list');
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')?.[1]?.body as FormData;
    expect(patch.get('hcpcs_code')).toBe('E0470');
    expect(patch.get('modifiers')).toBe('RR,ZZ');
  });

  it('refuses malformed modifiers before sending', async () => {
    const user = userEvent.setup({ delay: null });
    api();
    renderRoutes(routes, { path: `/products/${cpap.id}`, session: adminSession });
    const modifiers = (await screen.findByRole('textbox', { name: 'Modifiers' })) as HTMLInputElement;
    await fill(user, modifiers, ',KX,GA,GY');
    await user.tab();
    await screen.findByText('Modifiers are up to four codes of two letters or digits, separated by commas');
    expect(save().disabled).toBe(true);
  });

  it('?field=hcpcs_code focuses the code', async () => {
    api();
    renderRoutes(routes, { path: `/products/${cpap.id}?field=hcpcs_code`, session: adminSession });
    await screen.findByRole('textbox', { name: 'HCPCS code' });
    await waitFor(() => expect(document.activeElement).toBe(code()));
  });
});
