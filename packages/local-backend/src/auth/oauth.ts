import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpError, type ApiRequest, type ApiResponse } from '../http/types';
import { LOCAL_JWT_SECRET } from '../keys';
import { inTransaction, type AuthContext, type Db } from './context';
import { consentPage } from './consent-page';
import { authError, validationFailed } from './errors';
import { beforeUserCreatedHook } from './hooks';
import { oauthProvider, type ConsentedAccount, type OAuthProvider } from './oauth-providers';
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
 * Sign-in with Google or Microsoft without either: /authorize serves a consent page where the
 * developer picks an account (or types an address); submitting it signs that account in as GoTrue
 * would after the provider's callback, creating it with the provider's identity on first use.
 */

interface ConsentState {
  provider: OAuthProvider['name'];
  redirectTo: string;
  challenge?: CodeChallenge;
  expiresAt: number;
}

const stateLifetimeMs = 10 * 60 * 1000;

/** GET /authorize?provider=google|azure&redirect_to=…[&code_challenge=…][&skip_http_redirect=true] */
export async function authorize(context: AuthContext, request: ApiRequest): Promise<ApiResponse> {
  const query = request.url.searchParams;
  const name = query.get('provider');
  if (!name) throw validationFailed('Unsupported provider: missing provider');
  const provider = oauthProvider(name);
  if (!provider?.enabled(context.settings)) {
    throw validationFailed('Unsupported provider: provider is not enabled');
  }
  const state = sealState({
    provider: provider.name,
    redirectTo: allowedRedirect(query.get('redirect_to'), context.settings),
    challenge: codeChallengeFrom(query.get('code_challenge'), query.get('code_challenge_method')),
    expiresAt: Date.now() + stateLifetimeMs,
  });
  if (query.get('skip_http_redirect') === 'true') {
    const url = `${context.externalUrl}/authorize/${provider.name}?state=${encodeURIComponent(state)}`;
    return { status: 200, body: { url } };
  }
  return consentPage(context, provider, state);
}

/** GET /authorize/{provider}?state=… (where skip_http_redirect sends the browser). */
export async function showConsent(
  context: AuthContext,
  request: ApiRequest,
  params: { provider: string },
): Promise<ApiResponse> {
  const state = request.url.searchParams.get('state') ?? '';
  const consent = openState(state, params.provider);
  return consentPage(context, providerOf(consent), state);
}

/**
 * POST /authorize/{provider}: the consent form. Signs the account in and 302s back to the app, or,
 * cancelled or refused, back with the error GoTrue forwards from the provider's callback.
 */
