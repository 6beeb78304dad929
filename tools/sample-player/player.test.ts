import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startTestBackend, type TestBackend } from '@revolve/local-backend/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePlayerRoute } from './service';

const playerDir = import.meta.dirname;
let instance: TestBackend;
let backendUrl: string;

// Mounted as the app's scripts mount it, so the gateway's answers (JSON errors, CORS) are tested too.
beforeAll(async () => {
  instance = await startTestBackend({ extraRoutes: [samplePlayerRoute()] });
  backendUrl = instance.url;
});
afterAll(() => instance?.stop());

describe('sample 360 player', () => {
  it('serves the player page for a module code', async () => {
    const response = await fetch(`${backendUrl}/player/CARD-101_b/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<title>Revolve 360 sample player - CARD-101_b</title>');
    expect(html).toContain('data-module-code="CARD-101_b"');
    expect(html).toContain('<script type="module" src="../viewer.js"></script>');
  });

  it('may be framed by the app and loads nothing from elsewhere', async () => {
    const response = await fetch(`${backendUrl}/player/CARD-101/`);
    expect(response.headers.get('x-frame-options')).toBeNull();
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/frame-ancestors [^;]*http:\/\/localhost:\*/);
    expect(policy).toMatch(/frame-ancestors [^;]*http:\/\/127\.0\.0\.1:\*/);
    expect(policy).toContain("default-src 'self'");
  });

  it('serves the viewer scripts, which parse as JavaScript modules', async () => {
    for (const file of ['viewer.js', 'panorama.js']) {
      const response = await fetch(`${backendUrl}/player/${file}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(await response.text()).toBe(await readFile(join(playerDir, file), 'utf8'));
      // package.json says "type": "module", so node checks them as ES modules.
      await expect(
        promisify(execFile)(process.execPath, ['--check', join(playerDir, file)]),
      ).resolves.toBeDefined();
    }
  });

  it('redirects a code without the trailing slash to the page', async () => {
    const response = await fetch(`${backendUrl}/player/CARD-101?start=1`, { redirect: 'manual' });
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('/player/CARD-101/?start=1');
  });

  it('answers JSON 404 for anything that is not a module code', async () => {
    for (const path of ['/player/', '/player/bad.code/', '/player/bad%20code/', '/player/a/b/']) {
      const response = await fetch(`${backendUrl}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toEqual({ message: expect.stringContaining('/player/') });
    }
  });

  it('answers only GET', async () => {
    const response = await fetch(`${backendUrl}/player/CARD-101/`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});
