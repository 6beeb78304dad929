import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  HttpError,
  type ApiResponse,
  type ExtraRoute,
  type ServiceHandler,
} from '@revolve/local-backend';
import { playerPage } from './page';

const moduleCode = /^[A-Za-z0-9_-]+$/;

/** The browser modules beside this file, served as they are (no build step). */
export const playerModules = [
  'viewer.js',
  'panorama.js',
  'timeline.js',
  'playback.js',
  'segments.js',
  'launch.js',
  'statements.js',
  'send-queue.js',
  'keepalive-transport.js',
  'cmi5-session.js',
];

// The published cmi5 library's self-contained browser build (it defines the global Cmi5).
const cmi5Library = createRequire(import.meta.url).resolve('@xapi/cmi5/dist/Cmi5.umd.js');

// Codes cannot contain a dot, so these names never collide with a module's page.
const scripts: Record<string, string> = {
  ...Object.fromEntries(playerModules.map((file) => [`/${file}`, join(import.meta.dirname, file)])),
  '/cmi5.js': cmi5Library,
};

// Framable by the app in development and preview; scripts only from here (works offline). The
// player talks to the LRS, which is on the local backend: connect-src.
const pageHeaders = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
    "connect-src 'self' http://localhost:* http://127.0.0.1:*; " +
    "frame-ancestors 'self' http://localhost:* http://127.0.0.1:*",
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-cache',
};

/** /player/<code>/: a sample 360 player, the local stand-in for the external player host. */
export function createPlayerService(): ServiceHandler {
  const sources = new Map<string, string>();
  const script = (file: string) => {
    if (!sources.has(file)) sources.set(file, readFileSync(file, 'utf8'));
    return sources.get(file) ?? '';
  };

  return async (request): Promise<ApiResponse> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new HttpError(405, { message: 'The sample player only answers GET' });
    }
    const file = scripts[request.path];
    if (file) {
      return {
        status: 200,
        headers: {
          'Content-Type': 'text/javascript; charset=utf-8',
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'no-cache',
        },
        raw: script(file),
      };
    }
    const [, code = '', slash] = /^\/([^/]+)(\/?)$/.exec(request.path) ?? [];
    if (!moduleCode.test(code)) {
      throw new HttpError(404, { message: 'No sample player page here: /player/<module code>/' });
    }
    // The page loads its script relative to the folder, so the address must end with a slash.
    if (!slash) {
      return {
        status: 308,
        headers: { Location: `${request.url.pathname}/${request.url.search}` },
        raw: '',
      };
    }
    return { status: 200, headers: pageHeaders, raw: playerPage(code) };
  };
}

/** The player mounted where VITE_PLAYER_BASE_URL points in development and the end-to-end runs. */
export function samplePlayerRoute(): ExtraRoute {
  return { prefix: '/player', handle: createPlayerService() };
}
