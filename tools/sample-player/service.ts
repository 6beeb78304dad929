import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  HttpError,
  type ApiResponse,
  type ExtraRoute,
  type ServiceHandler,
} from '@revolve/local-backend';
import { playerPage } from './page';

const moduleCode = /^[A-Za-z0-9_-]+$/;

// Codes cannot contain a dot, so these names never collide with a module's page.
const scripts: Record<string, string> = {
  '/viewer.js': 'viewer.js',
  '/panorama.js': 'panorama.js',
};

// Framable by the app in development and preview; nothing is loaded from elsewhere (works offline).
const pageHeaders = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
    "frame-ancestors 'self' http://localhost:* http://127.0.0.1:*",
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-cache',
};

/** /player/<code>/: a sample 360 player, the local stand-in for the external player host. */
export function createPlayerService(): ServiceHandler {
  const sources = new Map<string, string>();
  const script = (file: string) => {
    if (!sources.has(file))
      sources.set(file, readFileSync(join(import.meta.dirname, file), 'utf8'));
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
