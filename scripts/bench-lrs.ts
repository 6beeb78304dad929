/**
 * The Learning Record Store at scale (docs/learning-records.md). Starts a throwaway local backend
 * with this project's migrations and seed, issues an LRS client (scope `all`), makes learners (the
 * seeded `active` learner among them) with a registration for each of three modules and, while
 * public.learning_progress exists, its progress row as a first launch makes it. Then:
 *   1. statements accepted per second when POSTed in batches of 50 (one player's statements in its
 *      registration) by 4 senders, single statements one at a time and by 4 senders, each for 10 s, with p50/p95/p99
 *      per request; targets, printed beside the figures: 1,000 statements/s in batches, p95 under
 *      50 ms for a single statement;
 *   2. seeds the store to --statements (250 a registration, spread over the whole history) straight
 *      into xapi.statements as the database owner, with the filter columns written out and a sample
 *      checked against the functions lrs_store_statements fills them with;
 *   3. times the first page of GET statements?registration= and ?agent= (20 requests each, another
 *      learner's registration or agent each time, after a warm-up) and the `active` learner's
 *      dashboard read of public.learning_progress through supabase-js ("skipped: learning_progress
 *      not in this schema" while that table is missing).
 * Exits 1 when a budgeted read (registration, agent, dashboard) is over 100 ms at p95 or a request
 * fails; the throughput targets do not fail the run. A statement read over budget (every one, with
 * --explain) is followed by the plan, with actual times, of the query lrs_statements ran for it.
 * Usage: npm run bench:lrs [-- [--statements <n>] [--explain]]   (n: default 1,000,000, at least
 * 10,000; e.g. npm run bench:lrs -- --statements 100000 for a quick run)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { clientFor, startTestBackend } from '@revolve/local-backend/testing';
import { LOCAL_PUBLISHABLE_KEY } from '@revolve/local-backend/keys';
import { moduleSlugs } from '../src/content/modules';
import { seeded, seedPassword } from '../supabase/tests/seedAccounts';

const { values: options } = parseArgs({
  options: {
    statements: { type: 'string', default: '1000000' },
    explain: { type: 'boolean', default: false },
  },
});
const STORED_STATEMENTS = Number(options.statements.replaceAll(/[,_]/g, ''));
if (!Number.isInteger(STORED_STATEMENTS) || STORED_STATEMENTS < 10_000) {
  console.error('--statements must be a whole number of at least 10,000.');
  process.exit(2);
}

const BATCH_SIZE = 50;
const SENDERS = 4;
const SEND_SECONDS = 10;
const BATCH_TARGET_PER_SECOND = 1_000;
const SINGLE_TARGET_P95_MS = 50;
const READ_BUDGET_MS = 100;
const READ_REQUESTS = 20;
/**
 * A module's sessions (launched, initialized, video events, terminated) over a few launches: with
 * this many statements per registration, a million statements are 4,000 registrations.
 */
const STATEMENTS_PER_REGISTRATION = 250;
const MODULES_PER_LEARNER = 3;
/** The registrations the POSTing phase spreads its statements over ("a few hundred"). */
const REGISTRATIONS_WHILE_SENDING = 300;
const SEED_CHUNK = 100_000;

const verbs = {
  launched: 'http://adlnet.gov/expapi/verbs/launched',
  initialized: 'http://adlnet.gov/expapi/verbs/initialized',
  played: 'https://w3id.org/xapi/video/verbs/played',
  paused: 'https://w3id.org/xapi/video/verbs/paused',
  seeked: 'https://w3id.org/xapi/video/verbs/seeked',
  progressed: 'http://adlnet.gov/expapi/verbs/progressed',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  terminated: 'http://adlnet.gov/expapi/verbs/terminated',
} as const;
const videoVerbNames = [
  'played',
  'paused',
  'seeked',
  'played',
  'progressed',
  'paused',
] as const satisfies (keyof typeof verbs)[];
const cmi5Category = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
const videoCategory = 'https://w3id.org/xapi/video';
const videoExtension = (name: string) => `https://w3id.org/xapi/video/extensions/${name}`;
const sessionIdExtension = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';
const VIDEO_SECONDS = 1_200;

interface Registration {
  registration: string;
  learnerId: string;
  module: string;
}

interface Sample {
  label: string;
  figure: string;
  timings: number[];
  target: string;
  /** Null when the figure has no target or budget. */
  met: boolean | null;
  /** A budget (not a target): missing it fails the run. */
  budgeted: boolean;
}

