import { createContext, useContext } from 'react';
import { avatarInitials, type LoginResponse, type Session } from '@dme/shared';

/** Why the session ended: an explicit Log Out does not bring the next user back to the old page. */
export type SignOutReason = 'logout' | 'expired';

export interface AuthContextValue {
  session: Session | null;
  signedOutBy: SignOutReason | null;
  signIn: (response: LoginResponse) => Session;
  signOut: (reason: SignOutReason) => void;
  /** Keeps the top bar in step when users edit their own name or username. */
  updateSession: (patch: { fullName?: string; username?: string }) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** The signed-in user's session; screens under the protected layout always have one. */
export function useSession(): Session {
  const { session } = useAuth();
  if (!session) throw new Error('useSession needs a signed-in user');
  return session;
}

/** The session with a new name (and the avatar that follows from it). */
export function withProfile(session: Session, patch: { fullName?: string; username?: string }): Session {
  const fullName = patch.fullName?.trim() || session.fullName;
  return { ...session, fullName, username: patch.username ?? session.username, avatar: avatarInitials(fullName) };
}

export function sessionFromLogin(response: LoginResponse): Session {
  const fullName = `${response.first_name} ${response.last_name}`.trim() || response.username;
  return {
    id: response.id,
    fullName,
    username: response.username,
    avatar: avatarInitials(fullName),
    token: response.token,
    role_id: response.role_id ?? 0,
  };
}
