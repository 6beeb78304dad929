import { describe, expect, it, vi } from 'vitest';

// The player's modules are plain browser JavaScript, outside the TypeScript program (no allowJs),
// so they are loaded by URL and used untyped here.
const load = (file: string) => import(new URL(`./${file}`, import.meta.url).href);
const { mergeSegments, uniqueSeconds, formatSegments, parseSegments } = await load('segments.js');
const { Playback, ProgressSchedule } = await load('playback.js');
const { hasLaunchParameters, describeLaunch, parseResumeState } = await load('launch.js');
const statements = await load('statements.js');
const { SendQueue } = await load('send-queue.js');
const { formatClock, watchedLabel } = await load('timeline.js');
const { keepaliveAdapter } = await load('keepalive-transport.js');

const VIDEO = 'https://w3id.org/xapi/video';
const CMI5_CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
const SESSION_ID = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';

describe('played segments', () => {
  it('merges overlapping and touching segments, sorted, and drops empty ones', () => {
    expect(
      mergeSegments([
        [10, 20],
        [0, 5],
        [4, 6],
        [20, 25],
        [30, 30],
        [40, 35],
      ]),
    ).toEqual([
      [0, 6],
      [10, 25],
    ]);
  });

  it('counts each second once, within the length', () => {
    expect(
      uniqueSeconds(
        [
          [0, 10],
          [5, 15],
          [100, 130],
        ],
        120,
      ),
    ).toBe(35);
    expect(uniqueSeconds([], 120)).toBe(0);
  });

  it("writes the Video Profile's string, to at most 3 decimals", () => {
    expect(
      formatSegments([
        [10, 20],
        [0, 5.2],
      ]),
    ).toBe('0[.]5.2[,]10[.]20');
    expect(formatSegments([[1.23456, 2.0004]])).toBe('1.235[.]2');
    expect(formatSegments([])).toBe('');
  });

  it('reads the string back, leaving out parts that are not segments', () => {
    expect(parseSegments('0[.]5.2[,]10[.]20')).toEqual([
      [0, 5.2],
      [10, 20],
    ]);
    expect(parseSegments('10[.]20[,]0[.]8[,]7[.]9')).toEqual([
      [0, 9],
      [10, 20],
    ]);
    expect(parseSegments('')).toEqual([]);
    expect(parseSegments('a[.]b[,]5[.]3[,]1[.]2[.]3[,][.]4[,]-1[.]2[,]6[.]8')).toEqual([[6, 8]]);
    const text = '0[.]5.2[,]10[.]20.125';
    expect(formatSegments(parseSegments(text))).toBe(text);
  });
});

describe('playback', () => {
  it('moves by the clock while playing and records what was watched', () => {
    const playback = new Playback({ length: 100 });
    playback.play(1_000);
    playback.advance(11_000);
    expect(playback.time).toBe(10);
    expect(playback.segments).toEqual([[0, 10]]);
    playback.pause(13_500);
    expect(playback.time).toBe(12.5);
    expect(playback.playing).toBe(false);
    // Paused time does not count.
    playback.advance(60_000);
    expect(playback.time).toBe(12.5);
    expect(playback.resumeState).toEqual({ time: 12.5, playedSegments: '0[.]12.5' });
    expect(playback.progress).toBe(0.125);
  });

  it('ends a segment where a seek starts and counts re-watched time once', () => {
    const playback = new Playback({ length: 100 });
    playback.play(0);
    expect(playback.seek(50, 20_000)).toEqual({ from: 20, to: 50 });
    playback.advance(30_000);
    playback.seek(5, 30_000);
    playback.advance(40_000);
    expect(formatSegments(playback.segments)).toBe('0[.]20[,]50[.]60');
    expect(playback.uniqueSeconds).toBe(30);
  });

  it('stops at the end and plays again from the start', () => {
    const playback = new Playback({ length: 10 });
    playback.play(0);
    expect(playback.advance(4_000)).toEqual({ playedSeconds: 4, ended: false });
    expect(playback.advance(20_000)).toEqual({ playedSeconds: 6, ended: true });
    expect(playback.playing).toBe(false);
    expect(playback.progress).toBe(1);
    playback.play(21_000);
    expect(playback.time).toBe(0);
  });

  it('resumes with the restored segments and position', () => {
    const playback = new Playback({ length: 60, position: 30, played: parseSegments('0[.]30') });
    playback.play(0);
    playback.advance(6_000);
    expect(playback.resumeState).toEqual({ time: 36, playedSegments: '0[.]36' });
    expect(playback.progress).toBe(0.6);
  });

  it('reaches a threshold at the precision it keeps time', () => {
    // 0.9 * 13 is 11.700000000000001 in floating point.
    const playback = new Playback({ length: 13, played: [[0, 11.7]] });
    expect(playback.reached(0.9)).toBe(true);
    expect(new Playback({ length: 13, played: [[0, 11.699]] }).reached(0.9)).toBe(false);
  });
});

