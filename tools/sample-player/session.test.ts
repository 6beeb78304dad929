import { describe, expect, it } from 'vitest';

// Plain browser modules, loaded by URL (see logic.test.ts).
const load = (file: string) => import(new URL(`./${file}`, import.meta.url).href);
const { Session } = await load('cmi5-session.js');
const { Playback } = await load('playback.js');

const VIDEO = 'https://w3id.org/xapi/video';
const CMI5_CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';

type Statement = { verb: { id: string }; result?: { extensions?: Record<string, unknown> } };
const verbName = (statement: Statement) => statement.verb.id.split('/').pop();

/**
 * Stands in for the @xapi/cmi5 library: records what would reach the LRS, in order. Its methods are
 * on the prototype, as the library's are (the session borrows sendXapiStatement to collect the
 * statements it sends together at the end).
 */
class FakeCmi5 {
  sent: string[] = [];
  statements: Statement[] = [];
  states: unknown[] = [];
  failing = new Set<string>();

  async sendXapiStatement(statement: Statement) {
    const name = verbName(statement) ?? '';
    if (this.failing.has(name)) throw new Error(`${name} refused`);
    this.sent.push(name);
    this.statements.push(statement);
    return [];
  }

  complete({ transform }: { transform: (statement: unknown) => Statement }) {
    return this.sendXapiStatement(
      transform({
        verb: { id: 'http://adlnet.gov/expapi/verbs/completed' },
        result: { completion: true, duration: 'PT1M' },
        context: { contextActivities: { category: [{ id: CMI5_CATEGORY }] } },
      }),
    );
  }

  terminate() {
    return this.sendXapiStatement({ verb: { id: 'http://adlnet.gov/expapi/verbs/terminated' } });
  }

  getAuthToken() {
    return 'token';
  }

  xapi = {
    setState: async ({ state }: { state: unknown }) => {
      this.sent.push('resume');
      this.states.push(state);
    },
    sendStatements: async ({ statements }: { statements: Statement[] }) => {
      this.sent.push(`[${statements.map(verbName).join(', ')}]`);
    },
  };
}

const launch = (launchMode = 'Normal') => ({
  actor: { objectType: 'Agent', account: { homePage: 'http://localhost:5173', name: 'u1' } },
  activityId: 'http://localhost:5173/xapi/activities/module/con',
  registration: '6c3a3e4c-33ad-4b7e-9f5c-2f8f8a6d8f35',
  contextTemplate: {},
  sessionId: 's1',
  launchMode,
  length: 100,
  completionThreshold: 0.5,
});

type Resume = { time: number; played: [number, number][]; unreadable: boolean };

function start(launchMode = 'Normal', resume: Resume = { time: 0, played: [], unreadable: false }) {
  const cmi5 = new FakeCmi5();
  const statuses: string[] = [];
  const session = new Session(cmi5, launch(launchMode), resume, (text: string) =>
    statuses.push(text),
  );
  const playback = new Playback({ length: 100, position: resume.time, played: resume.played });
  session.track(playback, () => ({ yaw: 10, pitch: 0 }));
  session.queue.retryDelayMs = 1;
  /**
   * Plays from `from` (ms) for `seconds`, telling the session each second as the page's timer does;
   * with `settle`, the LRS answers between ticks, as it does in real time.
   */
  const play = async (from: number, seconds: number, { settle = true } = {}) => {
    playback.play(from);
    session.played();
    for (let second = 1; second <= seconds; second += 1) {
      session.advanced(playback.advance(from + second * 1000).playedSeconds);
      if (settle) await session.queue.idle();
    }
  };
  const pause = (at: number) => {
    playback.pause(at);
    session.paused();
  };
  return { cmi5, statuses, session, playback, play, pause };
}