export async function submitConsent(
  context: AuthContext,
  request: ApiRequest,
  params: { provider: string },
): Promise<ApiResponse> {
  const form = formBody(request);
  const state = form.get('state') ?? '';
  const consent = openState(state, params.provider);
  const provider = providerOf(consent);
  if (form.get('cancel') !== null) {
    return redirectWithError(consent.redirectTo, {
      error: 'access_denied',
      description: provider.cancelDescription,
    });
  }
  let email: string;
  try {
    email = normalizeEmail(form.get('email') ?? '');
  } catch {
    return consentPage(context, provider, state, 'Enter a valid e-mail address.', 400);
  }
  context.limits.check('sign_in_sign_ups', request);
  const account: ConsentedAccount = {
    email,
    name: (form.get('name') ?? '').trim(),
    // An unticked box is absent from the form; a form without the box is Google's.
    domainVerified: !provider.asksDomainVerified || form.get('domain_verified') === 'on',
  };
  const subject = provider.subject(email);
  const identityData = provider.identityData(account, subject);
  const decision = await linkingDecision(context, provider, subject, identityData);
  if (decision.kind === 'refuse') {
    return redirectWithError(consent.redirectTo, {
      error: 'access_denied',
      code: 'provider_email_needs_verification',
      description: `Unverified email with ${provider.name}. Verify the email with ${provider.name} in order to sign in`,
    });
  }
  if (decision.kind === 'create') {
    try {
      await beforeUserCreatedHook(context, request, {
        email,
        provider: provider.name,
        userMetadata: identityData,
      });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return consentPage(context, provider, state, error.message, error.status);
    }
  }

  const location = await inTransaction(context.pool, async (client) => {
    const user =
      decision.kind === 'create'
        ? await insertUser(client, {
            email,
            passwordHash: null,
            confirmed: true,
            provider: provider.name,
            providerId: subject,
            identityData,
            userMetadata: {},
          })
        : await signInExisting(client, decision.user, provider, subject, identityData);
    if (consent.challenge) {
      const code = await createFlowState(client, {
        userId: user.id,
        challenge: consent.challenge,
        providerType: provider.name,
        method: 'oauth',
        issued: true,
      });
      return withQuery(consent.redirectTo, [['code', code]]);
    }
    const session = await startSession(context, client, user, 'oauth', request, provider.name);
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

type LinkingDecision = { kind: 'create' } | { kind: 'sign-in'; user: UserRow } | { kind: 'refuse' };

/**
 * GoTrue's automatic linking (models.DetermineAccountLinking): a returning identity signs its user
 * in; otherwise an address the provider vouches for (or any address while e-mail confirmations are
 * off, GoTrue's mailer autoconfirm) joins the account that has it. An address nobody vouches for is
 * refused; GoTrue would also leave an unconfirmed account behind and e-mail a confirmation link,
 * which the stand-in does not.
 */
async function linkingDecision(
  context: AuthContext,
  provider: OAuthProvider,
  subject: string,
  identityData: Metadata,
): Promise<LinkingDecision> {
  const { rows } = await context.pool.query<{ user_id: string }>(
    'select user_id from auth.identities where provider = $1 and provider_id = $2',
    [provider.name, subject],
  );
  const returning = rows[0] && (await findUserById(context.pool, rows[0].user_id));
  if (returning) return { kind: 'sign-in', user: returning };
  const vouched = identityData.email_verified === true || !context.settings.enableConfirmations;
  if (!vouched) return { kind: 'refuse' };
  const existing = await findUserByEmail(context.pool, identityData.email as string);
  return existing ? { kind: 'sign-in', user: existing } : { kind: 'create' };
}

async function signInExisting(
  db: Db,
  existing: UserRow,
  provider: OAuthProvider,
  subject: string,
  identityData: Metadata,
): Promise<UserRow> {
  const { rowCount } = await db.query(
    `update auth.identities set identity_data = identity_data || $3::jsonb, updated_at = now()
      where provider = $4 and provider_id = $1 and user_id = $2`,
    [subject, existing.id, identityData, provider.name],
  );
  if (!rowCount) await insertIdentity(db, existing.id, provider.name, subject, identityData);
  const unconfirmed = !existing.email_confirmed_at;
  if (unconfirmed) {
    // GoTrue's guard against pre-account takeover (User.RemoveUnconfirmedIdentities): whoever
    // signed the address up without confirming it loses the password, identities and metadata.
    await db.query(
      `delete from auth.identities where user_id = $1 and not (provider = $2 and provider_id = $3)`,
      [existing.id, provider.name, subject],
    );
    await db.query(`update auth.users set encrypted_password = '' where id = $1`, [existing.id]);
  }
  const providers = new Set<string>(
    Array.isArray(existing.raw_app_meta_data?.providers) && !unconfirmed
      ? (existing.raw_app_meta_data.providers as string[])
      : [],
  );
  providers.add(provider.name);
  // Linked only because the address is vouched for (linkingDecision), so it counts as confirmed.
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
        provider: (!unconfirmed && existing.raw_app_meta_data?.provider) || provider.name,
        providers: [...providers],
      },
      unconfirmed
        ? identityData
        : mergeMetadata(existing.raw_user_meta_data, {
            ...identityData,
            sub: existing.raw_user_meta_data?.sub ?? subject,
          }),
    ],
  );
  return (await findUserById(db, existing.id)) ?? existing;
}

/**
 * Back to the app with a refusal, as GoTrue's callback forwards one: in the query (beside what the
 * redirect URL had) and, for the browser client, in the fragment without empty values.
 */
function redirectWithError(
  redirectTo: string,
  failure: { error: string; description: string; code?: string },
): ApiResponse {
  const query: [string, string][] = [
    ['error', failure.error],
    ['error_description', failure.description],
  ];
  if (failure.code) query.push(['error_code', failure.code]);
  const url = new URL(withQuery(redirectTo, query));
  url.hash = new URLSearchParams([
    ...query.filter(([, value]) => value !== ''),
    ['sb', ''],
  ]).toString();
  return {
    status: 302,
    headers: { Location: url.toString(), 'Cache-Control': 'no-store' },
    raw: '',
  };
}

function providerOf(consent: ConsentState): OAuthProvider {
  const provider = oauthProvider(consent.provider);
  if (!provider) throw badState();
  return provider;
}

function stateSignature(payload: string): Buffer {
  return createHmac('sha256', LOCAL_JWT_SECRET).update(`oauth-consent:${payload}`).digest();
}

function sealState(state: ConsentState): string {
  const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${payload}.${stateSignature(payload).toString('base64url')}`;
}

const badState = () =>
  authError(
    400,
    'bad_oauth_state',
    'OAuth state is invalid or has expired: start the sign-in again',
  );

/**
 * The consent's parameters, if the state is this server's, for this provider's page and not older
 * than ten minutes.
 */
function openState(state: string, provider: string): ConsentState {
  const [payload = '', signature = ''] = state.split('.');
  const expected = stateSignature(payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badState();
  let consent: ConsentState;
  try {
    consent = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ConsentState;
  } catch {
    throw badState();
  }
  if (typeof consent.expiresAt !== 'number' || consent.expiresAt < Date.now()) throw badState();
  if (consent.provider !== provider) throw badState();
  return consent;
}
