import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRefusal } from '../src/auth/errors';
import { createGateway } from '../src/http/gateway';
import { refusalsByPrefix } from '../src/http/refusals';
import { restRefusal } from '../src/rest/errors';
import { createApiServer } from '../src/http/server';
import { LOCAL_ANON_KEY } from '../src/keys';
import { authUrl, signUpNew } from './auth-support';
import { backendUrl, database, strongPassword, uniqueEmail } from './shared';

const db = database();
afterAll(() => db.end());

const nul = '\u0000';

async function usersWith(email: string): Promise<number> {
  const { rows } = await db.query<{ count: string }>(
    'select count(*) from auth.users where email = $1',
    [email],
  );
  return Number(rows[0]?.count);
}

function postAuth(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${authUrl}${path}`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function expectValidationFailed(response: Response): Promise<void> {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toContain('application/json');
  expect(await response.json()).toMatchObject({
    code: 'validation_failed',
    error_code: 'validation_failed',
    msg: expect.any(String),
  });
}

describe('auth refuses a NUL character with 400, creating nothing', () => {
  it('in the sign-up e-mail, password and name metadata', async () => {
    const email = uniqueEmail('nul');
    for (const body of [
      { email: `${email}${nul}`, password: strongPassword },
      { email, password: `${strongPassword}${nul}` },
      { email, password: strongPassword, data: { name: `Nul${nul}Name` } },
      { email, password: strongPassword, data: { [`na${nul}me`]: 'x' } },
    ]) {
      await expectValidationFailed(await postAuth('/signup', body));
    }
    expect(await usersWith(email)).toBe(0);
  });

  it('in the sign-in, recover, otp and resend e-mail', async () => {
    const email = uniqueEmail('nul');
    const withNul = `${email}${nul}`;
    await expectValidationFailed(
      await postAuth('/token?grant_type=password', { email: withNul, password: strongPassword }),
    );
    await expectValidationFailed(
      await postAuth('/token?grant_type=password', { email, password: `x${nul}` }),
    );
    await expectValidationFailed(await postAuth('/recover', { email: withNul }));
    await expectValidationFailed(await postAuth('/otp', { email: withNul, create_user: true }));
    await expectValidationFailed(await postAuth('/resend', { type: 'signup', email: withNul }));
    expect(await usersWith(email)).toBe(0);
    const { rows } = await db.query(
      'select 1 from _mailbox.messages where recipients::text like $1',
      [`%${email}%`],
    );
    expect(rows).toHaveLength(0);
  });

  it('in a refresh token and in verify, by body and by link', async () => {
    await expectValidationFailed(
      await postAuth('/token?grant_type=refresh_token', { refresh_token: `abc${nul}` }),
    );
    await expectValidationFailed(
      await postAuth('/verify', { type: 'recovery', token_hash: `abc${nul}` }),
    );
    await expectValidationFailed(
      await postAuth('/verify', { type: 'email', email: uniqueEmail(), token: `12${nul}456` }),
    );
    const link = await fetch(
      `${authUrl}/verify?type=signup&token=abc%00def&redirect_to=${encodeURIComponent('http://localhost:5173')}`,
      { redirect: 'manual' },
    );
    await expectValidationFailed(link);
  });

  it('in a profile update, leaving the profile as it was', async () => {
    const { session } = await signUpNew({ name: 'Before' });
    const response = await fetch(`${authUrl}/user`, {
      method: 'PUT',
      headers: {
        apikey: LOCAL_ANON_KEY,
        Authorization: `Bearer ${session.access_token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ data: { name: `After${nul}` } }),
    });
    await expectValidationFailed(response);
    const { rows } = await db.query<{ name: string }>(
      "select raw_user_meta_data->>'name' as name from auth.users where id = $1",
      [session.user.id],
    );
    expect(rows[0]?.name).toBe('Before');
  });
});

