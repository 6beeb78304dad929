/**
 * API keys as hosted Supabase's gateway treats them: the publishable and secret keys stand for the
 * anon and service_role roles; a secret key sent by a browser is refused before any service sees
 * it; `Authorization: Bearer sb_…` is no user's token; the legacy JWT keys work until they are
 * disabled, and are then refused everywhere, the realtime socket included.
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../src/jwt';
import {
  LOCAL_ANON_KEY,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_SERVICE_ROLE_KEY,
} from '../src/keys';
import { clientFor, startTestBackend, type TestBackend } from '../src/testing';
import { backendUrl, strongPassword, uniqueEmail } from './shared';

const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const firefox =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0';
const fromBrowser = (userAgent = chrome) => ({
  'User-Agent': userAgent,
  Origin: 'http://localhost:5173',
});

const secretKeyInBrowser = {
  message: 'Forbidden use of secret API key in browser',
  hint: 'Secret API keys can only be used in a protected environment and should never be used in a browser. Delete this secret API key immediately!',
};

/** The role (and user) PostgREST ran a request as: the fixture's whoami() reads the JWT claims. */
async function whoami(
  baseUrl: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl}/rest/v1/rpc/whoami`, { headers });
  return { status: response.status, body: await response.json() };
}

/** A refused upgrade's status, headers and JSON body; rejects if the socket opens. */
function upgradeRefusal(
  baseUrl: string,
  apikey: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; errorCode: string | undefined; body: unknown }> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=2.0.0`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => {
      socket.terminate();
      reject(new Error('the upgrade was accepted'));
    });
    socket.once('unexpected-response', (_request, response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          errorCode: response.headers['sb-error-code'] as string | undefined,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        }),
      );
    });
    socket.once('error', () => undefined);
  });
}

/** Opens a socket and closes it again; rejects with the refusal if the upgrade is refused. */
function socketOpens(
  baseUrl: string,
  apikey: string,
  headers: Record<string, string> = {},
): Promise<void> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=2.0.0`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => {
      socket.close();
      resolve();
    });
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`upgrade refused with ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
}

