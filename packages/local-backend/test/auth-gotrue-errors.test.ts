import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signJwt } from '../src/jwt';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../src/keys';
import { authFetch, signUpNew } from './auth-support';
import { anonClient, serviceClient } from './shared';

const jwtPrefix = 'invalid JWT: unable to parse or verify signature, ';

describe("access tokens refused in GoTrue's words", () => {
  it('says why: signature, expiry, a missing or malformed subject, a malformed token', async () => {
    const { session } = await signUpNew();
    const claims = decodeJwt(session.access_token);
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'));
    const now = Math.floor(Date.now() / 1000);
    const expired = await signJwt({ ...claims, iat: now - 7200, exp: now - 3600 });
    const cases: [string, number, string][] = [
      [forged, 403, `${jwtPrefix}token signature is invalid: signature is invalid`],
      [expired, 403, `${jwtPrefix}token has invalid claims: token is expired`],
      [
        'not-a-jwt',
        403,
        `${jwtPrefix}token is malformed: token contains an invalid number of segments`,
      ],
      [LOCAL_ANON_KEY, 403, 'invalid claim: missing sub claim'],
      [
        await signJwt({ ...claims, sub: 'someone' }),
        400,
        'invalid claim: sub claim must be a UUID',
      ],
    ];
    for (const [token, status, message] of cases) {
      const { data, error } = await anonClient().auth.getUser(token);
      expect(data.user).toBeNull();
      expect(error?.status).toBe(status);
      expect(error?.code).toBe('bad_jwt');
      expect(error?.message).toBe(message);
    }
  });
});

describe('GoTrue features the local backend leaves out answer 501, not 404', () => {
  const expectNotImplemented = async (response: Response) => {
    expect(response.status).toBe(501);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ code: 'not_implemented', error_code: 'not_implemented' });
    expect(body.msg).toMatch(/is not supported by the local backend$/);
  };

  it('SSO through supabase-js: status 501 (auth-js reports any 5xx as a retryable fetch error)', async () => {
    const { data, error } = await anonClient().auth.signInWithSSO({ domain: 'example.com' });
    expect(data).toBeNull();
    expect(error?.status).toBe(501);
    const response = await authFetch('/sso', {
      method: 'POST',
      body: JSON.stringify({ domain: 'example.com' }),
    });
    expect(response.status).toBe(501);
    expect(await response.json()).toMatchObject({
      msg: 'Single sign-on (SAML) is not supported by the local backend',
    });
  });

  it('passkeys, SAML, web3 and ID-token grants, admin passkeys', async () => {
    await expectNotImplemented(
      await authFetch('/passkeys/authentication/options', { method: 'POST', body: '{}' }),
    );
    await expectNotImplemented(await authFetch('/sso/saml/metadata'));
    await expectNotImplemented(await authFetch('/saml/acs', { method: 'POST', body: '{}' }));
    await expectNotImplemented(
      await authFetch('/token?grant_type=web3', { method: 'POST', body: '{}' }),
    );
    await expectNotImplemented(
      await authFetch('/token?grant_type=id_token', { method: 'POST', body: '{}' }),
    );
    await expectNotImplemented(
      await authFetch(`/admin/users/${crypto.randomUUID()}/passkeys`, {
        headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
      }),
    );
  });

  it('keeps 404 for paths GoTrue does not have', async () => {
    const response = await authFetch('/no-such-endpoint');
    expect(response.status).toBe(404);
  });

  it('phone numbers in the admin API', async () => {
    const { error } = await serviceClient().auth.admin.createUser({ phone: '+447700900123' });
    expect(error?.status).toBe(501);
    await expectNotImplemented(
      await authFetch('/admin/users', {
        method: 'POST',
        headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
        body: JSON.stringify({ phone: '+447700900123' }),
      }),
    );
  });
});
