import { describe, expect, it } from 'vitest';
import { routePattern } from '../src/http/route-pattern';
import { LOCAL_SERVICE_ROLE_KEY } from '../src/keys';
import { authFetch } from './auth-support';
import { defined } from './defined';
import { serviceClient, strongPassword, uniqueEmail } from './shared';

const asAdmin = { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` };

async function createUser(): Promise<string> {
  const { data, error } = await serviceClient().auth.admin.createUser({
    email: uniqueEmail('routes'),
    password: strongPassword,
    email_confirm: true,
  });
  expect(error).toBeNull();
  return defined(data.user, 'the created user').id;
}

describe('route patterns', () => {
  it('hand over named parameters as written, not decoded (as GoTrue)', () => {
    const pattern = routePattern('/admin/users/:userId/factors/:factorId');
    expect(pattern.match('/admin/users/a%2Db/factors/%2541')).toEqual({
      userId: 'a%2Db',
      factorId: '%2541',
    });
    expect(pattern.match('/admin/users/a/factors')).toBeUndefined();
    expect(pattern.match('/admin/users//factors/b')).toBeUndefined();
    expect(pattern.match('/admin/users/a/factors/b/')).toBeUndefined();
  });

  it('compare literal segments as written', () => {
    const pattern = routePattern('/signup');
    expect(pattern.match('/signup')).toEqual({});
    expect(pattern.match('/%73ignup')).toBeUndefined();
    expect(pattern.match('/signup/')).toBeUndefined();
  });

  it('check a constrained parameter against the segment as written', () => {
    const pattern = routePattern('/view/:id([\\w-]+)');
    expect(pattern.match('/view/abc-1')).toEqual({ id: 'abc-1' });
    expect(pattern.match('/view/a.b')).toBeUndefined();
    expect(pattern.match('/view/%41')).toBeUndefined();
  });

  it('match any rest of the path, none included, after a final *', () => {
    const pattern = routePattern('/sso/*');
    for (const path of ['/sso', '/sso/', '/sso/a/b']) expect(pattern.match(path)).toEqual({});
    expect(pattern.match('/ssox')).toBeUndefined();
  });
});

describe('auth routing', () => {
  it('answers an encoded or broken id as any id that is not a UUID, as GoTrue does', async () => {
    const userId = await createUser();
    for (const id of [
      userId.replaceAll('-', '%2D'),
      userId.replaceAll('-', '%252D'),
      '%zz',
      `${userId.slice(0, -2)}%A`,
    ]) {
      const response = await authFetch(`/admin/users/${id}`, { headers: asAdmin });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({
        code: 'validation_failed',
        msg: 'user_id must be an UUID',
      });
    }
    const factor = await authFetch(`/admin/users/${userId}/factors/%E0%A4%A`, {
      method: 'DELETE',
      headers: asAdmin,
    });
    expect(factor.status).toBe(404);
    expect(await factor.json()).toMatchObject({
      code: 'validation_failed',
      msg: 'factor_id must be an UUID',
    });
  });

  it('answers 404 not_found for a path no route has, a trailing slash included', async () => {
    for (const path of ['/nope', '/admin/users/', '/%73ignup', '/factors/a/b/c']) {
      const response = await authFetch(path, { headers: asAdmin });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({
        code: 'not_found',
        msg: `No auth endpoint at ${path}`,
      });
    }
  });

  it("answers 405 with the route's methods for a method it lacks", async () => {
    const response = await authFetch(`/admin/users/${crypto.randomUUID()}`, {
      method: 'POST',
      headers: asAdmin,
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, PUT, DELETE');
    expect(await response.json()).toMatchObject({ code: 'method_not_allowed' });
  });

  it('answers 501 below an unsupported feature, 404 beside it', async () => {
    for (const path of ['/passkeys', '/passkeys/registration/options', '/sso/saml/acs']) {
      expect((await authFetch(path, { method: 'POST' })).status).toBe(501);
    }
    expect((await authFetch('/passkeysx', { method: 'POST' })).status).toBe(404);
  });
});