describe('when progressed is due', () => {
  it('is due at each new tenth watched and after 30 seconds of playing', () => {
    const schedule = new ProgressSchedule(0.25);
    expect(schedule.due(1, 0.29)).toBe(false);
    expect(schedule.due(1, 0.3)).toBe(true);
    schedule.reported(0.3);
    expect(schedule.due(20, 0.3)).toBe(false);
    // Re-watching adds no progress, but 30 seconds of playing are reported.
    expect(schedule.due(10, 0.3)).toBe(true);
    schedule.reported(0.3);
    expect(schedule.due(29, 0.35)).toBe(false);
  });
});

describe('the launch', () => {
  const query = new URLSearchParams({
    endpoint: 'http://127.0.0.1:54321/functions/v1/xapi/',
    fetch: 'http://127.0.0.1:54321/functions/v1/xapi/cmi5/fetch/abc',
    actor: '{"objectType":"Agent","account":{"homePage":"http://localhost:5173","name":"u1"}}',
    registration: '6c3a3e4c-33ad-4b7e-9f5c-2f8f8a6d8f35',
    activityId: 'http://localhost:5173/xapi/activities/module/con',
  });

  it('reports only when all five launch parameters are there', () => {
    expect(hasLaunchParameters(`?${query}`)).toBe(true);
    expect(hasLaunchParameters('')).toBe(false);
    for (const name of query.keys()) {
      const partial = new URLSearchParams(query);
      partial.delete(name);
      expect(hasLaunchParameters(`?${partial}`)).toBe(false);
    }
  });

  it("takes the length and threshold from LaunchData's launchParameters, else the defaults", () => {
    const parameters = {
      actor: { account: { homePage: 'http://localhost:5173', name: 'u1' } },
      activityId: 'http://localhost:5173/xapi/activities/module/con',
      registration: 'r1',
    };
    const defaults = { length: 180, completionThreshold: 0.9 };
    const launch = describeLaunch(
      parameters,
      {
        launchMode: 'Review',
        launchParameters: '{"length": 600, "completionThreshold": 0.8}',
        contextTemplate: { extensions: { [SESSION_ID]: 's1' } },
      },
      defaults,
    );
    expect(launch).toMatchObject({
      length: 600,
      completionThreshold: 0.8,
      launchMode: 'Review',
      sessionId: 's1',
    });
    for (const launchParameters of [
      undefined,
      'not json',
      '[]',
      '{"length": -1, "completionThreshold": 2}',
    ]) {
      expect(describeLaunch(parameters, { launchParameters }, defaults)).toMatchObject({
        length: 180,
        completionThreshold: 0.9,
        launchMode: 'Normal',
        sessionId: undefined,
      });
    }
  });

  it('reads the resume document, tolerating what it cannot use', () => {
    expect(parseResumeState({ time: 42.5, playedSegments: '0[.]42.5' }, 100)).toEqual({
      time: 42.5,
      played: [[0, 42.5]],
    });
    expect(parseResumeState('{"time": 500, "playedSegments": "0[.]10"}', 100)).toEqual({
      time: 100,
      played: [[0, 10]],
    });
    for (const document of [undefined, null, 'nonsense', { time: 'x', playedSegments: 5 }]) {
      expect(parseResumeState(document, 100)).toEqual({ time: 0, played: [] });
    }
  });
});

