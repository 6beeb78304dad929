/* global document, URL, setTimeout, clearTimeout */
/**
 * The player as a cmi5 assignable unit: the published @xapi/cmi5 library (served beside this file
 * as cmi5.js) fetches the token, reads LMS.LaunchData and sends initialized, completed and
 * terminated; this module adds the Video Profile statements and the `resume` state document, all
 * through one queue so they reach the LRS in order.
 */
import { useKeepalive } from './keepalive-transport.js';
import { describeLaunch, parseResumeState } from './launch.js';
import { ProgressSchedule } from './playback.js';
import { SendQueue } from './send-queue.js';
import {
  completedTransform,
  pausedStatement,
  playedStatement,
  progressedStatement,
  seekedStatement,
} from './statements.js';

const libraryUrl = new URL('./cmi5.js', import.meta.url).href;
const startTimeoutMs = 15_000;
const resumeStateId = 'resume';

/**
 * @typedef {import('./launch.js').Launch} Launch
 * @typedef {import('./playback.js').Playback} Playback
 * @typedef {import('./statements.js').Viewport} Viewport
 * @typedef {(text: string) => void} ShowStatus
 * @typedef {{
 *   initialize(): Promise<unknown>,
 *   complete(options: { transform: (statement: Record<string, unknown>) => unknown }): Promise<unknown>,
 *   terminate(): Promise<unknown>,
 *   sendXapiStatement(statement: unknown): Promise<unknown>,
 *   getAuthToken(): string | null | undefined,
 *   getLaunchParameters(): { actor: Record<string, unknown>, activityId: string, registration: string },
 *   getLaunchData(): { contextTemplate?: Record<string, unknown>, launchMode?: string, launchParameters?: string },
 *   xapi: {
 *     getStates(params: Record<string, unknown>): Promise<{ data: unknown }>,
 *     getState(params: Record<string, unknown>): Promise<{ data: unknown }>,
 *     sendStatements(params: { statements: unknown[] }): Promise<unknown>,
 *     setState(params: Record<string, unknown>): Promise<unknown>,
 *   },
 * }} Cmi5
 */

/** Loads the library's browser build, which defines the global `Cmi5`. */
function loadLibrary() {
  const loaded = () => /** @type {{ Cmi5?: new () => Cmi5 }} */ (globalThis).Cmi5;
  const existing = loaded();
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = libraryUrl;
    script.addEventListener('load', () => {
      const library = loaded();
      if (library) resolve(library);
      else reject(new Error('the cmi5 library did not load'));
    });
    script.addEventListener('error', () => reject(new Error('the cmi5 library did not load')));
    document.head.append(script);
  });
}

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @returns {Promise<T>}
 */
function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error) => (clearTimeout(timer), reject(error)),
    );
  });
}

/**
 * The statement a library call sends, built by the library but not sent, for sending together
 * with others.
 * @param {Cmi5} cmi5
 * @param {() => unknown} call
 */
function builtBy(cmi5, call) {
  /** @type {unknown} */
  let statement;
  cmi5.sendXapiStatement = (built) => {
    statement = built;
    return Promise.resolve([]);
  };
  try {
    call();
  } finally {
    // The library's own method is on the prototype again.
    delete (/** @type {Partial<Cmi5>} */ (cmi5).sendXapiStatement);
  }
  return statement;
}

/** @param {unknown} error */
const httpStatus = (error) =>
  /** @type {{ response?: { status?: number } }} */ (error)?.response?.status;

/**
 * Starts the session: the library's initialize, then the `resume` document. Rejects with a message
 * for the status line when the launch cannot report.
 * @param {{ defaults: { length: number, completionThreshold: number }, showStatus: ShowStatus }} options
 */
export async function startSession({ defaults, showStatus }) {
  /** @type {Cmi5} */
  let cmi5;
  try {
    const Cmi5 = await loadLibrary();
    cmi5 = new Cmi5();
    await withTimeout(cmi5.initialize(), startTimeoutMs);
  } catch (error) {
    // The fetch URL answers a used or expired launch with an error body and no token (cmi5 8.2.3);
    // the library goes on without one, and the LRS refuses it.
    const refusedWithoutToken = cmi5 && !cmi5.getAuthToken() && httpStatus(error) !== undefined;
    throw new Error(
      refusedWithoutToken
        ? 'this launch has expired or was already used. Close and start the training again.'
        : `the learning record store could not be reached (${error instanceof Error ? error.message : String(error)}).`,
      { cause: error },
    );
  }
  useKeepalive(cmi5.xapi);
  const launch = describeLaunch(cmi5.getLaunchParameters(), cmi5.getLaunchData(), defaults);
  const resume = await readResume(cmi5, launch);
  return new Session(cmi5, launch, resume, showStatus);
}