/** The element at `index`, which the caller has kept in range. */
function at<T>(list: readonly T[], index: number): T {
  const element = list[index];
  if (element === undefined) throw new Error(`No element ${index} of ${list.length}`);
  return element;
}
const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? NaN;
const ascending = (timings: number[]) => [...timings].sort((a, b) => a - b);
const milliseconds = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));
const whole = (value: number) => Math.round(value).toLocaleString('en-GB');

const backend = await startTestBackend({
  supabaseDir: resolve(import.meta.dirname, '..', 'supabase'),
});
const samples: Sample[] = [];
const failures: string[] = [];
try {
  const { pool } = backend;
  const lrs = `${backend.url}/functions/v1/xapi`;

  const secret = randomBytes(32).toString('hex');
  const key = randomBytes(16).toString('hex');
  const {
    rows: [client],
  } = await pool.query<{ id: string }>(
    `insert into public.lrs_clients (name, key, secret_hash, scopes)
     values ('LRS bench', $1, private.lrs_secret_hash($2), array['all']) returning id`,
    [key, secret],
  );
  if (!client) throw new Error('Could not issue an LRS client.');
  const headers = {
    Authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`,
    'X-Experience-API-Version': '1.0.3',
  };

  // The site URL is the actors' homePage; the LRS writes it into the authority, so one statement
  // stored through the function tells it (and wakes the function's worker).
  const firstPost = await fetch(`${lrs}/statements`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      actor: { objectType: 'Agent', mbox: 'mailto:bench-warm-up@example.org' },
      verb: { id: verbs.initialized },
      object: { objectType: 'Activity', id: 'https://example.org/xapi/activities/warm-up' },
    }),
  });
  if (firstPost.status !== 200)
    throw new Error(`The first POST answered ${firstPost.status}: ${await firstPost.text()}`);
  const [firstId] = (await firstPost.json()) as string[];
  const {
    rows: [stored],
  } = await pool.query<{ authority: { account: { homePage: string } } }>(
    `select statement -> 'authority' as authority from xapi.statements where id = $1`,
    [firstId],
  );
  const siteUrl = stored?.authority.account.homePage.replace(/\/xapi\/clients$/, '');
  if (!stored || !siteUrl) throw new Error('The first statement was not stored with an authority.');
  const moduleIri = (module: string) => `${siteUrl}/xapi/activities/module/${module}`;
  const agentOf = (learnerId: string) => ({
    objectType: 'Agent',
    account: { homePage: siteUrl, name: learnerId },
  });

  // Learners are accounts (learning_progress names them), the seeded learner among them so that the
  // dashboard read can sign in; each has a registration for each of a few modules.
  const registrationCount = Math.ceil(STORED_STATEMENTS / STATEMENTS_PER_REGISTRATION);
  const learnerCount = Math.ceil(registrationCount / MODULES_PER_LEARNER);
  const { rows: learners } = await pool.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, raw_user_meta_data, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated',
       'authenticated', 'lrs-bench-learner-' || n || '@example.org',
       jsonb_build_object('name', 'Bench Learner ' || n), now(), now()
     from generate_series(1, $1::int) as n
     returning id`,
    [learnerCount - 1],
  );
  const learnerIds = [seeded.active.id, ...learners.map(({ id }) => id)];
  const registrations: Registration[] = Array.from({ length: registrationCount }, (_, n) => ({
    registration: randomUUID(),
    learnerId: at(learnerIds, Math.floor(n / MODULES_PER_LEARNER)),
    module: at(moduleSlugs, n % moduleSlugs.length),
  }));

  // A registration as lrs_launch makes it on a first launch, with some progress, so that the POSTs
  // below update progress as a player's statements do and the dashboard read has rows to look
  // through. A schema without the table skips this and the dashboard read.
  const {
    rows: [{ progressTable } = { progressTable: null }],
  } = await pool.query<{ progressTable: string | null }>(
    `select to_regclass('public.learning_progress')::text as "progressTable"`,
  );
  const hasProgressTable = progressTable !== null;
  if (hasProgressTable) {
    await pool.query(
      `insert into public.learning_progress (registration, user_id, module, actor, actor_key,
         activity_id, lms_authority, first_launched_at, last_activity_at, seconds_watched, percent,
         completed_at)
       select r.registration, r.learner_id, r.module, learner.actor, private.xapi_agent_key(learner.actor),
         $4 || '/xapi/activities/module/' || r.module,
         jsonb_build_object('objectType', 'Agent', 'name', 'Revolve',
           'account', jsonb_build_object('homePage', $4::text, 'name', 'revolve-lms')),
         now() - interval '60 days', now() - make_interval(days => (r.n % 30)::int),
         watched.seconds, floor(100.0 * watched.seconds / m.length_seconds),
         case when watched.seconds = m.length_seconds then now() - make_interval(days => (r.n % 30)::int) end
       from unnest($1::uuid[], $2::uuid[], $3::text[]) with ordinality as r (registration, learner_id, module, n)
       join public.learning_modules m on m.slug = r.module
       cross join lateral (select jsonb_build_object('objectType', 'Agent',
         'account', jsonb_build_object('homePage', $4::text, 'name', r.learner_id)) as actor) as learner
       cross join lateral (select case when r.n % 3 = 0 then m.length_seconds
         else ((r.n * 37) % m.length_seconds)::int end as seconds) as watched`,
      [
        registrations.map((r) => r.registration),
        registrations.map((r) => r.learnerId),
        registrations.map((r) => r.module),
        siteUrl,
      ],
    );
    await pool.query('analyze public.learning_progress');
  }

  let sentCount = 0;
  const statementFor = ({ registration, learnerId, module }: Registration) => {
    sentCount += 1;
    const verbName = at(videoVerbNames, sentCount % videoVerbNames.length);
    const position = (sentCount * 7) % VIDEO_SECONDS;
    return {
      id: randomUUID(),
      actor: agentOf(learnerId),
      verb: { id: verbs[verbName], display: { 'en-US': verbName } },
      object: {
        objectType: 'Activity',
        id: moduleIri(module),
        definition: {
          type: 'https://w3id.org/xapi/video/activity-type/video',
          name: { 'en-GB': module },
        },
      },
      result: {
        extensions: {
          [videoExtension('time')]: position,
          [videoExtension('played-segments')]: `${position}[.]${position + 7}`,
          [videoExtension('progress')]: Math.round((position / VIDEO_SECONDS) * 100) / 100,
        },
      },
      context: {
        registration,
        contextActivities: { category: [{ id: videoCategory }] },
        extensions: {
          [sessionIdExtension]: registration,
          [videoExtension('length')]: VIDEO_SECONDS,
        },
      },
      timestamp: new Date().toISOString(),
    };
  };
  const sendingTo = registrations.slice(0, REGISTRATIONS_WHILE_SENDING);
  const someRegistration = () => at(sendingTo, Math.floor(Math.random() * sendingTo.length));

  /** POSTs for SEND_SECONDS from `senders` senders; answers statements accepted and request times. */
  async function send(perRequest: number, senders = SENDERS) {
    const timings: number[] = [];
    let accepted = 0;
    const started = performance.now();
    const until = started + SEND_SECONDS * 1_000;
    await Promise.all(
      Array.from({ length: senders }, async () => {
        while (performance.now() < until) {
          // A player sends its own learner's statements in their registration.
          const registration = someRegistration();
          const statements = Array.from({ length: perRequest }, () => statementFor(registration));
          const sent = performance.now();
          const response = await fetch(`${lrs}/statements`, {
            method: 'POST',
            headers: { ...headers, 'Content-Type': 'application/json' },
            body: JSON.stringify(perRequest === 1 ? statements[0] : statements),
          });
          const answer = await response.text();
          timings.push(performance.now() - sent);
          if (response.status === 200) accepted += perRequest;
          else if (failures.length < 5) failures.push(`POST ${response.status}: ${answer}`);
        }
      }),
    );
    return { perSecond: accepted / ((performance.now() - started) / 1_000), timings };
  }

  const batches = await send(BATCH_SIZE);
  samples.push({
    label: `POST batches of ${BATCH_SIZE}, ${SENDERS} senders, ${SEND_SECONDS} s`,
    figure: `${whole(batches.perSecond)} statements/s`,
    timings: batches.timings,
    target: `>= ${whole(BATCH_TARGET_PER_SECOND)}/s`,
    met: batches.perSecond >= BATCH_TARGET_PER_SECOND,
    budgeted: false,
  });
  // One at a time, as one player sends: the latency a learner's statement meets.
  const oneAtATime = await send(1, 1);
  const oneAtATimeP95 = percentile(ascending(oneAtATime.timings), 0.95);
  samples.push({
    label: `POST single statements, one at a time, ${SEND_SECONDS} s`,
    figure: `${whole(oneAtATime.perSecond)} statements/s`,
    timings: oneAtATime.timings,
    target: `p95 < ${SINGLE_TARGET_P95_MS} ms`,
    met: oneAtATimeP95 < SINGLE_TARGET_P95_MS,
    budgeted: false,
  });
  // Many players at once: what the LRS accepts a second when every request carries one statement.
  const singles = await send(1);
  samples.push({
    label: `POST single statements, ${SENDERS} senders, ${SEND_SECONDS} s`,
    figure: `${whole(singles.perSecond)} statements/s`,
    timings: singles.timings,
    target: '',
    met: true,
    budgeted: false,
  });

  // Seeding: statement n goes to registration n mod the registrations, so each registration's
  // statements are spread over the whole history as concurrent learners' are; a registration's
  // k-th statement takes its verb from its place in a session of 50.
  const seedingStarted = performance.now();
  const seeder = await pool.connect();
  try {
    await seeder.query(`
      create temporary table bench_registrations (
        n int primary key, registration uuid, learner_id uuid, module text)`);
    await seeder.query(
      `insert into bench_registrations
       select n - 1, registration, learner_id, module
       from unnest($1::uuid[], $2::uuid[], $3::text[]) with ordinality as r (registration, learner_id, module, n)`,
      [
        registrations.map((r) => r.registration),
        registrations.map((r) => r.learnerId),
        registrations.map((r) => r.module),
      ],
    );
    const {
      rows: [{ count: alreadyStored = 0 } = {}],
    } = await seeder.query<{ count: number }>('select count(*)::int as count from xapi.statements');
    const toSeed = Math.max(0, STORED_STATEMENTS - alreadyStored);
    const authority = stored.authority;
    const {
      rows: [{ authorityKey } = { authorityKey: '' }],
    } = await seeder.query<{ authorityKey: string }>(
      `select private.xapi_agent_key($1) as "authorityKey"`,
      [JSON.stringify(authority)],
    );
    for (let first = 1; first <= toSeed; first += SEED_CHUNK) {
      const last = Math.min(toSeed, first + SEED_CHUNK - 1);
      await seeder.query(
        `insert into xapi.statements (id, statement, stored, lrs_client_id, agent_keys,
           related_agent_keys, verb_id, activity_id, related_activity_ids, registration)
         select (final ->> 'id')::uuid, final, stored_at, $4, array[agent_key],
           array[agent_key, $8], verb, activity_id, array[activity_id, category], registration
         from (
           select stored_at, verb, agent_key, activity_id, category, r.registration,
             jsonb_build_object(
               'id', gen_random_uuid(),
               'actor', jsonb_build_object('objectType', 'Agent',
                 'account', jsonb_build_object('homePage', $5::text, 'name', r.learner_id)),
               'verb', jsonb_build_object('id', verb, 'display',
                 jsonb_build_object('en-US', regexp_replace(verb, '^.*/', ''))),
               'object', jsonb_build_object('objectType', 'Activity',
                 'id', activity_id,
                 'definition', jsonb_build_object(
                   'type', 'https://w3id.org/xapi/video/activity-type/video',
                   'name', jsonb_build_object('en-GB', r.module))),
               'result', jsonb_build_object('extensions', jsonb_build_object(
                 '${videoExtension('time')}', at,
                 '${videoExtension('played-segments')}', at || '[.]' || at + 7,
                 '${videoExtension('progress')}', round(at / ${VIDEO_SECONDS}.0, 2))),
               'context', jsonb_build_object(
                 'registration', r.registration,
                 'contextActivities', jsonb_build_object('category', jsonb_build_array(
                   jsonb_build_object('id', category))),
                 'extensions', jsonb_build_object(
                   '${sessionIdExtension}', r.registration,
                   '${videoExtension('length')}', ${VIDEO_SECONDS})),
               'timestamp', private.xapi_timestamp(stored_at),
               'stored', private.xapi_timestamp(stored_at),
               'authority', $6::jsonb,
               'version', '1.0.0') as final
           from (
             select n, stored_at, (n * 7) % ${VIDEO_SECONDS} as at,
               case (n / $3) % 50
                 when 0 then '${verbs.launched}' when 1 then '${verbs.initialized}'
                 when 49 then '${verbs.terminated}' when 48 then '${verbs.completed}'
                 else (array['${verbs.played}', '${verbs.paused}', '${verbs.seeked}',
                   '${verbs.progressed}'])[1 + n % 4] end as verb
             from generate_series($1::int, $2::int) as n,
               lateral (select date_trunc('milliseconds',
                 now() - make_interval(secs => ($7::int - n) * 8)) as stored_at) as moment
           ) as numbered
           join bench_registrations r on r.n = numbered.n % $3,
             lateral (select 'account:' || $5 || ' ' || r.learner_id as agent_key,
               $5 || '/xapi/activities/module/' || r.module as activity_id,
               case when verb like '%/video/%' then '${videoCategory}' else '${cmi5Category}' end
                 as category) as derived
         ) as built`,
        [
          first,
          last,
          registrationCount,
          client.id,
          siteUrl,
          JSON.stringify(authority),
          toSeed,
          authorityKey,
        ],
      );
      process.stdout.write(`\rSeeded ${whole(last)} of ${whole(toSeed)} statements`);
    }
    process.stdout.write('\n');
    // As a store at rest: autovacuum and the checkpointer would otherwise be writing out the new
    // rows during the reads.
    await seeder.query('vacuum (analyze) xapi.statements');
    await seeder.query('checkpoint');
    // The filter columns are written out above because lrs_store_statements's functions cost
    // milliseconds a statement; a sample proves they hold what those functions would have made.
    const sorted = (array: string) => `(select array_agg(e order by e) from unnest(${array}) e)`;
    const {
      rows: [{ differing = 0 } = {}],
    } = await seeder.query<{ differing: number }>(
      `select count(*)::int as differing
       from (select * from xapi.statements where lrs_client_id = $1 order by seq desc limit 1000) s
       where ${sorted('agent_keys')} is distinct from ${sorted('private.xapi_statement_agent_keys(statement)')}
         or ${sorted('related_agent_keys')} is distinct from ${sorted('private.xapi_related_agent_keys(statement)')}
         or activity_id is distinct from private.xapi_object_activity_id(statement)
         or ${sorted('related_activity_ids')} is distinct from ${sorted('private.xapi_related_activity_ids(statement)')}
         or verb_id is distinct from statement -> 'verb' ->> 'id'
         or registration is distinct from (statement -> 'context' ->> 'registration')::uuid`,
      [client.id],
    );
    if (differing > 0)
      throw new Error(
        `${differing} of 1,000 seeded statements differ from what the LRS would store.`,
      );
  } finally {
    seeder.release();
  }
  const seedingMs = performance.now() - seedingStarted;
  const {
    rows: [{ total = 0 } = {}],
  } = await pool.query<{ total: number }>('select count(*)::int as total from xapi.statements');
  samples.push({
    label: `Seeding to ${whole(total)} statements`,
    figure: `${(seedingMs / 1_000).toFixed(1)} s`,
    timings: [],
    target: '',
    met: null,
    budgeted: false,
  });

  /**
   * The plan, with actual times, of the slowest statement lrs_statements runs inside for a query
   * (its dynamic list query): auto_explain sends nested statements' plans as notices.
   */
  async function slowestPlanOf(clientId: string, query: Record<string, unknown>) {
    const connection = await pool.connect();
    const plans: { milliseconds: number; plan: string }[] = [];
    connection.on('notice', ({ message = '' }) => {
      const logged = /^duration: ([\d.]+) ms\s+plan:\n([\s\S]*)$/.exec(message);
      if (logged?.[2] && !/Query Text: select public\.lrs_statements/.test(logged[2]))
        plans.push({ milliseconds: Number(logged[1]), plan: logged[2] });
    });
    try {
      await connection.query(`load 'auto_explain'`);
      await connection.query(`
        set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on;
        set auto_explain.log_buffers = on; set auto_explain.log_nested_statements = on;
        set client_min_messages = log`);
      await connection.query('select public.lrs_statements($1, $2)', [
        clientId,
        JSON.stringify(query),
      ]);
    } finally {
      // auto_explain stays loaded in the session: the connection is not given back to the pool.
      connection.release(true);
    }
    plans.sort((a, b) => b.milliseconds - a.milliseconds);
    return plans[0]?.plan ?? '(no plan logged)';
  }

  /** Median and p95 of READ_REQUESTS reads, each after one warm-up read of its own kind. */
  async function timeReads(
    label: string,
    read: (round: number) => Promise<{ ok: boolean; rows: number; detail: string }>,
  ) {
    const warmUp = await read(READ_REQUESTS);
    if (!warmUp.ok) failures.push(`${label}: ${warmUp.detail}`);
    const timings: number[] = [];
    let rows = 0;
    for (let round = 0; round < READ_REQUESTS; round += 1) {
      const started = performance.now();
      const result = await read(round);
      timings.push(performance.now() - started);
      rows += result.rows;
      if (!result.ok && failures.length < 10) failures.push(`${label}: ${result.detail}`);
    }
    const p95 = percentile(ascending(timings), 0.95);
    samples.push({
      label,
      figure: `${whole(rows / READ_REQUESTS)} rows a read`,
      timings,
      target: `p95 <= ${READ_BUDGET_MS} ms`,
      met: p95 <= READ_BUDGET_MS,
      budgeted: true,
    });
  }
  /** A different learner each round, spread over all of them. */
  const spread = (round: number) =>
    at(registrations, Math.floor(((round + 0.5) * registrations.length) / (READ_REQUESTS + 1)));
  const readStatements = async (query: string) => {
    const response = await fetch(`${lrs}/statements?${query}`, { headers });
    const body = await response.text();
    if (response.status !== 200)
      return { ok: false, rows: 0, detail: `${response.status} ${body}` };
    const { statements } = JSON.parse(body) as { statements: unknown[] };
    return { ok: statements.length > 0, rows: statements.length, detail: 'no statements' };
  };
  await timeReads('GET statements?registration= (first page)', (round) =>
    readStatements(`registration=${spread(round).registration}`),
  );
  await timeReads('GET statements?agent= (first page)', (round) =>
    readStatements(`agent=${encodeURIComponent(JSON.stringify(agentOf(spread(round).learnerId)))}`),
  );
  const plans: [string, Record<string, unknown>][] = [
    ['GET statements?registration= (first page)', { registration: spread(0).registration }],
    ['GET statements?agent= (first page)', { agent: agentOf(spread(0).learnerId) }],
  ];
  for (const [label, query] of plans) {
    const sample = samples.find((candidate) => candidate.label === label);
    if (!options.explain && sample?.met !== false) continue;
    console.log(`\nPlan of the query lrs_statements runs for ${label}, ${JSON.stringify(query)}:`);
    console.log(await slowestPlanOf(client.id, query));
  }

  if (!hasProgressTable) {
    samples.push({
      label: 'Dashboard: learning_progress, own rows',
      figure: 'skipped: learning_progress not in this schema',
      timings: [],
      target: '',
      met: null,
      budgeted: false,
    });
  } else {
    const learner = clientFor(backend.url, LOCAL_PUBLISHABLE_KEY);
    const { error } = await learner.auth.signInWithPassword({
      email: seeded.active.email,
      password: seedPassword,
    });
    if (error) throw error;
    await timeReads('Dashboard: learning_progress, own rows', async () => {
      const { data, error: readError } = await learner
        .from('learning_progress')
        .select(
          'registration, module, first_launched_at, last_activity_at, seconds_watched, percent, completed_at',
        );
      if (readError) return { ok: false, rows: 0, detail: readError.message };
      return { ok: data.length > 0, rows: data.length, detail: 'no rows of their own' };
    });
  }

  console.log(
    `\nLRS bench: ${whole(total)} statements stored, ${whole(registrationCount)} registrations of ${whole(learnerCount)} learners`,
  );
  const columns = [46, 30, 9, 9, 9, 16];
  const row = (cells: string[]) =>
    cells
      .map((cell, i) => (i < 2 ? cell.padEnd(at(columns, i)) : cell.padStart(at(columns, i))))
      .join('');
  console.log(row(['Measure', 'Figure', 'p50 ms', 'p95 ms', 'p99 ms', 'Target']) + '  Result');
  for (const sample of samples) {
    const sorted = ascending(sample.timings);
    const verdict =
      sample.met === null ? '' : sample.met ? 'ok' : sample.budgeted ? 'OVER BUDGET' : 'misses';
    console.log(
      row([
        sample.label,
        sample.figure,
        milliseconds(percentile(sorted, 0.5)),
        milliseconds(percentile(sorted, 0.95)),
        milliseconds(percentile(sorted, 0.99)),
        sample.target,
      ]) + `  ${verdict}`,
    );
  }
  const over = samples.filter((sample) => sample.budgeted && sample.met === false);
  if (failures.length > 0) console.error(`\nFailed requests:\n  ${failures.join('\n  ')}`);
  if (over.length > 0)
    console.error(`\nOver budget: ${over.map((sample) => sample.label).join(', ')}`);
  if (over.length > 0 || failures.length > 0) process.exitCode = 1;
} finally {
  await backend.stop();
}
