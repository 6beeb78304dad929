/**
 * The timeline's model, without the page: where playback is, whether it runs, and what has been
 * watched. Time comes in as milliseconds from the caller (Date.now() in the page), so tests and
 * fake clocks drive it.
 */
import { formatSegments, mergeSegments, roundSeconds, uniqueSeconds } from './segments.js';

/** @typedef {import('./segments.js').Segment} Segment */

export class Playback {
  /**
   * @param {{ length: number, position?: number, played?: readonly Segment[] }} options
   *   length in seconds; position and played restore an earlier session
   */
  constructor({ length, position = 0, played = [] }) {
    this.length = length;
    this.position = Math.max(0, Math.min(length, position));
    this.playing = false;
    /** @type {Segment[]} */
    this.played = mergeSegments(played);
    /** Where the segment being watched now began; undefined when paused. */
    this.segmentStart = /** @type {number | undefined} */ (undefined);
    this.lastTick = 0;
  }

  /** @param {number} now milliseconds */
  play(now) {
    if (this.playing) return;
    if (this.position >= this.length) this.position = 0;
    this.playing = true;
    this.segmentStart = this.position;
    this.lastTick = now;
  }

  /** @param {number} now milliseconds */
  pause(now) {
    if (!this.playing) return;
    this.advance(now);
    this.closeSegment();
    this.playing = false;
  }

  /**
   * Moves to `to` seconds; a running segment ends where the seek starts.
   * @param {number} to
   * @param {number} now milliseconds
   * @returns {{ from: number, to: number }}
   */
  seek(to, now) {
    if (this.playing) this.advance(now);
    const from = this.position;
    this.closeSegment();
    this.position = Math.max(0, Math.min(this.length, to));
    if (this.playing) this.segmentStart = this.position;
    return { from: roundSeconds(from), to: roundSeconds(this.position) };
  }

  /**
   * Moves the position on by the time passed since the last call. At the end, playback stops.
   * @param {number} now milliseconds
   * @returns {{ playedSeconds: number, ended: boolean }} the seconds played by this call
   */
  advance(now) {
    if (!this.playing) return { playedSeconds: 0, ended: false };
    const before = this.position;
    this.position = Math.min(this.length, this.position + Math.max(0, now - this.lastTick) / 1000);
    this.lastTick = now;
    const ended = this.position >= this.length;
    if (ended) {
      this.closeSegment();
      this.playing = false;
    }
    return { playedSeconds: this.position - before, ended };
  }

  /** Every segment watched, the running one included, merged. */
  get segments() {
    return this.segmentStart === undefined
      ? this.played
      : mergeSegments([...this.played, [this.segmentStart, this.position]]);
  }

  get uniqueSeconds() {
    return uniqueSeconds(this.segments, this.length);
  }

  /** The share of the length watched, 0..1 to 3 places. */
  get progress() {
    return this.length > 0 ? Math.round((this.uniqueSeconds / this.length) * 1000) / 1000 : 0;
  }

  /**
   * Whether the time watched has reached `threshold` of the length. Compared at the precision the
   * segments are kept, so 0.9 of 13 s (11.700000000000001 in floating point) is reached at 11.7 s.
   * @param {number} threshold 0..1
   */
  reached(threshold) {
    return this.uniqueSeconds >= roundSeconds(threshold * this.length);
  }

  get time() {
    return roundSeconds(this.position);
  }

  /** What the resume state document keeps. */
  get resumeState() {
    return { time: this.time, playedSegments: formatSegments(this.segments) };
  }

  closeSegment() {
    if (this.segmentStart !== undefined) {
      this.played = mergeSegments([...this.played, [this.segmentStart, this.position]]);
    }
    this.segmentStart = undefined;
  }
}

/**
 * When to send `progressed`: each time another tenth of the length has been watched for the first
 * time, and after 30 seconds of playing without a report.
 */
export class ProgressSchedule {
  /** @param {number} progress the share already watched (0..1), restored from an earlier session */
  constructor(progress = 0) {
    this.reportedTenths = Math.floor(progress * 10);
    this.playedSinceReport = 0;
  }

  /**
   * @param {number} playedSeconds seconds played since the last call
   * @param {number} progress the share watched now
   */
  due(playedSeconds, progress) {
    this.playedSinceReport += playedSeconds;
    return Math.floor(progress * 10) > this.reportedTenths || this.playedSinceReport >= 30;
  }

  /** @param {number} progress the share the report gave */
  reported(progress) {
    this.reportedTenths = Math.max(this.reportedTenths, Math.floor(progress * 10));
    this.playedSinceReport = 0;
  }
}
