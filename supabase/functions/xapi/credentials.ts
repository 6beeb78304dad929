/**
 * Who is calling (docs/learning-records.md section 2): an LRS client by its Basic key and secret, a
 * cmi5 launch session by the Basic token its fetch URL handed out, or a signed-in user by their
 * Bearer access token. The database decides what each may reach.
 */
import { HttpError } from '../_shared/http.ts';
import { requiredSetting } from '../_shared/settings.ts';
import { requireUser } from '../_shared/user.ts';
import { databaseError, lrsDatabase } from './database.ts';
import { XapiError } from './http.ts';
import { type Admission, admit, refuseOverLimit } from './rateLimit.ts';

export interface LrsCredential {
  clientId: string;
  scopes: string[];
  /** The `authority` the LRS writes into what this credential stores. */
  authority: Record<string, unknown>;
}

const siteUrl = () => requiredSetting('SITE_URL').replace(/\/+$/, '');

const challenge = { 'WWW-Authenticate': 'Basic realm="xAPI"' };

// What a signed-in user may do with their session: read their own statements.
const signedInScopes = ['statements/read/mine'];

function refused(message: string): XapiError {
  return new XapiError(401, message, challenge);
}

function basicPair(authorization: string): { key: string; secret: string } {
  const [scheme, encoded = ''] = authorization.trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() !== 'basic') {
    throw refused('Use Basic credentials (an LRS client key and secret) or a Bearer access token.');
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

async function signedInUser(authorization: string): Promise<LrsCredential> {
  try {
    const { userId } = await requireUser(authorization);
    await admit(userId);
    return { clientId: userId, scopes: signedInScopes, authority: {} };
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) {
      throw refused('The access token is not valid. Sign in again.');
    }
    throw error;
  }
}

export async function authenticate(authorization: string | null): Promise<LrsCredential> {
  if (!authorization) throw refused('Credentials are required.');
  if (/^bearer\s/i.test(authorization.trim())) {
    return signedInUser(`Bearer ${authorization.trim().slice('bearer'.length).trim()}`);
  }
  const { key, secret } = basicPair(authorization);
  // Neither can be longer than what create_lrs_client or a launch issues; a long guess costs no query.
  if (key.length > 64 || secret.length > 128) throw refused('Unknown or revoked credentials.');
  const { data, error } = await lrsDatabase().rpc('lrs_authenticate', { key, secret });
  if (error) throw databaseError(error);
  const client = (
    data as ({
      client_id: string;
      client_name: string;
      client_key: string;
      scopes: string[];
      authority: Record<string, unknown> | null;
    } & Admission)[]
  )[0];
  if (!client) throw refused('Unknown or revoked credentials.');
  refuseOverLimit(client);
  return {
    clientId: client.client_id,
    scopes: client.scopes,
    // A launch session's statements are vouched for by the LMS; a client's by the client.
    authority: client.authority ?? {
      objectType: 'Agent',
      name: client.client_name,
      account: { homePage: `${siteUrl()}/xapi/clients`, name: client.client_key },
    },
  };
}
