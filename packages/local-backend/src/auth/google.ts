import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { HttpError, type ApiRequest, type ApiResponse } from '../http/types';
import { LOCAL_JWT_SECRET } from '../keys';
import { inTransaction, type AuthContext, type Db } from './context';
import { consentPage } from './consent-page';
import { authError, validationFailed } from './errors';
import { beforeUserCreatedHook } from './hooks';
import { codeChallengeFrom, createFlowState, type CodeChallenge } from './pkce';
import { allowedRedirect, withFragment, withQuery } from './redirects';
import { formBody, normalizeEmail } from './request';
import { startSession } from './sessions';
import {
  findUserByEmail,
  findUserById,
  insertIdentity,
  insertUser,
  mergeMetadata,
  type Metadata,
  type UserRow,
} from './users';

/**
 * Google sign-in without Google: /authorize serves a consent page where the developer picks an
 * account (or types an address); submitting it signs that account in as Google would, creating it
 * with a 'google' identity on first use.
 */

interface ConsentState {
  redirectTo: string;
  challenge?: CodeChallenge;
  expiresAt: number;
}

const stateLifetimeMs = 10 * 60 * 1000;
const consentPath = '/authorize/google';

/** GET /authorize?provider=google&redirect_to=…[&code_challenge=…][&skip_http_redirect=true] */
export async function authorize(context: AuthContext, request: ApiRequest): Promise<ApiResponse> {
  const query = request.url.searchParams;
  const provider = query.get('provider');
  if (!provider) throw validationFailed('Unsupported provider: missing provider');
  if (provider !== 'google' || !context.settings.googleEnabled) {
    throw validationFailed('Unsupported provider: provider is not enabled');
  }
  const state = sealState({
    redirectTo: allowedRedirect(query.get('redirect_to'), context.settings),
    challenge: codeChallengeFrom(query.get('code_challenge'), query.get('code_challenge_method')),
    expiresAt: Date.now() + stateLifetimeMs,
  });
  if (query.get('skip_http_redirect') === 'true') {
    return {
      status: 200,
      body: { url: `${context.externalUrl}${consentPath}?state=${encodeURIComponent(state)}` },
    };
  }
  return consentPage(context, state);
}

/** GET /authorize/google?state=… (where skip_http_redirect sends the browser). */
export async function showConsent(context: AuthContext, request: ApiRequest): Promise<ApiResponse> {
  const state = request.url.searchParams.get('state') ?? '';
  openState(state);
  return consentPage(context, state);
}

/** POST /authorize/google: the consent form. Signs the account in and 302s back to the app. */
export async function submitConsent(
  context: AuthContext,
  request: ApiRequest,
): Promise<ApiResponse> {
  const form = formBody(request);
  const state = form.get('state') ?? '';
  const consent = openState(state);
  let email: string;
  try {
    email = normalizeEmail(form.get('email') ?? '');
  } catch {
    return consentPage(context, state, 'Enter a valid e-mail address.', 400);
  }
  context.limits.check('sign_in_sign_ups', request);
  const name = (form.get('name') ?? '').trim();
  if (!(await findUserByEmail(context.pool, email))) {
    try {
      await beforeUserCreatedHook(context, request, {
        email,
        provider: 'google',
        userMetadata: { email, email_verified: true, ...(name ? { name, full_name: name } : {}) },
      });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return consentPage(context, state, error.message, error.status);
    }
  }

  const location = await inTransaction(context.pool, async (client) => {
    const user = await signInGoogleAccount(client, email, name);
    if (consent.challenge) {
      const code = await createFlowState(client, {
        userId: user.id,
        challenge: consent.challenge,
        providerType: 'google',
        method: 'oauth',
        issued: true,
      });
      return withQuery(consent.redirectTo, [['code', code]]);
    }
    const session = await startSession(context, client, user, 'oauth', request, 'google');
    return withFragment(consent.redirectTo, [
      ['access_token', session.access_token],
      ['expires_at', String(session.expires_at)],
      ['expires_in', String(session.expires_in)],
      ['provider_token', 'local'],
      ['refresh_token', session.refresh_token],
      ['sb', ''],
      ['token_type', 'bearer'],
    ]);
  });
  return { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' }, raw: '' };
}

/** A stable stand-in for Google's numeric subject id, so the same address is the same identity. */
function googleSubject(email: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(email).digest('hex').slice(0, 24)}`)
    .toString()
    .padStart(20, '0')
    .slice(0, 20);
  return `1${digits}`;
}

async function signInGoogleAccount(db: Db, email: string, name: string): Promise<UserRow> {
  const subject = googleSubject(email);
  const identityData: Metadata = {
    iss: 'https://accounts.google.com',
    sub: subject,
    email,
    email_verified: true,
    phone_verified: false,
    provider_id: subject,
    ...(name ? { name, full_name: name } : {}),
  };
  const existing = await findUserByEmail(db, email);
  if (!existing) {
    return insertUser(db, {
      email,
      passwordHash: null,
      confirmed: true,
      provider: 'google',
      providerId: subject,
      identityData,
      userMetadata: {},
    });
  }

  const { rowCount } = await db.query(
    `update auth.identities set identity_data = identity_data || $3::jsonb, updated_at = now()
      where provider = 'google' and provider_id = $1 and user_id = $2`,
    [subject, existing.id, identityData],
  );
  if (!rowCount) await insertIdentity(db, existing.id, 'google', subject, identityData);
  const providers = new Set<string>(
    Array.isArray(existing.raw_app_meta_data?.providers)
      ? (existing.raw_app_meta_data.providers as string[])
      : [],
  );
  providers.add('google');
  // Google vouches for the address, as GoTrue trusts a verified provider e-mail.
  await db.query(
    `update auth.users
        set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || $2::jsonb,
            raw_user_meta_data = $3,
            email_confirmed_at = coalesce(email_confirmed_at, now()),
            updated_at = now()
      where id = $1`,
    [
      existing.id,
      {
        provider: existing.raw_app_meta_data?.provider ?? 'google',
        providers: [...providers],
      },
      mergeMetadata(existing.raw_user_meta_data, {
        ...identityData,
        sub: existing.raw_user_meta_data?.sub ?? subject,
      }),
    ],
  );
  return (await findUserById(db, existing.id)) ?? existing;
}

function stateSignature(payload: string): Buffer {
  return createHmac('sha256', LOCAL_JWT_SECRET).update(`google-consent:${payload}`).digest();
}

function sealState(state: ConsentState): string {
  const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${payload}.${stateSignature(payload).toString('base64url')}`;
}

/** The consent's parameters, if the state is this server's and not older than ten minutes. */
function openState(state: string): ConsentState {
  const invalid = () =>
    authError(
      400,
      'bad_oauth_state',
      'OAuth state is invalid or has expired: start the sign-in again',
    );
  const [payload = '', signature = ''] = state.split('.');
  const expected = stateSignature(payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let consent: ConsentState;
  try {
    consent = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ConsentState;
  } catch {
    throw invalid();
  }
  if (typeof consent.expiresAt !== 'number' || consent.expiresAt < Date.now()) throw invalid();
  return consent;
}
