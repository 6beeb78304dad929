import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../src/keys';
import { startTestBackend, type TestBackend } from '../src/testing';
import { strongPassword, uniqueEmail } from './shared';

/** Polls `check` until it answers a value. */
async function eventually<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('an auth request whose database connection is lost', () => {
  let instance: TestBackend;
  beforeAll(async () => {
    instance = await startTestBackend();
  });
  afterAll(() => instance?.stop());

  const signIn = (email: string) =>
    fetch(`${instance.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: strongPassword }),
    });

  it('answers 500 unexpected_failure as GoTrue would, and the next request is served', async () => {
    const email = uniqueEmail('fault');
    const signedUp = await instance.anonClient().auth.signUp({ email, password: strongPassword });
    expect(signedUp.error).toBeNull();

    const admin = new pg.Client({ connectionString: instance.dbUrl });
    admin.on('error', () => undefined);
    await admin.connect();
    try {
      await admin.query('begin');
      await admin.query('lock table auth.users in access exclusive mode');
      const inFlight = signIn(email);
      await eventually('the sign-in to wait on the lock', async () => {
        await admin.query('select pg_stat_clear_snapshot()');
        const { rows } = await admin.query(
          `select 1 from pg_stat_activity
            where wait_event_type = 'Lock' and query like '%auth.users%' and pid <> pg_backend_pid()`,
        );
        return rows.length > 0 ? true : undefined;
      });
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where pid <> pg_backend_pid() and datname = current_database()
            and backend_type = 'client backend'`,
      );
      await admin.query('rollback');

      const answer = await inFlight;
      expect(answer.status).toBe(500);
      expect(await answer.json()).toMatchObject({
        code: 'unexpected_failure',
        msg: 'Unexpected failure, please check server logs for more information',
      });
    } finally {
      await admin.end().catch(() => undefined);
    }

    const again = await eventually('a sign-in again', async () => {
      const response = await signIn(email);
      return response.status === 200 ? response : undefined;
    });
    expect(await again.json()).toMatchObject({ user: { email } });
  }, 60_000);
});