describe('statements', () => {
  const homePage = 'http://localhost:5173';
  const launch = {
    actor: { objectType: 'Agent', account: { homePage, name: 'u1' } },
    activityId: `${homePage}/xapi/activities/module/con`,
    registration: '6c3a3e4c-33ad-4b7e-9f5c-2f8f8a6d8f35',
    contextTemplate: {
      contextActivities: {
        grouping: [{ objectType: 'Activity', id: `${homePage}/xapi/activities/module/con` }],
        // A template should not carry cmi5's category; if one does, allowed statements drop it.
        category: [{ id: CMI5_CATEGORY }],
      },
      extensions: { [SESSION_ID]: 'session-1' },
    },
    sessionId: 'session-1',
    launchMode: 'Normal',
    length: 600,
    completionThreshold: 0.9,
  };
  const viewport = { yaw: 90, pitch: -5.5 };
  const viewportKey = `${homePage}/xapi/extensions/viewport`;
  const progress = { time: 60, progress: 0.1, playedSegments: '0[.]60', viewport };

  it('gives every video statement the registration, the template, the video context and no cmi5 category', () => {
    for (const statement of [
      statements.playedStatement(launch, { time: 12, viewport }),
      statements.pausedStatement(launch, progress),
      statements.seekedStatement(launch, { from: 10, to: 20, viewport }),
      statements.progressedStatement(launch, progress),
    ]) {
      expect(statement.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(statement.timestamp))).toBe(false);
      expect(statement.actor).toEqual(launch.actor);
      expect(statement.object).toEqual({
        objectType: 'Activity',
        id: launch.activityId,
        definition: { type: `${VIDEO}/activity-type/video` },
      });
      expect(statement.context.registration).toBe(launch.registration);
      expect(statement.context.contextActivities.grouping).toEqual(
        launch.contextTemplate.contextActivities.grouping,
      );
      expect(statement.context.contextActivities.category).toEqual([
        { objectType: 'Activity', id: VIDEO },
      ]);
      expect(statement.context.extensions).toEqual({
        [SESSION_ID]: 'session-1',
        [`${VIDEO}/extensions/length`]: 600,
        [`${VIDEO}/extensions/completion-threshold`]: 0.9,
        [`${VIDEO}/extensions/session-id`]: 'session-1',
        [viewportKey]: viewport,
      });
    }
    // The launch's template is not changed by what is merged into it.
    expect(launch.contextTemplate.contextActivities.category).toEqual([{ id: CMI5_CATEGORY }]);
  });

  it("gives each verb the Video Profile's result extensions", () => {
    const played = statements.playedStatement(launch, { time: 12, viewport });
    expect(played.verb.id).toBe(`${VIDEO}/verbs/played`);
    expect(played.result).toEqual({ extensions: { [`${VIDEO}/extensions/time`]: 12 } });

    const paused = statements.pausedStatement(launch, progress);
    expect(paused.verb.id).toBe(`${VIDEO}/verbs/paused`);
    expect(paused.result.extensions).toEqual({
      [`${VIDEO}/extensions/time`]: 60,
      [`${VIDEO}/extensions/progress`]: 0.1,
      [`${VIDEO}/extensions/played-segments`]: '0[.]60',
    });

    const seeked = statements.seekedStatement(launch, { from: 10, to: 20, viewport });
    expect(seeked.verb.id).toBe(`${VIDEO}/verbs/seeked`);
    expect(seeked.result.extensions).toEqual({
      [`${VIDEO}/extensions/time-from`]: 10,
      [`${VIDEO}/extensions/time-to`]: 20,
    });

    const progressed = statements.progressedStatement(launch, { ...progress, progress: 0.457 });
    expect(progressed.verb.id).toBe('http://adlnet.gov/expapi/verbs/progressed');
    expect(progressed.result.extensions).toEqual({
      [`${VIDEO}/extensions/time`]: 60,
      [`${VIDEO}/extensions/progress`]: 0.457,
      [`${VIDEO}/extensions/played-segments`]: '0[.]60',
      'https://w3id.org/xapi/cmi5/result/extensions/progress': 45,
    });
  });

  it('leaves the viewport out when the actor has no account home page', () => {
    const statement = statements.playedStatement(
      { ...launch, actor: { mbox: 'mailto:a@example.com' } },
      { time: 1, viewport },
    );
    expect(Object.keys(statement.context.extensions)).not.toContain(viewportKey);
  });

  it("adds the video context and what was watched to the library's completed, keeping its categories", () => {
    const libraryCompleted = {
      verb: { id: 'http://adlnet.gov/expapi/verbs/completed' },
      result: { completion: true, duration: 'PT5M' },
      context: {
        registration: launch.registration,
        contextActivities: {
          grouping: launch.contextTemplate.contextActivities.grouping,
          category: [
            { id: CMI5_CATEGORY },
            { id: 'https://w3id.org/xapi/cmi5/context/categories/moveon' },
          ],
        },
        extensions: { [SESSION_ID]: 'session-1' },
      },
    };
    const completed = statements.completedTransform(launch, { ...progress, progress: 0.9 })(
      libraryCompleted,
    );
    expect(completed.result).toEqual({
      completion: true,
      duration: 'PT5M',
      extensions: {
        [`${VIDEO}/extensions/time`]: 60,
        [`${VIDEO}/extensions/progress`]: 0.9,
        [`${VIDEO}/extensions/played-segments`]: '0[.]60',
      },
    });
    expect(completed.context.contextActivities.category.map((a: { id: string }) => a.id)).toEqual([
      CMI5_CATEGORY,
      'https://w3id.org/xapi/cmi5/context/categories/moveon',
      VIDEO,
    ]);
    expect(completed.context.extensions[`${VIDEO}/extensions/session-id`]).toBe('session-1');
    expect(completed.context.extensions[viewportKey]).toEqual(viewport);
  });
});

