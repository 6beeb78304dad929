import { describe, expect, it } from 'vitest';
import { startBackend, type ExtraRoute } from '../src/backend';
import { BackendStartError } from '../src/start-error';
import { fixtureSupabaseDir } from '../src/testing';
import { backendUrl } from './shared';

describe('gateway', () => {
  it('answers a CORS preflight with the requested headers allowed', async () => {
    const response = await fetch(`${backendUrl}/rest/v1/books`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers':
          'authorization, apikey, x-client-info, content-type, prefer',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'authorization, apikey, x-client-info, content-type, prefer',
    );
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH');
  });

  it('keeps answering preflights itself outside /functions/v1', async () => {
    for (const path of ['/auth/v1/token', '/realtime/v1/websocket', '/extra/x/', '/nowhere']) {
      const response = await fetch(`${backendUrl}${path}`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' },
      });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('access-control-allow-methods'), path).toContain('POST');
      expect(response.headers.get('access-control-allow-origin'), path).toBe(
        'http://localhost:5173',
      );
    }
  });

  it('answers unknown paths with JSON, never HTML', async () => {
    const response = await fetch(`${backendUrl}/nowhere`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ message: 'no Route matched with those values' });
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await fetch(`${backendUrl}/rest/v1/books`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ message: expect.stringMatching(/larger than/) });
  });

  it('exposes the headers supabase-js reads', async () => {
    const response = await fetch(`${backendUrl}/rest/v1/books`, {
      headers: { Origin: 'http://localhost:5173' },
    });
    expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect(response.headers.get('access-control-expose-headers')).toContain(
      'X-Supabase-Api-Version',
    );
  });
});

describe('extra routes', () => {
  it('serves a route the project adds, below its prefix, with the CORS headers', async () => {
    const response = await fetch(`${backendUrl}/extra/page/?x=1`, {
      headers: { Origin: 'http://localhost:5173' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-extra')).toBe('yes');
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(await response.json()).toEqual({ method: 'GET', path: '/page/', query: '?x=1' });
    const bare = await fetch(`${backendUrl}/extra`);
    expect(await bare.json()).toMatchObject({ path: '/' });
    expect((await fetch(`${backendUrl}/extraneous`)).status).toBe(404);
  });

  it("answers a route's HttpError as JSON, like the services'", async () => {
    const response = await fetch(`${backendUrl}/extra/fail`);
    expect(response.status).toBe(418);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ message: 'refused on purpose' });
  });

  it('refuses a prefix that is not a path or would cover a service, before starting', async () => {
    const handle: ExtraRoute['handle'] = async () => ({ status: 204 });
    for (const [prefix, message] of [
      ['player', 'must be a path such as /player'],
      ['/', 'must be a path such as /player'],
      ['/a?b', 'must be a path such as /player'],
      ['/rest/v1/extra', 'would cover /rest/v1'],
      ['/auth', 'would cover /auth/v1'],
      ['/realtime/v1/', 'would cover /realtime/v1'],
    ] as const) {
      const start = startBackend({
        supabaseDir: fixtureSupabaseDir,
        extraRoutes: [{ prefix, handle }],
      });
      await expect(start, prefix).rejects.toThrow(BackendStartError);
      await expect(start, prefix).rejects.toThrow(message);
    }
    await expect(
      startBackend({
        supabaseDir: fixtureSupabaseDir,
        extraRoutes: [
          { prefix: '/same', handle },
          { prefix: '/same/', handle },
        ],
      }),
    ).rejects.toThrow('Two extra routes share the prefix /same');
  });
});
