import { describe, expect, it } from 'vitest';
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
    for (const path of ['/auth/v1/token', '/realtime/v1/websocket', '/player/x/', '/nowhere']) {
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
    expect((await response.json()).message).toMatch(/larger than/);
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
