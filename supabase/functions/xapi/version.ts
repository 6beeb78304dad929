import { XapiError } from './http.ts';

// 1.0 is read as 1.0.0; any 1.0.x is accepted; anything else (0.9, 1.1.0, none) is refused
// (xAPI-Communication 3.3).
const acceptedVersion = /^1\.0(\.\d+)?$/;

export function requireVersionHeader(version: string | null): void {
  if (version === null || version.trim() === '') {
    throw new XapiError(400, 'The X-Experience-API-Version header is required (1.0.3).');
  }
  if (!acceptedVersion.test(version.trim())) {
    throw new XapiError(400, `X-Experience-API-Version ${version} is not supported; use 1.0.3.`);
  }
}
