import { execFile } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startTestBackend, type TestBackend } from '@revolve/local-backend/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerModules, samplePlayerRoute } from './service';

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

  it('has the timeline controls and the hooks tests read', async () => {
    const html = await (await fetch(`${backendUrl}/player/CARD-101/`)).text();
    expect(html).toMatch(/<button type="button" class="play" id="play">Play<\/button>/);
    expect(html).toMatch(/<input type="range"[^>]* aria-label="Position"/);
    expect(html).toContain('<span class="time" id="time">0:00 / 0:00</span>');
    // The status line is the page's only status (an <output> would be one too).
    expect(html).toMatch(/<p class="status" id="status" role="status">/);
    expect(html.match(/role="status"|<output/g)).toEqual(['role="status"']);
    expect(html).toContain('0% watched');
  });

  it('may be framed by the app and loads nothing from elsewhere', async () => {
    const response = await fetch(`${backendUrl}/player/CARD-101/`);
    expect(response.headers.get('x-frame-options')).toBeNull();
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/frame-ancestors [^;]*http:\/\/localhost:\*/);
    expect(policy).toMatch(/frame-ancestors [^;]*http:\/\/127\.0\.0\.1:\*/);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self';");
  });

  it('may reach the LRS on the local backend, and nothing else', async () => {
    const response = await fetch(`${backendUrl}/player/CARD-101/`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("connect-src 'self' http://localhost:* http://127.0.0.1:*;");
  });

  it("serves the published cmi5 library's browser build as cmi5.js", async () => {
    const response = await fetch(`${backendUrl}/player/cmi5.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const library = createRequire(import.meta.url).resolve('@xapi/cmi5/dist/Cmi5.umd.js');
    expect(await response.text()).toBe(await readFile(library, 'utf8'));
  });

  it('serves the viewer scripts, which parse as JavaScript modules', async () => {
    // Every module beside the service, so a new import cannot be left unserved.
    const files = (await readdir(playerDir)).filter((file) => file.endsWith('.js'));
    expect([...playerModules].sort()).toEqual(files.sort());
    for (const file of playerModules) {
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
