import type { AuthenticatorAssuranceLevels, Session } from '@supabase/supabase-js';
import { authStorageKey } from './authStorageKey';

/** A stored access token is used without supabase-js only while it is good for this much longer. */
const marginMs = 60_000;

export interface StoredSession {
  session: Session;
  userId: string;
  accessToken: string;
  /** The session's assurance levels, as auth-js works them out from the token and the factors. */
  aal: { current: AuthenticatorAssuranceLevels | null; next: AuthenticatorAssuranceLevels | null };
}

/**
 * The session supabase-js keeps in storage (src/lib/supabase.ts), read directly so that a page's
 * first view can know its user and ask for its data before the library has loaded. Only while the
 * access token is good for another minute: after that supabase-js must refresh it. Null when there
 * is none, or it cannot be read. supabase-js confirms it as soon as it has loaded.
 */
export function storedSession(now = Date.now()): StoredSession | null {
  try {
    const raw = window.localStorage.getItem(authStorageKey);
    if (raw === null) return null;
    const session = JSON.parse(raw) as Partial<Session> | null;
    const userId: unknown = session?.user?.id;
    const accessToken: unknown = session?.access_token;
    const expiresAt: unknown = session?.expires_at;
    if (typeof userId !== 'string' || typeof accessToken !== 'string') return null;
    if (typeof expiresAt !== 'number' || expiresAt * 1000 - now < marginMs) return null;
    const claims = JSON.parse(base64UrlDecode(accessToken.split('.')[1] ?? '')) as {
      aal?: unknown;
    };
    const current = claims.aal === 'aal1' || claims.aal === 'aal2' ? claims.aal : null;
    const verified = (session?.user?.factors ?? []).some((factor) => factor.status === 'verified');
    return {
      session: session as Session,
      userId,
      accessToken,
      aal: { current, next: verified ? 'aal2' : current },
    };
  } catch {
    return null;
  }
}

function base64UrlDecode(text: string): string {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) =>
    c.charCodeAt(0),
  );
  return new TextDecoder().decode(bytes);
}
