import { afterEach, describe, expect, it } from 'vitest';
import { authStorageKey } from './authStorageKey';
import { storedSession } from './storedSession';

const now = Date.UTC(2026, 10, 28, 9, 0, 0);
const userId = 'a0000000-0000-4000-8000-000000000007';

function token(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'ES256', typ: 'JWT' })}.${part(claims)}.signature`;
}

function store(session: Record<string, unknown>): void {
  window.localStorage.setItem(authStorageKey, JSON.stringify(session));
}

function session(overrides: Record<string, unknown> = {}, factors: unknown[] = []) {
  return {
    access_token: token({ sub: userId, aal: 'aal1' }),
    refresh_token: 'refresh',
    expires_at: now / 1000 + 3600,
    user: { id: userId, factors },
    ...overrides,
  };
}

afterEach(() => window.localStorage.clear());

describe('the stored session on a first view', () => {
  it('gives the user, the token and the assurance levels while the token is good', () => {
    store(session());
    expect(storedSession(now)).toMatchObject({
      userId,
      accessToken: session().access_token,
      aal: { current: 'aal1', next: 'aal1' },
      session: { user: { id: userId } },
    });
  });

  it('can reach aal2 with a verified factor, and is at aal2 after its code', () => {
    store(session({}, [{ id: 'f1', status: 'verified' }]));
    expect(storedSession(now)?.aal).toEqual({ current: 'aal1', next: 'aal2' });
    store(session({ access_token: token({ sub: userId, aal: 'aal2' }) }, [{ status: 'verified' }]));
    expect(storedSession(now)?.aal).toEqual({ current: 'aal2', next: 'aal2' });
    store(session({}, [{ id: 'f2', status: 'unverified' }]));
    expect(storedSession(now)?.aal).toEqual({ current: 'aal1', next: 'aal1' });
  });

  it('is left to supabase-js when the token has expired or expires within a minute', () => {
    store(session({ expires_at: now / 1000 + 59 }));
    expect(storedSession(now)).toBeNull();
    store(session({ expires_at: now / 1000 - 1 }));
    expect(storedSession(now)).toBeNull();
    store(session({ expires_at: now / 1000 + 61 }));
    expect(storedSession(now)?.userId).toBe(userId);
  });

  it('is nothing when there is none or it cannot be read', () => {
    expect(storedSession(now)).toBeNull();
    for (const broken of ['{', 'null', '"text"', '[]']) {
      window.localStorage.setItem(authStorageKey, broken);
      expect(storedSession(now)).toBeNull();
    }
    store(session({ access_token: 'not-a-token' }));
    expect(storedSession(now)).toBeNull();
    store(session({ user: null }));
    expect(storedSession(now)).toBeNull();
    store(session({ expires_at: String(now / 1000 + 3600) }));
    expect(storedSession(now)).toBeNull();
  });
});
