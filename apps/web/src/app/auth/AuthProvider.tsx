import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginResponse, Session } from '@dme/shared';
import { isApiError, setUnauthorizedHandler } from '@/lib/api-client.ts';
import { AuthContext, sessionFromLogin, withProfile, type AuthContextValue, type SignOutReason } from '@/lib/auth.ts';
import { clearAuth, clearPersisted, getSession, saveSession, setToken, STORAGE_KEYS } from '@/lib/storage.ts';
import { logout } from '@/features/auth/api/logout.ts';
import { refreshToken } from '@/features/auth/api/refresh-token.ts';

/** Spec: the token is refreshed every 600000 ms while signed in. */
export const TOKEN_REFRESH_MS = 600_000;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session | null>(() => getSession());
  const [signedOutBy, setSignedOutBy] = useState<SignOutReason | null>(null);
  const sessionRef = useRef(session);
  useEffect(() => {
    sessionRef.current = session;
  }, [session]);

  const signOut = useCallback(
    (reason: SignOutReason) => {
      const token = sessionRef.current?.token;
      // An explicit Log Out tells the server to end the session; its failure changes nothing here.
      if (reason === 'logout' && token) logout(token).catch(() => undefined);
      clearAuth();
      clearPersisted();
      queryClient.clear();
      sessionRef.current = null;
      setSession(null);
      setSignedOutBy(reason);
    },
    [queryClient],
  );

  const signIn = useCallback(
    (response: LoginResponse) => {
      const next = sessionFromLogin(response);
      saveSession(next);
      queryClient.clear();
      sessionRef.current = next;
      setSession(next);
      setSignedOutBy(null);
      return next;
    },
    [queryClient],
  );

  const updateSession = useCallback((patch: { fullName?: string; username?: string }) => {
    const current = sessionRef.current;
    if (!current) return;
    const next = withProfile(current, patch);
    saveSession(next);
    sessionRef.current = next;
    setSession(next);
  }, []);

  // Any 401 from the API means the session is gone.
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        if (sessionRef.current) signOut('expired');
      }),
    [signOut],
  );

  const signedIn = session !== null;
  useEffect(() => {
    if (!signedIn) return undefined;
    const timer = setInterval(() => {
      const current = sessionRef.current;
      if (!current) return;
      refreshToken(current.token)
        .then(({ token }) => {
          if (sessionRef.current?.id !== current.id) return;
          setToken(token);
          const next = { ...current, token };
          saveSession(next);
          sessionRef.current = next;
          setSession(next);
        })
        .catch((error: unknown) => {
          // An unreachable server is not a refused token: try again at the next tick.
          if (isApiError(error, 0)) return;
          signOut('expired');
        });
    }, TOKEN_REFRESH_MS);
    return () => clearInterval(timer);
  }, [signedIn, signOut]);

  // Signing out in one tab signs out the others.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.token && event.key !== STORAGE_KEYS.auth && event.key !== null) return;
      const stored = getSession();
      if (!stored && sessionRef.current) {
        queryClient.clear();
        sessionRef.current = null;
        setSession(null);
        setSignedOutBy('logout');
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({ session, signedOutBy, signIn, signOut, updateSession }),
    [session, signedOutBy, signIn, signOut, updateSession],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