describe('nesting limits', () => {
  it('refuses sign-up metadata nested 5,000 levels with 400', async () => {
    const email = uniqueEmail('deep');
    // Written by hand: JSON.stringify itself runs out of stack at this depth.
    const data = `${'{"next":'.repeat(5000)}"bottom"${'}'.repeat(5000)}`;
    const response = await fetch(`${authUrl}/signup`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
      body: `{"email":${JSON.stringify(email)},"password":${JSON.stringify(strongPassword)},"data":${data}}`,
    });
    await expectValidationFailed(response);
    expect(await usersWith(email)).toBe(0);
  });

  it('refuses an or= filter nested 2,000 levels with 400 PGRST100', async () => {
    const tree = `${'or('.repeat(1999)}id.eq.1${')'.repeat(1999)}`;
    const response = await fetch(`${backendUrl}/rest/v1/books?or=(${tree})`, {
      headers: { apikey: LOCAL_ANON_KEY },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'PGRST100',
      message: expect.stringContaining('failed to parse logic tree'),
      details: expect.stringContaining('at most 32 levels'),
      hint: null,
    });
  });

  it('still reads a logic tree nested a few levels', async () => {
    const response = await fetch(
      `${backendUrl}/rest/v1/books?select=id&or=(and(id.gt.0,or(id.lt.0,id.gt.0)),id.eq.-1)`,
      { headers: { apikey: LOCAL_ANON_KEY } },
    );
    expect(response.status).toBe(200);
  });
});

/** A request on `agent`, answered with its status, body and time to the last byte. */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; agent?: Agent; upload?: number },
): Promise<{ status: number; body: string; ms: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: options.agent },
      (response: IncomingMessage) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body,
            ms: performance.now() - started,
            reused: request.reusedSocket,
          }),
        );
      },
    );
    request.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    // No Content-Length: Node sends the upload chunked, so the limit trips while it is under way.
    const pump = () => {
      while (sent < (options.upload ?? 0)) {
        sent += chunk.length;
        if (!request.write(chunk)) {
          request.once('drain', pump);
          return;
        }
      }
      request.end();
    };
    pump();
  });
}

describe('the connection after a refusal', () => {
  it('answers the next request on a keep-alive connection promptly after a chunked 413', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(`${backendUrl}/rest/v1/books`, {
        method: 'POST',
        headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
        agent,
        upload: 3 * 1024 * 1024,
      });
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toMatchObject({
        code: 'PGRST102',
        message: expect.stringMatching(/larger than 2 MB/),
      });
      const next = await send(`${backendUrl}/auth/v1/health`, { agent });
      expect(next.status).toBe(200);
      expect(next.reused).toBe(true);
      expect(next.ms).toBeLessThan(1000);
    } finally {
      agent.destroy();
    }
  });
});

describe('oversized URLs and headers (the API server and gateway)', () => {
  let url: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const ok = async () => ({ status: 200, body: { ok: true } });
    const refuse = refusalsByPrefix({ '/auth/v1': authRefusal, '/rest/v1': restRefusal });
    const gateway = createGateway({ '/auth/v1': ok, '/rest/v1': ok, '/extra': ok }, console, {
      refuse,
    });
    const server = createApiServer((request, response) => void gateway(request, response), refuse);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
  });
  afterAll(() => close());

  it('answers a URL over 16 KB with 431 JSON in the service shape', async () => {
    const long = 'x'.repeat(17 * 1024);
    const rest = await fetch(`${url}/rest/v1/books?title=eq.${long}`);
    expect(rest.status).toBe(431);
    expect(await rest.json()).toEqual({
      code: 'PGRST100',
      message: expect.stringContaining('URL'),
      details: null,
      hint: null,
    });
    const auth = await fetch(`${url}/auth/v1/verify?token=${long}`);
    expect(auth.status).toBe(431);
    expect(await auth.json()).toMatchObject({ error_code: 'validation_failed' });
    const veryLong = await fetch(`${url}/extra?q=${'y'.repeat(100 * 1024)}`);
    expect(veryLong.status).toBe(431);
    expect(veryLong.headers.get('content-type')).toContain('application/json');
    expect(await veryLong.json()).toMatchObject({ message: expect.any(String) });
  });

  it('answers a 100 KB header with 431 JSON, and the next request is served', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(`${url}/auth/v1/health`, {
        headers: { 'X-Big': 'z'.repeat(100 * 1024) },
        agent,
      });
      expect(refused.status).toBe(431);
      expect(JSON.parse(refused.body)).toMatchObject({
        code: 'validation_failed',
        msg: expect.stringContaining('headers'),
      });
      const next = await send(`${url}/auth/v1/health`, { agent });
      expect(next.status).toBe(200);
      expect(next.ms).toBeLessThan(1000);
    } finally {
      agent.destroy();
    }
  });
});
