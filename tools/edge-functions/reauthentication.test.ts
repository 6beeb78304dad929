// The fresh proof of identity delete-account asks for: a sign-in method in the token's amr claim
// within the last 10 minutes, and aal2 for a user with a verified authenticator app.
import { describe, expect, it } from 'vitest';
import {
  isFreshlyAuthenticated,
  newestAuthentication,
} from '../../supabase/functions/_shared/reauthentication.ts';

const now = 1_800_000_000;
const password = (secondsAgo: number) => ({ method: 'password', timestamp: now - secondsAgo });
const totp = (secondsAgo: number) => ({ method: 'totp', timestamp: now - secondsAgo });

describe('newestAuthentication', () => {
  it('reads the newest timestamp, ignoring entries without one', () => {
    expect(newestAuthentication([password(3600), totp(30), { method: 'otp' }])).toBe(now - 30);
    expect(newestAuthentication([])).toBeNull();
    expect(newestAuthentication(undefined)).toBeNull();
    expect(newestAuthentication([{ method: 'password', timestamp: 'yesterday' }])).toBeNull();
  });
});

describe('isFreshlyAuthenticated', () => {
  it('accepts a password sign-in within 10 minutes for a user without an authenticator app', () => {
    const claims = { aal: 'aal1', amr: [password(599)] };
    expect(isFreshlyAuthenticated({ claims, hasVerifiedFactor: false, now })).toBe(true);
  });

  it('refuses a sign-in older than 10 minutes, or a token without amr', () => {
    expect(
      isFreshlyAuthenticated({
        claims: { aal: 'aal1', amr: [password(601)] },
        hasVerifiedFactor: false,
        now,
      }),
    ).toBe(false);
    expect(isFreshlyAuthenticated({ claims: { aal: 'aal1' }, hasVerifiedFactor: false, now })).toBe(
      false,
    );
  });

  it('wants aal2 from a user with an authenticator app, and counts a fresh code', () => {
    expect(
      isFreshlyAuthenticated({
        claims: { aal: 'aal1', amr: [password(10)] },
        hasVerifiedFactor: true,
        now,
      }),
    ).toBe(false);
    expect(
      isFreshlyAuthenticated({
        claims: { aal: 'aal2', amr: [password(7200), totp(60)] },
        hasVerifiedFactor: true,
        now,
      }),
    ).toBe(true);
    expect(
      isFreshlyAuthenticated({
        claims: { aal: 'aal2', amr: [password(7200), totp(3600)] },
        hasVerifiedFactor: true,
        now,
      }),
    ).toBe(false);
  });

  it('does not take a timestamp from the future as fresh', () => {
    expect(
      isFreshlyAuthenticated({
        claims: { aal: 'aal1', amr: [password(-3600)] },
        hasVerifiedFactor: false,
        now,
      }),
    ).toBe(false);
  });
});