describe('the send queue', () => {
  it('sends one at a time, in order', async () => {
    const queue = new SendQueue();
    const log: string[] = [];
    let inFlight = 0;
    const send = (name: string, ms: number) => async () => {
      inFlight += 1;
      expect(inFlight).toBe(1);
      log.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      log.push(`end ${name}`);
      inFlight -= 1;
    };
    void queue.enqueue('a', send('a', 30));
    void queue.enqueue('b', send('b', 1));
    await queue.enqueue('c', send('c', 10));
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('retries a failed send once, says so, and moves on after a second failure', async () => {
    const outcomes: string[] = [];
    const queue = new SendQueue({
      retryDelayMs: 1,
      onOutcome: ({ label, outcome }: { label: string; outcome: string }) =>
        outcomes.push(`${label} ${outcome}`),
    });
    const flaky = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(undefined);
    const broken = vi.fn().mockRejectedValue(new Error('down'));
    const fine = vi.fn().mockResolvedValue(undefined);
    expect(await queue.enqueue('flaky', flaky)).toBe(true);
    expect(await queue.enqueue('broken', broken)).toBe(false);
    expect(await queue.enqueue('fine', fine)).toBe(true);
    expect([flaky.mock.calls.length, broken.mock.calls.length, fine.mock.calls.length]).toEqual([
      2, 2, 1,
    ]);
    expect(outcomes).toEqual([
      'flaky retrying',
      'flaky sent',
      'broken retrying',
      'broken failed',
      'fine sent',
    ]);
  });
});

describe('the send queue, superseding and closing', () => {
  it('drops a waiting report that a newer one of its kind supersedes, and sends that last', async () => {
    const queue = new SendQueue();
    const sent: string[] = [];
    const send = (name: string) => async () => {
      sent.push(name);
    };
    const first = queue.enqueue('played', send('played'));
    const dropped = queue.enqueue('p1', send('p1'), { supersedes: 'progress' });
    void queue.enqueue('seeked', send('seeked'));
    const latest = queue.enqueue('p2', send('p2'), { supersedes: 'progress' });
    expect(await Promise.all([first, dropped, latest])).toEqual([true, true, true]);
    expect(sent).toEqual(['played', 'seeked', 'p2']);
  });

  it('answers what had not started when closed, and sends nothing more', async () => {
    const queue = new SendQueue();
    const sent: string[] = [];
    const send = (name: string) => async () => {
      sent.push(name);
    };
    const inFlight = queue.enqueue('a', send('a'));
    const waiting = queue.enqueue('b', send('b'), { statement: () => 'statement b' });
    const left = queue.close();
    expect(left.map((entry: { statement?: () => unknown }) => entry.statement?.())).toEqual([
      'statement b',
    ]);
    expect(await inFlight).toBe(true);
    expect(await waiting).toBe(false);
    expect(await queue.enqueue('c', send('c'))).toBe(false);
    await queue.idle();
    expect(sent).toEqual(['a']);
  });
});

describe('the readouts', () => {
  it('shows time as m:ss and the share watched rounded down', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65.9)).toBe('1:05');
    expect(formatClock(3660)).toBe('61:00');
    expect(watchedLabel(0)).toBe('0% watched');
    expect(watchedLabel(0.29)).toBe('29% watched');
    expect(watchedLabel(0.429)).toBe('42% watched');
    expect(watchedLabel(1)).toBe('100% watched');
  });
});

describe('the keepalive transport', () => {
  it("makes the library's request with keepalive and answers as axios does", async () => {
    const fetch = vi.fn(
      async () => new Response('{"a":1}', { status: 200, headers: { ETag: '"x"' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const config = {
      url: 'http://127.0.0.1:54321/functions/v1/xapi/statements',
      method: 'post',
      headers: { toJSON: () => ({ Authorization: 'Basic dG9rZW4=' }) },
      data: '{"id":"1"}',
    };
    const answer = await keepaliveAdapter(config);
    expect(fetch).toHaveBeenCalledWith(config.url, {
      method: 'POST',
      headers: { Authorization: 'Basic dG9rZW4=' },
      body: '{"id":"1"}',
      keepalive: true,
      credentials: 'omit',
    });
    expect(answer).toMatchObject({ data: '{"a":1}', status: 200, headers: { etag: '"x"' } });
    vi.unstubAllGlobals();
  });

  it('rejects outside 2xx with the status where the session looks for it', async () => {
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 404 }));
    await expect(keepaliveAdapter({ url: 'http://x/', method: 'get' })).rejects.toMatchObject({
      response: { status: 404 },
    });
    vi.unstubAllGlobals();
  });
});
