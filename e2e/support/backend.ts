import { expect } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { authStorageKey } from '../../src/lib/authStorageKey';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../local-backend/src/keys';

/** The local backend the suite runs against (scripts/e2e-backend.ts) and its seeded accounts. */
export const apiUrl = 'http://127.0.0.1:54321';
export const mailboxUrl = 'http://127.0.0.1:54324';
export const seededPassword = 'Password123';
export const accounts = {
  admin: 'admin@example.com',
  user: 'new@example.com',
} as const;

let counter = 0;
/** An e-mail address no other test uses. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

function client(key = LOCAL_ANON_KEY) {
  return createClient(apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}

/** A new confirmed account, created through the API; resolves to its user id. */
export async function createAccount(
  email: string,
  password: string,
  name = 'Test User',
): Promise<string> {
  const { data, error } = await client().auth.signUp({
    email,
    password,
    options: { data: { name } },
  });
  if (error) throw error;
  if (!data.user) throw new Error(`Sign-up of ${email} returned no user.`);
  return data.user.id;
}

/** Writes a notification for a user as the backend's own jobs do (service role). */
export async function insertNotification(
  userId: string,
  notification: { title: string; message: string; type?: string },
): Promise<void> {
  const { error } = await client(LOCAL_SERVICE_ROLE_KEY)
    .from('notifications')
    .insert({ user_id: userId, type: 'info', ...notification });
  if (error) throw error;
}

/**
 * Browser storage holding a session of `email`, as supabase-js would have stored it after signing in:
 * for Playwright's `storageState`, so a test starts signed in without going through the form.
 */
export async function signedInStorageState(
  email: string,
  password = seededPassword,
  origin = 'http://localhost:4173',
) {
  const { data, error } = await client().auth.signInWithPassword({ email, password });
  if (error) throw error;
  return {
    cookies: [],
    origins: [
      {
        origin,
        localStorage: [{ name: authStorageKey, value: JSON.stringify(data.session) }],
      },
    ],
  };
}

interface MailboxMessage {
  ID: string;
  Subject: string;
}

async function findEmail(email: string, subject: string): Promise<MailboxMessage | undefined> {
  const query = encodeURIComponent(`to:${email}`);
  const response = await fetch(`${mailboxUrl}/api/v1/search?query=${query}`);
  const { messages } = (await response.json()) as { messages: MailboxMessage[] };
  return messages.find((message) => message.Subject === subject);
}

/** The text of the newest e-mail to `email` with `subject`, once it has arrived. */
export async function latestEmailText(email: string, subject: string): Promise<string> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(async () => (found = await findEmail(email, subject)), {
      message: `a "${subject}" e-mail to ${email}`,
    })
    .toBeDefined();
  const response = await fetch(`${mailboxUrl}/api/v1/message/${found?.ID ?? ''}`);
  return ((await response.json()) as { Text: string }).Text;
}
