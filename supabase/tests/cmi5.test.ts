/**
 * The portal as cmi5 LMS (docs/learning-records.md section 4): launch-module's launches, the one-time
 * fetch URL, what a launch token and a signed-in user's token reach in the LRS, and the progress the
 * statements keep in public.learning_progress. Called as the app and a player call them.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  moduleSlugs,
  modules,
  type ModuleDetails,
  type ModuleSlug,
} from '../../src/content/modules';
import {
  anonClient,
  awayFromMinuteEnd,
  database,
  newUser,
  seeded,
  serviceClient,
  signedIn,
} from './project';
import {
  lrs,
  playerUrl,
  cmi5Category,
  sessionIdExtension,
  playedSegments,
  verbs,
  type Session,
  bearer,
  requestLaunch,
  launch,
  fetchToken,
  startSession,
  stateQuery,
  xapi,
  statement,
  send,
  statementsOf,
} from './cmi5Learner';

type ProgressRow = {
  registration: string;
  module: string;
  seconds_watched: number;
  percent: number;
  completed_at: string | null;
};

async function progressOf(client: SupabaseClient): Promise<ProgressRow[]> {
  const { data, error } = await client
    .from('learning_progress')
    .select('registration, module, seconds_watched, percent, completed_at');
  expect(error).toBeNull();
  return data as ProgressRow[];
}

const verbIds = (statements: Record<string, unknown>[]) =>
  statements.map((s) => (s.verb as { id: string }).id);

let admin: SupabaseClient;

beforeAll(async () => {
  admin = await signedIn(seeded.admin.email);
});

describe('the catalogue', () => {
  it('learning_modules holds every catalogue module, with its title, outcomes, a length and a threshold, for anyone', async () => {
    const { data, error } = await anonClient()
      .from('learning_modules')
      .select('slug, title, learning_outcomes, length_seconds, completion_threshold');
    expect(error).toBeNull();
    expect((data ?? []).map((row) => row.slug).sort()).toEqual([...moduleSlugs].sort());
    for (const row of data ?? []) {
      expect(row.title).toBe(modules[row.slug as ModuleSlug].title);
      // The outcomes certificates print are the ones the module's page lists, in its order.
      const { details } = (await import(`../../src/content/moduleDetails/${row.slug}.ts`)) as {
        details: ModuleDetails;
      };
      expect(row.learning_outcomes).toEqual(details.outcomes.flatMap((group) => [...group.items]));
      expect(row.length_seconds).toBeGreaterThan(0);
      expect(Number(row.completion_threshold)).toBe(0.9);
    }
  });
});

describe('launch-module', () => {
  it('launches: the launched statement and LMS.LaunchData are written before the player loads', async () => {
    const learner = await newUser('Launch Learner');
    const session = await startSession(learner.client);
    expect(session.actor).toEqual({
      objectType: 'Agent',
      account: { homePage: 'http://localhost:5173', name: learner.id },
    });
    expect(session.activityId).toBe('http://localhost:5173/xapi/activities/module/rural-minds');
    expect(session.launchMode).toBe('Normal');

    const launchData = (await (
      await xapi(session.authorization, `activities/state?${stateQuery(session)}`)
    ).json()) as Record<string, unknown>;
    expect(launchData).toEqual({
      contextTemplate: {
        contextActivities: { grouping: [{ objectType: 'Activity', id: session.activityId }] },
        extensions: { [sessionIdExtension]: session.sessionId },
      },
      launchMode: 'Normal',
      launchMethod: 'AnyWindow',
      moveOn: 'Completed',
      launchParameters: '{"length": 1500, "completionThreshold": 0.90}',
    });

    const [launched] = await statementsOf(
      session.authorization,
      `registration=${session.registration}`,
    );
    expect(launched).toMatchObject({
      actor: session.actor,
      verb: { id: verbs.launched },
      object: { id: session.activityId },
      context: {
        registration: session.registration,
        contextActivities: { category: [{ id: cmi5Category }] },
        extensions: {
          [sessionIdExtension]: session.sessionId,
          'https://w3id.org/xapi/cmi5/context/extensions/launchmode': 'Normal',
          'https://w3id.org/xapi/cmi5/context/extensions/launchurl': playerUrl,
          'https://w3id.org/xapi/cmi5/context/extensions/moveon': 'Completed',
        },
      },
      authority: { account: { homePage: 'http://localhost:5173', name: 'revolve-lms' } },
    });
    // No e-mail address reaches a player host or a statement.
    expect(JSON.stringify(launched)).not.toContain(learner.email);
  });

  it('keeps one registration per learner and module across launches', async () => {
    const learner = await newUser('Returning Learner');
    const first = await launch(learner.client);
    const second = await launch(learner.client);
    expect(second.registration).toBe(first.registration);
    expect(second.fetchCode).not.toBe(first.fetchCode);
    expect((await progressOf(learner.client)).map((row) => row.registration)).toEqual([
      first.registration,
    ]);
  });

  it('refuses a module the learner has not opened (403), an unknown one or a bad player address (400), and no session (401)', async () => {
    const learner = await newUser('Locked Learner');
    const token = await bearer(learner.client);
    const locked = await requestLaunch(token, 'dementia');
    expect(locked.status).toBe(403);
    expect(await locked.json()).toEqual({
      error: 'Unlock this module before starting its training',
    });
    expect((await requestLaunch(token, 'not-a-module')).status).toBe(400);
    expect((await requestLaunch(token, 'Bad Slug!')).status).toBe(400);
    expect((await requestLaunch(undefined, 'rural-minds')).status).toBe(401);
    for (const address of [`${playerUrl}\u0000`, `${playerUrl}\u0001x`, 'javascript:alert(1)']) {
      const refused = await requestLaunch(token, 'rural-minds', address);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: 'playerUrl: must be an http(s) address' });
      // The database refuses it too, whoever calls.
      const direct = await serviceClient().rpc('lrs_launch', {
        user_id: learner.id,
        module: 'rural-minds',
        site_url: 'http://127.0.0.1:54321',
        launch_url: address.replace('\u0000', '\u0002'),
      });
      expect(direct.error?.code).toBe('22023');
    }
    const forged = `Bearer ${token.split('.').slice(0, 2).join('.')}.forged`;
    expect((await requestLaunch(forged, 'rural-minds')).status).toBe(401);
    expect(await progressOf(learner.client)).toEqual([]);
  });

  it('launches a module unlocked during a trial while the trial lasts, not after it ends', async () => {
    // Both unlocked dementia during a trial (seed.sql); only the first trial is still active.
    const active = await signedIn(seeded.active.email);
    expect((await launch(active, 'dementia')).launchMode).toBe('Normal');
    const ended = await signedIn(seeded.retrial.email);
    expect((await requestLaunch(await bearer(ended), 'dementia')).status).toBe(403);
  });
});

describe('the fetch URL', () => {
  it('answers the token once; again is error-code 1, an unknown code 2 (cmi5 8.2.3)', async () => {
    const learner = await newUser('Fetch Learner');
    const launched = await launch(learner.client);
    const first = await fetchToken(launched.fetchCode);
    expect(first.status).toBe(200);
    const token = ((await first.json()) as { 'auth-token': string })['auth-token'];
    expect(Buffer.from(token, 'base64').toString()).toMatch(/^cmi5:[0-9a-f]{64}$/);
    const again = await fetchToken(launched.fetchCode);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ 'error-code': '1' });
    expect(await (await fetchToken('0'.repeat(48))).json()).toMatchObject({ 'error-code': '2' });
    expect(await (await fetchToken('not-a-code')).json()).toMatchObject({ 'error-code': '2' });
    expect((await fetch(`${lrs}/cmi5/fetch/${launched.fetchCode}`)).status).toBe(405);
  });

  it('of two fetches at once, exactly one gets the token', async () => {
    const learner = await newUser('Racing Learner');
    const launched = await launch(learner.client);
    const answers = await Promise.all(
      Array.from({ length: 5 }, async () => (await fetchToken(launched.fetchCode)).json()),
    );
    expect(answers.filter((answer) => 'auth-token' in (answer as object))).toHaveLength(1);
  });
});

describe('a launch token', () => {
  let learner: { client: SupabaseClient; id: string };
  let session: Session;
  let other: Session;

  beforeAll(async () => {
    learner = await newUser('Token Learner');
    session = await startSession(learner.client);
    other = await startSession((await newUser('Other Learner')).client);
  });

  it("writes its learner's statements in its registration, and nothing else", async () => {
    await send(session, statement(session, verbs.initialized));
    const cases = [
      { ...statement(session, verbs.played), actor: other.actor },
      {
        ...statement(session, verbs.played),
        context: { registration: other.registration },
      },
      { ...statement(session, verbs.played), context: {} },
      {
        ...statement(session, verbs.voided),
        object: { objectType: 'StatementRef', id: randomUUID() },
      },
    ];
    for (const refused of cases) {
      const response = await xapi(session.authorization, 'statements', { body: refused });
      expect(response.status).toBe(403);
    }
  });

  it("reads its learner's statements in its registration only", async () => {
    const read = await statementsOf(session.authorization, '');
    expect(read.length).toBeGreaterThan(0);
    for (const found of read) {
      expect(found.actor).toEqual(session.actor);
      expect((found.context as { registration: string }).registration).toBe(session.registration);
    }
    const othersStatements = await statementsOf(
      session.authorization,
      `registration=${other.registration}`,
    );
    expect(othersStatements).toEqual([]);
  });

  it("reaches its learner's state in its registration and reads their agent profile, no one else's", async () => {
    const put = await xapi(
      session.authorization,
      `activities/state?${stateQuery(session, 'resume')}`,
      {
        method: 'PUT',
        body: { time: 12 },
      },
    );
    expect(put.status).toBe(204);
    const othersState = await xapi(session.authorization, `activities/state?${stateQuery(other)}`);
    expect(othersState.status).toBe(403);
    const otherRegistration = await xapi(
      session.authorization,
      `activities/state?${stateQuery({ ...session, registration: other.registration })}`,
    );
    expect(otherRegistration.status).toBe(403);
    // cmi5's learner preferences: the LMS writes them, the AU reads its learner's and writes none.
    const preferences = (agent: unknown) =>
      `agents/profile?${new URLSearchParams({ agent: JSON.stringify(agent), profileId: 'cmi5LearnerPreferences' })}`;
    const mine = await xapi(session.authorization, preferences(session.actor));
    expect(await mine.json()).toEqual({ languagePreference: 'en-GB', audioPreference: 'on' });
    expect((await xapi(session.authorization, preferences(other.actor))).status).toBe(403);
    const writeProfile = await xapi(session.authorization, preferences(session.actor), {
      method: 'PUT',
      body: { languagePreference: 'en-GB' },
    });
    expect(writeProfile.status).toBe(403);
    const activityProfile = await xapi(
      session.authorization,
      `activities/profile?${new URLSearchParams({ activityId: session.activityId, profileId: 'x' })}`,
    );
    expect(activityProfile.status).toBe(403);
  });

  it('is refused once its session has terminated (401)', async () => {
    const ending = await startSession(learner.client);
    await send(ending, statement(ending, verbs.initialized), statement(ending, verbs.terminated));
    const after = await xapi(ending.authorization, 'statements', {
      body: statement(ending, verbs.played),
    });
    expect(after.status).toBe(401);
  });

  it('forged or another scheme is 401', async () => {
    const forged = `Basic ${Buffer.from(`cmi5:${'0'.repeat(64)}`).toString('base64')}`;
    expect((await xapi(forged, 'statements')).status).toBe(401);
  });
});

describe('progress', () => {
  it('counts the union of played segments once, then completes: satisfied, completed_at, Review', async () => {
    const learner = await newUser('Progress Learner');
    const session = await startSession(learner.client);
    await send(
      session,
      statement(session, verbs.initialized),
      statement(session, verbs.progressed, { extensions: { [playedSegments]: '0[.]300' } }),
      // Overlapping and repeated segments count once; a malformed one adds nothing.
      statement(session, verbs.progressed, {
        extensions: { [playedSegments]: '0[.]300[,]200[.]450[,]oops[,]9[.]3' },
      }),
    );
    expect(await progressOf(learner.client)).toEqual([
      {
        registration: session.registration,
        module: 'rural-minds',
        seconds_watched: 450,
        percent: 30,
        completed_at: null,
      },
    ]);

    // Past the module's end counts up to its length only.
    await send(
      session,
      statement(session, verbs.progressed, { extensions: { [playedSegments]: '0[.]9999' } }),
      {
        ...statement(session, verbs.completed, { completion: true, duration: 'PT25M' }),
        context: {
          registration: session.registration,
          contextActivities: { category: [{ id: cmi5Category }] },
          extensions: { [sessionIdExtension]: session.sessionId },
        },
      },
    );
    const [done] = await progressOf(learner.client);
    expect(done).toMatchObject({ seconds_watched: 1500, percent: 100 });
    expect(done?.completed_at).not.toBeNull();

    const verbsStored = verbIds(
      await statementsOf(session.authorization, 'ascending=true&limit=100'),
    );
    expect(verbsStored.filter((verb) => verb === verbs.satisfied)).toHaveLength(1);
    expect(verbsStored.indexOf(verbs.satisfied)).toBe(verbsStored.indexOf(verbs.completed) + 1);

    // A second completed changes nothing; the module reopens for review on the same registration.
    await send(session, statement(session, verbs.completed, { completion: true }));
    expect((await progressOf(learner.client))[0]?.completed_at).toBe(done?.completed_at);
    const review = await launch(learner.client);
    expect(review).toMatchObject({ registration: session.registration, launchMode: 'Review' });
  });

  it('a relaunch abandons the session that never terminated', async () => {
    const learner = await newUser('Abandoning Learner');
    const first = await startSession(learner.client);
    await send(first, statement(first, verbs.initialized));
    const second = await startSession(learner.client);
    const stored = await statementsOf(second.authorization, 'ascending=true');
    const abandoned = stored.filter(
      (found) => (found.verb as { id: string }).id === verbs.abandoned,
    );
    expect(abandoned).toHaveLength(1);
    expect(abandoned[0]).toMatchObject({
      context: { extensions: { [sessionIdExtension]: first.sessionId } },
      result: { duration: expect.stringMatching(/^PT\d+(\.\d+)?S$/) as unknown },
    });
    // The first session's token ended with it.
    const late = await xapi(first.authorization, 'statements', {
      body: statement(first, verbs.played),
    });
    expect(late.status).toBe(401);
  });
});

describe('an LRS client writing for registrations', () => {
  it('batches naming the same registrations in other orders, sent at once, all land (no deadlock)', async () => {
    const { data, error } = await admin
      .rpc('create_lrs_client', { name: 'Importing client', scopes: ['all'] })
      .single<{ secret: string; lrs_client: { key: string } }>();
    if (error || !data) throw new Error(`create_lrs_client: ${error?.message}`);
    const client = `Basic ${Buffer.from(`${data.lrs_client.key}:${data.secret}`).toString('base64')}`;
    const sessions = await Promise.all(
      ['Import One', 'Import Two', 'Import Three'].map(async (name) =>
        startSession((await newUser(name)).client),
      ),
    );
    const batch = (order: Session[]) =>
      order.flatMap((session) =>
        Array.from({ length: 5 }, () =>
          statement(session, verbs.progressed, { extensions: { [playedSegments]: '0[.]60' } }),
        ),
      );
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        xapi(client, 'statements', {
          body: batch(index % 2 === 0 ? sessions : [...sessions].reverse()),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    // A client's statements for a registration count towards its progress too.
    const [first] = sessions;
    const stored = await statementsOf(
      first?.authorization ?? '',
      `registration=${first?.registration}`,
    );
    expect(stored.length).toBeGreaterThan(0);
  });
});

describe('sessions nobody closed', () => {
  it('are abandoned hourly once their credential has run out (12 hours)', async () => {
    const learner = await newUser('Vanished Learner');
    const session = await startSession(learner.client);
    await send(session, statement(session, verbs.initialized));
    const fresh = await startSession((await newUser('Present Learner')).client);
    await database().query(
      "update xapi.launch_sessions set launched_at = launched_at - interval '13 hours' where id = $1",
      [session.sessionId],
    );
    const { data, error } = await serviceClient().rpc('abandon_stale_sessions');
    expect(error).toBeNull();
    expect(data).toBeGreaterThanOrEqual(1);
    const abandoned = await database().query<{ n: number }>(
      `select count(*)::int as n from xapi.statements
       where registration = $1 and verb_id = $2`,
      [session.registration, verbs.abandoned],
    );
    expect(abandoned.rows[0]?.n).toBe(1);
    // A live session is left alone, and a second run abandons nothing twice.
    expect((await xapi(fresh.authorization, 'statements?limit=1')).status).toBe(200);
    await serviceClient().rpc('abandon_stale_sessions');
    const again = await database().query<{ n: number }>(
      'select count(*)::int as n from xapi.statements where registration = $1 and verb_id = $2',
      [session.registration, verbs.abandoned],
    );
    expect(again.rows[0]?.n).toBe(1);
    const job = await database().query<{ schedule: string; command: string }>(
      "select schedule, command from cron.job where jobname = 'abandon-stale-sessions'",
    );
    expect(job.rows).toEqual([
      { schedule: '17 * * * *', command: 'select public.abandon_stale_sessions()' },
    ]);
  });
});

describe('rate limits', () => {
  it("over a credential's requests a minute, the LRS answers 429 with Retry-After", async () => {
    const learner = await newUser('Hasty Learner');
    const session = await startSession(learner.client);
    // Counted per calendar minute: the request that fills the count and the next share one.
    await awayFromMinuteEnd();
    expect((await xapi(session.authorization, 'statements?limit=1')).status).toBe(200);
    await database().query(
      `update xapi.request_counts set requests = 240
       where credential_id = $1 and minute = date_trunc('minute', now())`,
      [session.sessionId],
    );
    const limited = await xapi(session.authorization, 'statements?limit=1');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: string }).error).toMatch(
      /^Too many requests: these credentials may make 240 a minute\. Try again in \d+ seconds\.$/,
    );
    // Another learner's session is not held back by this one's count.
    const other = await startSession((await newUser('Patient Learner')).client);
    expect((await xapi(other.authorization, 'statements?limit=1')).status).toBe(200);
  });
});

describe('reading statements with a Supabase session', () => {
  it('a signed-in user reads their own statements only, and writes none', async () => {
    const learner = await newUser('Reading Learner');
    const session = await startSession(learner.client);
    await send(session, statement(session, verbs.initialized));
    const other = await startSession((await newUser('Unread Learner')).client);
    await send(other, statement(other, verbs.initialized));

    const token = await bearer(learner.client);
    const mine = await statementsOf(token, 'limit=100');
    expect(mine.length).toBeGreaterThanOrEqual(2);
    for (const found of mine) expect(found.actor).toEqual(session.actor);
    expect(await statementsOf(token, `registration=${other.registration}`)).toEqual([]);
    const write = await xapi(token, 'statements', { body: statement(session, verbs.played) });
    expect(write.status).toBe(403);
    const state = await xapi(token, `activities/state?${stateQuery(session)}`);
    expect(state.status).toBe(403);
    expect((await xapi('Bearer not-a-token', 'statements')).status).toBe(401);
  });
});

describe('learning_progress and the learning summary', () => {
  it('a learner reads only their own rows; anon none; nobody writes through the API', async () => {
    const learner = await newUser('Private Learner');
    await launch(learner.client);
    const other = await newUser('Curious Learner');
    expect(await progressOf(other.client)).toEqual([]);
    const anonymous = await anonClient().from('learning_progress').select('registration');
    expect(anonymous.data ?? []).toEqual([]);
    const played = await learner.client.from('learning_progress').select('played');
    expect(played.error?.code).toBe('42501');
    const [row] = await progressOf(learner.client);
    const update = await learner.client
      .from('learning_progress')
      .update({ percent: 100 })
      .eq('registration', row?.registration ?? '');
    expect(update.error?.code).toBe('42501');
    const insert = await learner.client
      .from('learning_progress')
      .insert({ user_id: learner.id, module: 'dementia' } as never);
    expect(insert.error?.code).toBe('42501');
    for (const name of ['lrs_launch', 'lrs_fetch_token'] as const) {
      const { error } = await learner.client.rpc(name, {} as never);
      expect([name, error?.code]).toEqual([name, expect.stringMatching(/^(42501|PGRST202)$/)]);
    }
  });

  it('admins at aal2 read starts, completions and median minutes per module; learners are refused', async () => {
    const learner = await newUser('Summary Learner');
    await startSession(learner.client);
    const { data, error } = await admin.rpc('admin_learning_summary', { days: 30 });
    expect(error).toBeNull();
    const row = (data as { module: string; starts: number; completions: number }[]).find(
      (found) => found.module === 'rural-minds',
    );
    expect(row?.starts).toBeGreaterThanOrEqual(1);
    const refused = await learner.client.rpc('admin_learning_summary', { days: 30 });
    expect(refused.error?.code).toBe('42501');
    const service = await serviceClient().rpc('admin_learning_summary', { days: 0 });
    expect(service.error?.code).toBe('PT400');
  });
});