describe('the cmi5 session', () => {
  it('reports playing, progress each tenth, completion once, and saves the resume point', async () => {
    const { cmi5, statuses, session, play, pause } = start();
    expect(statuses).toEqual(['Recording your progress']);
    await play(0, 55);
    pause(55_000);
    await session.queue.idle();
    expect(cmi5.sent).toEqual([
      'played',
      ...Array(5).fill(['progressed', 'resume']).flat(),
      'completed',
      'paused',
      'resume',
    ]);
    expect(cmi5.statements.filter((s) => verbName(s) === 'completed')).toHaveLength(1);
    expect(cmi5.states.at(-1)).toEqual({ time: 55, playedSegments: '0[.]55' });
    expect(statuses.at(-1)).toBe('Completed');
  });

  it('sends progressed after 30 seconds of playing even without new progress', async () => {
    const { cmi5, session, play } = start('Normal', {
      time: 0,
      played: [[0, 100]],
      unreadable: false,
    });
    await play(0, 31);
    await session.queue.idle();
    expect(cmi5.sent.filter((entry) => entry === 'progressed')).toHaveLength(1);
  });

  it('never sends completed in Review, and says the module is completed', async () => {
    const { cmi5, statuses, session, play, pause } = start('Review');
    await play(0, 80);
    pause(80_000);
    await session.queue.idle();
    expect(cmi5.sent).not.toContain('completed');
    expect(cmi5.sent).toContain('paused');
    expect(statuses.at(-1)).toBe('Completed');
  });

  it('starts from the resume point and keeps the restored segments', async () => {
    const { cmi5, session, play, pause } = start('Normal', {
      time: 30,
      played: [[0, 30]],
      unreadable: false,
    });
    await play(0, 5);
    pause(5_000);
    await session.queue.idle();
    const paused = cmi5.statements.find((s) => verbName(s) === 'paused');
    expect(paused?.result?.extensions).toMatchObject({
      [`${VIDEO}/extensions/time`]: 35,
      [`${VIDEO}/extensions/played-segments`]: '0[.]35',
      [`${VIDEO}/extensions/progress`]: 0.35,
    });
  });

  it('says when it could not read the resume point', () => {
    const { statuses } = start('Normal', { time: 0, played: [], unreadable: true });
    expect(statuses[0]).toMatch(/^Recording your progress; where you left off could not be loaded/);
  });

  it('shows a failed send, and tries completed again at the next pause', async () => {
    const { cmi5, statuses, session, play, pause } = start();
    cmi5.failing.add('completed');
    await play(0, 51);
    await session.queue.idle();
    expect(statuses).toContain('Could not save your progress; trying again…');
    expect(statuses.at(-1)).toBe('Not recording: your progress could not be saved.');
    expect(cmi5.sent).not.toContain('completed');
    cmi5.failing.clear();
    pause(51_000);
    await session.queue.idle();
    expect(cmi5.sent.slice(-3)).toEqual(['paused', 'resume', 'completed']);
    expect(statuses.at(-1)).toBe('Completed');
  });

  it('ends with the resume point and paused and terminated in one request, then sends nothing', async () => {
    const { cmi5, session, playback, play } = start();
    await play(0, 5);
    await session.queue.idle();
    cmi5.sent = [];
    session.now = () => 6_000;
    session.close();
    await session.queue.idle();
    expect(playback.playing).toBe(false);
    expect(cmi5.sent).toEqual(['resume', '[paused, terminated]']);
    // The library's own sendXapiStatement is back after being borrowed.
    expect(Object.hasOwn(cmi5, 'sendXapiStatement')).toBe(false);
    session.played();
    session.close();
    await session.queue.idle();
    expect(cmi5.sent).toEqual(['resume', '[paused, terminated]']);
  });

  it('keeps only the latest waiting progress report when the LRS falls behind', async () => {
    const { cmi5, session, play } = start();
    await play(0, 45, { settle: false });
    await session.queue.idle();
    // played went at once; of the four progress reports and resume points that waited behind it,
    // only the last of each is sent, after what came between.
    expect(cmi5.sent).toEqual(['played', 'progressed', 'resume']);
    expect(cmi5.states).toEqual([{ time: 40, playedSegments: '0[.]40' }]);
  });

  it('sends the statements still waiting with terminated when the page goes', async () => {
    const { cmi5, session, playback, play } = start();
    await play(0, 51, { settle: false });
    session.now = () => 51_000;
    session.close();
    await session.queue.idle();
    expect(playback.playing).toBe(false);
    expect(cmi5.sent).toEqual(['played', 'resume', '[progressed, completed, paused, terminated]']);
  });

  it('sends completed with terminated when the threshold was reached just before closing', async () => {
    const { cmi5, session, playback } = start();
    playback.play(0);
    playback.advance(50_000);
    session.now = () => 50_000;
    session.close();
    await session.queue.idle();
    expect(cmi5.sent).toEqual(['resume', '[paused, completed, terminated]']);
  });
});
