import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { LOCAL_ANON_KEY } from '../src/keys';
import { mailboxReader, type Mail, type TestBackend } from '../src/testing';
import { anonClient, backendUrl, mailboxUrl, strongPassword, uniqueEmail } from './shared';

export const authUrl = `${backendUrl}/auth/v1`;

/** One query on another test backend's database. */
export async function queryOn<T extends pg.QueryResultRow>(
  instance: TestBackend,
  sql: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: instance.dbUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}
export const siteUrl = 'http://localhost:5173';

export interface SignedUp {
  client: SupabaseClient;
  email: string;
  session: Session;
}

export async function signUpNew(data: Record<string, unknown> = {}): Promise<SignedUp> {
  const client = anonClient();
  const email = uniqueEmail('auth');
  const { data: result, error } = await client.auth.signUp({
    email,
    password: strongPassword,
    options: { data },
  });
  expect(error).toBeNull();
  expect(result.session).not.toBeNull();
  return { client, email, session: result.session as Session };
}

export async function signIn(email: string, password = strongPassword): Promise<SignedUp> {
  const client = anonClient();
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return { client, email, session: data.session as Session };
}

/** A refresh through a client of its own, so no client-side state or cache is involved. */
export async function refreshWith(refreshToken: string) {
  return anonClient().auth.refreshSession({ refresh_token: refreshToken });
}

/** A client in the PKCE flow (as @supabase/ssr configures it), its verifier kept in memory. */
export function pkceClient(): SupabaseClient {
  return createClient(backendUrl, LOCAL_ANON_KEY, {
    auth: {
      flowType: 'pkce',
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    realtime: { transport: WebSocket as never },
  });
}

export function authFetch(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${authUrl}${path}`, {
    ...init,
    headers: {
      apikey: LOCAL_ANON_KEY,
      'X-Supabase-Api-Version': '2024-01-01',
      ...(init.body && typeof init.body === 'string' ? { 'Content-Type': 'application/json' } : {}),
      ...init.headers,
    },
  });
}

export function fragmentOf(location: string): URLSearchParams {
  return new URLSearchParams(new URL(location).hash.slice(1));
}

/** The newest message to `address` with `subject`, read back through the Mailpit API. */
export function waitForMail(
  address: string,
  subject: string,
  options: { after?: number; mailbox?: string } = {},
): Promise<Mail> {
  const { after = 0, mailbox = mailboxUrl } = options;
  return mailboxReader(mailbox).waitFor(address, { subject, after, timeoutMs: 5_000 });
}

export function verifyLinkIn(mail: Mail): string {
  const link = /http\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no verification link in: ${mail.text}`);
  return link;
}

export function codeIn(mail: Mail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

export async function requestRecovery(
  email: string,
  redirectTo = `${siteUrl}/change-password`,
  client = anonClient(),
): Promise<Mail> {
  const requestedAt = Date.now() - 1000;
  const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo });
  expect(error).toBeNull();
  return waitForMail(email, 'Reset Your Password', { after: requestedAt });
}

export async function followLink(link: string): Promise<Response> {
  return fetch(link, { redirect: 'manual' });
}

/** Walks the local Google consent page: GET /authorize, then submits the form for `email`. */
export async function consentToGoogle(
  authorizeUrl: string,
  email: string,
  name = '',
): Promise<{ page: string; response: Response }> {
  return consentTo('google', authorizeUrl, { email, name });
}

/**
 * Walks a provider's local consent page: GET the authorize URL, then submits the form with `fields`
 * (an e-mail and name, Microsoft's `domain_verified`, or `cancel`).
 */
export async function consentTo(
  provider: 'google' | 'azure',
  authorizeUrl: string,
  fields: Record<string, string>,
): Promise<{ page: string; response: Response }> {
  const pageResponse = await fetch(authorizeUrl);
  expect(pageResponse.status).toBe(200);
  expect(pageResponse.headers.get('content-type')).toContain('text/html');
  const page = await pageResponse.text();
  const state = /name="state" value="([^"]+)"/.exec(page)?.[1];
  expect(state).toBeTruthy();
  const consentUrl = `${new URL(authorizeUrl).origin}/auth/v1/authorize/${provider}`;
  const response = await fetch(consentUrl, {
    method: 'POST',
    body: new URLSearchParams({ state: state as string, ...fields }),
    redirect: 'manual',
  });
  return { page, response };
}

export const googleAuthorizeUrl = (redirectTo: string) => authorizeUrl('google', redirectTo);

export const authorizeUrl = (provider: string, redirectTo: string, base = authUrl) =>
  `${base}/authorize?provider=${provider}&redirect_to=${encodeURIComponent(redirectTo)}`;
