import { inject } from 'vitest';
import pg from 'pg';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../src/keys';
import { clientFor } from '../src/testing';

/** The suite's shared backend (started once in test/setup.ts). */
export const backendUrl = inject('backendUrl');
export const mailboxUrl = inject('mailboxUrl');
export const dbUrl = inject('dbUrl');

export const anonClient = () => clientFor(backendUrl, LOCAL_ANON_KEY);
export const serviceClient = () => clientFor(backendUrl, LOCAL_SERVICE_ROLE_KEY);

/** A direct database connection as postgres, for setting up and checking what the API did. */
export function database(): pg.Pool {
  return new pg.Pool({ connectionString: dbUrl, max: 2 });
}

let counter = 0;
/** An e-mail address no other test uses. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

export const strongPassword = 'Password123';
