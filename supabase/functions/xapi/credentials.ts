/**
 * Who is calling: an LRS client by its Basic key and secret (docs/learning-records.md section 2).
 * Launch sessions and signed-in users' Bearer tokens come with the cmi5 slice.
 */
import { requiredSetting } from '../_shared/settings.ts';
import { databaseError, lrsDatabase } from './database.ts';
import { XapiError } from './http.ts';

export interface LrsCredential {
  clientId: string;
  scopes: string[];
  /** The `authority` the LRS writes into what this credential stores. */
  authority: Record<string, unknown>;
}

const siteUrl = () => requiredSetting('SITE_URL').replace(/\/+$/, '');

const challenge = { 'WWW-Authenticate': 'Basic realm="xAPI"' };

function refused(message: string): XapiError {
  return new XapiError(401, message, challenge);
}

function basicPair(authorization: string): { key: string; secret: string } {
  const [scheme, encoded = ''] = authorization.trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() !== 'basic') {
    throw refused('Use Basic credentials (an LRS client key and secret).');
  }
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(atob(encoded), (character) => character.charCodeAt(0)),
    );
  } catch {
    throw refused('The Basic credentials are not valid base64.');
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) throw refused('The Basic credentials must be key:secret.');
  return { key: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export async function authenticate(authorization: string | null): Promise<LrsCredential> {
  if (!authorization) throw refused('Credentials are required.');
  const { key, secret } = basicPair(authorization);
  // Neither can be longer than what create_lrs_client issues; a long guess costs no query.
  if (key.length > 64 || secret.length > 128) throw refused('Unknown or revoked credentials.');
  const { data, error } = await lrsDatabase().rpc('lrs_authenticate', { key, secret });
  if (error) throw databaseError(error);
  const client = (
    data as { client_id: string; client_name: string; client_key: string; scopes: string[] }[]
  )[0];
  if (!client) throw refused('Unknown or revoked credentials.');
  return {
    clientId: client.client_id,
    scopes: client.scopes,
    authority: {
      objectType: 'Agent',
      name: client.client_name,
      account: { homePage: `${siteUrl()}/xapi/clients`, name: client.client_key },
    },
  };
}
