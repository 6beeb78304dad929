/* global setTimeout */
/**
 * Sends one thing at a time, in the order asked: a statement's place in the LRS is the order it
 * arrives, and the session's credential ends with `terminated`, so nothing may overtake.
 * A failed send is retried once, after a pause; then the queue moves on.
 */

/**
 * @typedef {'sent' | 'retrying' | 'failed'} Outcome
 * @typedef {(report: { label: string, outcome: Outcome, error?: unknown }) => void} OnOutcome
 * @typedef {{
 *   label: string,
 *   send: () => Promise<unknown>,
 *   supersedes?: string,
 *   statement?: () => unknown,
 *   settle: Array<(sent: boolean) => void>,
 * }} Entry
 */

export class SendQueue {
  /**
   * @param {{ onOutcome?: OnOutcome, retryDelayMs?: number }} options
   */
  constructor({ onOutcome = () => {}, retryDelayMs = 1000 } = {}) {
    this.onOutcome = onOutcome;
    this.retryDelayMs = retryDelayMs;
    /** @type {Entry[]} not started yet */
    this.waiting = [];
    this.running = false;
    this.closed = false;
    /** @type {Array<() => void>} */
    this.idleWaiters = [];
  }

  /**
   * Queues `send`; resolves true once it went through, false when the retry failed too or it was
   * dropped.
   * @param {string} label what is sent, for the outcome reports
   * @param {() => Promise<unknown>} send
   * @param {{ supersedes?: string, statement?: () => unknown }} [options]
   *   supersedes: a kind of report of which only the latest matters (a cumulative progress report,
   *   the resume point): one still waiting of the same kind is dropped, and this one goes at the end.
   *   statement: the statement `send` sends, for close to send what is left in one request.
   * @returns {Promise<boolean>}
   */
  enqueue(label, send, { supersedes, statement } = {}) {
    if (this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      /** @type {Entry} */
      const entry = { label, send, supersedes, statement, settle: [resolve] };
      if (supersedes) {
        const older = this.waiting.filter((waiting) => waiting.supersedes === supersedes);
        this.waiting = this.waiting.filter((waiting) => waiting.supersedes !== supersedes);
        // Whoever waited for the dropped one learns how its replacement went.
        entry.settle.push(...older.flatMap((waiting) => waiting.settle));
      }
      this.waiting.push(entry);
      void this.run();
    });
  }

  async run() {
    if (this.running) return;
    this.running = true;
    for (let entry = this.waiting.shift(); entry; entry = this.waiting.shift()) {
      const sent = await this.attempt(entry);
      for (const settle of entry.settle) settle(sent);
      if (this.closed) break;
    }
    this.running = false;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** @param {Entry} entry */
  async attempt({ label, send }) {
    try {
      await send();
    } catch (error) {
      this.onOutcome({ label, outcome: 'retrying', error });
      await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs));
      try {
        await send();
      } catch (retryError) {
        this.onOutcome({ label, outcome: 'failed', error: retryError });
        return false;
      }
    }
    this.onOutcome({ label, outcome: 'sent' });
    return true;
  }

  /**
   * Stops: nothing more is sent. Answers what had not started, for the caller to send otherwise.
   * @returns {Entry[]}
   */
  close() {
    this.closed = true;
    const left = this.waiting.splice(0);
    for (const entry of left) for (const settle of entry.settle) settle(false);
    return left;
  }

  /** Resolves once nothing is being sent or waiting. */
  idle() {
    if (!this.running && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(() => resolve(undefined)));
  }
}
