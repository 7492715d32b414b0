import { useMutation } from '@tanstack/react-query';
import { LOGIN_MESSAGES, type LoginBody, type LoginResponse } from '@dme/shared';
import { api, isApiError, detailOf } from '@/lib/api-client.ts';

/** POST /api/login/: a 401 here is an account problem, not an expired session. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return api.post<LoginResponse>('/login/', body, { token: null, skipUnauthorized: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

/** Spec section 8: 401 -> account problem, a thrown failure -> its message, else incorrect credentials. */
export function loginErrorMessage(error: unknown): string {
  if (isApiError(error, 401)) return LOGIN_MESSAGES.accountProblem;
  if (isApiError(error, 429)) return detailOf(error.body) ?? LOGIN_MESSAGES.incorrect;
  if (isApiError(error, 0)) return error.message;
  if (!isApiError(error) && error instanceof Error) return error.message;
  return LOGIN_MESSAGES.incorrect;
}