/**
 * @param {Cmi5} cmi5
 * @param {Launch} launch
 */
async function readResume(cmi5, launch) {
  const context = {
    agent: launch.actor,
    activityId: launch.activityId,
    registration: launch.registration,
  };
  try {
    // The ids first: a first launch has no resume point, and asking for it would be a 404.
    const { data: ids } = await cmi5.xapi.getStates(context);
    if (!Array.isArray(ids) || !ids.includes(resumeStateId)) {
      return { ...parseResumeState(undefined, launch.length), unreadable: false };
    }
    const { data } = await cmi5.xapi.getState({ ...context, stateId: resumeStateId });
    return { ...parseResumeState(data, launch.length), unreadable: false };
  } catch {
    // Any failure starts from the beginning rather than not at all, and says so: what is watched
    // now is still recorded.
    return { ...parseResumeState(undefined, launch.length), unreadable: true };
  }
}

export class Session {
  /**
   * @param {Cmi5} cmi5
   * @param {Launch} launch
   * @param {{ time: number, played: import('./segments.js').Segment[], unreadable: boolean }} resume
   * @param {ShowStatus} showStatus
   */
  constructor(cmi5, launch, resume, showStatus) {
    this.cmi5 = cmi5;
    this.launch = launch;
    this.resume = resume;
    this.showStatus = showStatus;
    this.queue = new SendQueue({ onOutcome: (report) => this.showOutcome(report) });
    /**
     * Review (completed before) and Browse forbid completed. `failed` is tried again at the next
     * pause or progress report, not on every tick.
     * @type {'due' | 'sending' | 'done' | 'failed' | 'not allowed'}
     */
    this.completion = launch.launchMode === 'Normal' ? 'due' : 'not allowed';
    this.ended = false;
    /** The page's clock, as the timeline reads it. */
    this.now = () => Date.now();
    this.lastSavedResume = '';
    /** @type {Playback | undefined} */
    this.playback = undefined;
    this.viewport = () => /** @type {Viewport | undefined} */ (undefined);
    this.schedule = new ProgressSchedule();
    this.showStatus(
      resume.unreadable
        ? `${this.steadyStatus()}; where you left off could not be loaded`
        : this.steadyStatus(),
    );
  }

  steadyStatus() {
    if (this.ended)
      return 'Not recording: this session has ended. Close and start the training again.';
    // Review is how a completed module reopens.
    return this.completion === 'done' || this.launch.launchMode === 'Review'
      ? 'Completed'
      : 'Recording your progress';
  }

  /** @param {{ outcome: import('./send-queue.js').Outcome }} report */
  showOutcome({ outcome }) {
    if (outcome === 'sent') this.showStatus(this.steadyStatus());
    else if (outcome === 'retrying') this.showStatus('Could not save your progress; trying again…');
    else this.showStatus('Not recording: your progress could not be saved.');
  }

  /**
   * Reports on this playback from now on.
   * @param {Playback} playback
   * @param {() => Viewport} viewport
   */
  track(playback, viewport) {
    this.playback = playback;
    this.viewport = viewport;
    this.schedule = new ProgressSchedule(playback.progress);
    this.lastSavedResume = JSON.stringify(playback.resumeState);
    this.completeIfReached();
  }

  /**
   * @param {string} label
   * @param {() => Promise<unknown>} send
   * @param {{ supersedes?: string, statement?: () => unknown }} [options] as SendQueue.enqueue
   */
  send(label, send, options) {
    if (this.ended) return;
    void this.queue.enqueue(label, send, options);
  }

  /**
   * @param {unknown} statement
   * @param {string} label
   * @param {{ supersedes?: string }} [options]
   */
  sendStatement(statement, label, options) {
    this.send(label, () => this.cmi5.sendXapiStatement(statement), {
      ...options,
      statement: () => statement,
    });
  }

  progressEvent() {
    const playback = /** @type {Playback} */ (this.playback);
    return {
      time: playback.time,
      progress: playback.progress,
      playedSegments: playback.resumeState.playedSegments,
      viewport: this.viewport(),
    };
  }