describe('publishable and secret keys', () => {
  it('stand for anon and service_role', async () => {
    expect(await whoami(backendUrl, { apikey: LOCAL_PUBLISHABLE_KEY })).toEqual({
      status: 200,
      body: { uid: null, role: 'anon' },
    });
    expect(await whoami(backendUrl, { apikey: LOCAL_SECRET_KEY })).toEqual({
      status: 200,
      body: { uid: null, role: 'service_role' },
    });
  });

  it('let a browser use the publishable key, signed out and with a user token', async () => {
    for (const userAgent of [chrome, firefox]) {
      const response = await fetch(`${backendUrl}/rest/v1/rpc/whoami`, {
        headers: { apikey: LOCAL_PUBLISHABLE_KEY, ...fromBrowser(userAgent) },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(await response.json()).toEqual({ uid: null, role: 'anon' });
    }
    const userId = crypto.randomUUID();
    const token = await signJwt({
      sub: userId,
      role: 'authenticated',
      exp: Math.floor(Date.now() / 1000) + 60,
    });
    expect(
      await whoami(backendUrl, {
        apikey: LOCAL_PUBLISHABLE_KEY,
        Authorization: `Bearer ${token}`,
        ...fromBrowser(),
      }),
    ).toEqual({ status: 200, body: { uid: userId, role: 'authenticated' } });
    await socketOpens(backendUrl, LOCAL_PUBLISHABLE_KEY, fromBrowser());
  });

  it("refuse a secret key sent by a browser with hosted's 401, before any service runs", async () => {
    for (const [path, init] of [
      ['/rest/v1/rpc/whoami', { headers: { apikey: LOCAL_SECRET_KEY, ...fromBrowser() } }],
      [`/rest/v1/rpc/whoami?apikey=${LOCAL_SECRET_KEY}`, { headers: fromBrowser(firefox) }],
      ['/auth/v1/admin/users', { headers: { apikey: LOCAL_SECRET_KEY, ...fromBrowser() } }],
      [
        '/functions/v1/public-echo',
        { method: 'POST', headers: { apikey: LOCAL_SECRET_KEY, ...fromBrowser() }, body: '{}' },
      ],
    ] as const) {
      const response = await fetch(`${backendUrl}${path}`, init);
      expect(response.status, path).toBe(401);
      expect(response.headers.get('sb-error-code'), path).toBe('UNAUTHORIZED_INVALID_API_KEY_TYPE');
      // With the CORS headers, so the page's code can read why.
      expect(response.headers.get('access-control-allow-origin'), path).toBe(
        'http://localhost:5173',
      );
      expect(await response.json(), path).toEqual(secretKeyInBrowser);
    }
    expect(await upgradeRefusal(backendUrl, LOCAL_SECRET_KEY, fromBrowser())).toEqual({
      status: 401,
      errorCode: 'UNAUTHORIZED_INVALID_API_KEY_TYPE',
      body: secretKeyInBrowser,
    });
  });

  it('accept the secret key from servers and tools, whose User-Agent is not a browser', async () => {
    for (const userAgent of ['curl/8.5.0', 'Deno/2.5.0', 'pg_net/0.19.5', 'node']) {
      expect(
        await whoami(backendUrl, { apikey: LOCAL_SECRET_KEY, 'User-Agent': userAgent }),
        userAgent,
      ).toEqual({ status: 200, body: { uid: null, role: 'service_role' } });
    }
    await socketOpens(backendUrl, LOCAL_SECRET_KEY, { 'User-Agent': 'curl/8.5.0' });
  });

  it('treat Authorization: Bearer sb_… as no user token: the apikey alone decides', async () => {
    expect(
      await whoami(backendUrl, {
        apikey: LOCAL_PUBLISHABLE_KEY,
        Authorization: `Bearer ${LOCAL_SECRET_KEY}`,
      }),
    ).toEqual({ status: 200, body: { uid: null, role: 'anon' } });
    expect(
      await whoami(backendUrl, {
        apikey: LOCAL_SECRET_KEY,
        Authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}`,
      }),
    ).toEqual({ status: 200, body: { uid: null, role: 'service_role' } });
    // A function is handed the role's token in place of the key, as hosted's relay does.
    const echoed = await fetch(`${backendUrl}/functions/v1/public-echo`, {
      method: 'POST',
      headers: { apikey: LOCAL_PUBLISHABLE_KEY, Authorization: `Bearer ${LOCAL_SECRET_KEY}` },
      body: '{}',
    });
    expect(await echoed.json()).toEqual({
      public: true,
      authorization: `Bearer ${LOCAL_ANON_KEY}`,
    });
  });
});

describe('legacy API keys', () => {
  it('work by default, in the apikey header and as a bearer token', async () => {
    expect(await whoami(backendUrl, { apikey: LOCAL_ANON_KEY })).toEqual({
      status: 200,
      body: { uid: null, role: 'anon' },
    });
    expect(
      await whoami(backendUrl, {
        apikey: LOCAL_ANON_KEY,
        Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
      }),
    ).toEqual({ status: 200, body: { uid: null, role: 'service_role' } });
    // Unlike a secret key, the legacy service_role key is not refused to browsers (hosted neither).
    expect(await whoami(backendUrl, { apikey: LOCAL_SERVICE_ROLE_KEY, ...fromBrowser() })).toEqual({
      status: 200,
      body: { uid: null, role: 'service_role' },
    });
    await socketOpens(backendUrl, LOCAL_ANON_KEY);
  });

  describe('once disabled', () => {
    let disabled: TestBackend;
    const startedAt = new Date();

    beforeAll(async () => {
      disabled = await startTestBackend({ disableLegacyApiKeys: true });
    });

    afterAll(async () => {
      await disabled?.stop();
    });

    function expectLegacyRefusal(body: unknown): void {
      const { hint, ...rest } = body as { hint: string };
      expect(rest).toEqual({ message: 'Legacy API keys are disabled' });
      const disabledOn =
        /^Your legacy API keys \(anon, service_role\) were disabled on (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6})\+00:00\. Re-enable them in the Supabase dashboard, or use the new publishable and secret API keys\.$/.exec(
          hint,
        );
      expect(disabledOn, hint).not.toBeNull();
      const moment = Date.parse(`${disabledOn?.[1]?.slice(0, -3) ?? ''}Z`);
      expect(moment).toBeGreaterThanOrEqual(startedAt.getTime() - 1000);
      expect(moment).toBeLessThanOrEqual(Date.now());
    }

    it("are refused with hosted's 401 on every service, before it runs", async () => {
      for (const key of [LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY]) {
        for (const [path, init] of [
          ['/rest/v1/rpc/whoami', { headers: { apikey: key } }],
          [`/rest/v1/rpc/whoami?apikey=${key}`, {}],
          ['/auth/v1/settings', { headers: { apikey: key } }],
          ['/functions/v1/public-echo', { method: 'POST', headers: { apikey: key }, body: '{}' }],
        ] as const) {
          const response = await fetch(`${disabled.url}${path}`, init);
          expect(response.status, path).toBe(401);
          expectLegacyRefusal(await response.json());
        }
        const refused = await upgradeRefusal(disabled.url, key);
        expect(refused.status).toBe(401);
        expectLegacyRefusal(refused.body);
      }
    });

    it('leave the publishable and secret keys working, through supabase-js too', async () => {
      expect(await whoami(disabled.url, { apikey: LOCAL_PUBLISHABLE_KEY })).toEqual({
        status: 200,
        body: { uid: null, role: 'anon' },
      });
      const secret = clientFor(disabled.url, LOCAL_SECRET_KEY);
      expect((await secret.rpc('whoami')).data).toEqual({ uid: null, role: 'service_role' });

      const user = clientFor(disabled.url, LOCAL_PUBLISHABLE_KEY);
      const email = uniqueEmail('new-keys');
      const signUp = await user.auth.signUp({ email, password: strongPassword });
      expect(signUp.error).toBeNull();
      const { data } = await user.rpc('whoami');
      expect(data).toEqual({ uid: signUp.data.user?.id, role: 'authenticated' });
      const invoked = await user.functions.invoke('public-echo', { body: {} });
      expect(invoked.data).toEqual({
        public: true,
        authorization: `Bearer ${signUp.data.session?.access_token}`,
      });
      await socketOpens(disabled.url, LOCAL_PUBLISHABLE_KEY);
      await socketOpens(disabled.url, LOCAL_SECRET_KEY);
    });
  });
});