  /**
   * The resume point's write, when it has changed since the last queued; undefined when it has not.
   * @param {{ always?: boolean }} [options] always: also when unchanged (a queued write may be dropped)
   */
  resumeWrite({ always = false } = {}) {
    const playback = this.playback;
    if (!playback) return undefined;
    const state = playback.resumeState;
    const text = JSON.stringify(state);
    if (text === this.lastSavedResume && !always) return undefined;
    this.lastSavedResume = text;
    return () =>
      this.cmi5.xapi.setState({
        agent: this.launch.actor,
        activityId: this.launch.activityId,
        stateId: resumeStateId,
        registration: this.launch.registration,
        state,
        contentType: 'application/json',
      });
  }

  saveResume() {
    const write = this.resumeWrite();
    if (write) this.send('the resume point', write, { supersedes: 'resume' });
  }

  saveResumeNow() {
    this.resumeWrite({ always: true })?.().catch(() => {
      // As close: nowhere to show it; the last progress report saved a point too.
    });
  }

  /** @param {{ retry?: boolean }} [options] retry: also when an earlier try failed */
  completeIfReached({ retry = false } = {}) {
    const playback = this.playback;
    const ready = this.completion === 'due' || (retry && this.completion === 'failed');
    if (!ready || !playback?.reached(this.launch.completionThreshold)) return;
    this.completion = 'sending';
    const transform = completedTransform(this.launch, this.progressEvent());
    void this.queue
      .enqueue('completed', () => this.cmi5.complete({ transform }), {
        statement: () => builtBy(this.cmi5, () => this.cmi5.complete({ transform })),
      })
      .then((sent) => {
        this.completion = sent ? 'done' : 'failed';
        if (sent) this.showStatus(this.steadyStatus());
      });
  }

  played() {
    const playback = /** @type {Playback} */ (this.playback);
    this.sendStatement(
      playedStatement(this.launch, { time: playback.time, viewport: this.viewport() }),
      'played',
    );
  }

  paused() {
    this.sendStatement(pausedStatement(this.launch, this.progressEvent()), 'paused');
    this.saveResume();
    this.completeIfReached({ retry: true });
  }

  /** @param {{ from: number, to: number }} seek */
  seeked({ from, to }) {
    this.sendStatement(
      seekedStatement(this.launch, { from, to, viewport: this.viewport() }),
      'seeked',
    );
  }

  /** @param {number} playedSeconds seconds played since the last call */
  advanced(playedSeconds) {
    const playback = /** @type {Playback} */ (this.playback);
    if (this.schedule.due(playedSeconds, playback.progress)) {
      const event = this.progressEvent();
      // Segments are cumulative: a newer report makes one still waiting redundant.
      this.sendStatement(progressedStatement(this.launch, event), 'progressed', {
        supersedes: 'progressed',
      });
      this.schedule.reported(event.progress);
      this.saveResume();
      this.completeIfReached({ retry: true });
    }
    this.completeIfReached();
  }

  /**
   * Ends the session, as the page goes away. Nothing sent after this handler returns can be
   * relied on (no answer will come back to a page that is gone), so the last things go at once: the
   * resume point, and in one request, which keeps their order, the statements still waiting in the
   * queue, paused (when playing), completed (when just reached) and the library's terminated.
   */
  close() {
    if (this.ended) return;
    this.ended = true;
    const playback = this.playback;
    const last = this.queue
      .close()
      .flatMap((entry) => (entry.statement ? [entry.statement()] : []));
    if (playback?.playing) {
      playback.pause(this.now());
      last.push(pausedStatement(this.launch, this.progressEvent()));
    }
    const completionOpen = this.completion === 'due' || this.completion === 'failed';
    if (completionOpen && playback?.reached(this.launch.completionThreshold)) {
      this.completion = 'done';
      const transform = completedTransform(this.launch, this.progressEvent());
      last.push(builtBy(this.cmi5, () => this.cmi5.complete({ transform })));
    }
    this.saveResumeNow();
    last.push(builtBy(this.cmi5, () => this.cmi5.terminate()));
    this.cmi5.xapi.sendStatements({ statements: last }).catch(() => {
      // Nothing to show it on; the LMS writes abandoned for a session without terminated.
    });
  }

  /** Shown when a page kept in the back-forward cache comes back after close. */
  showEnded() {
    this.showStatus(this.steadyStatus());
  }
}
