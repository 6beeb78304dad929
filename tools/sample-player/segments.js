/**
 * Played segments: the stretches of the timeline a learner has watched, in seconds, and their
 * string form in the xAPI Video Profile (`"0[.]5.2[,]10[.]20"`: start[.]end, joined by [,]).
 */

/** @typedef {[start: number, end: number]} Segment */

/** Seconds to at most 3 decimals, as the Video Profile writes them. */
export const roundSeconds = (/** @type {number} */ seconds) => Math.round(seconds * 1000) / 1000;

/**
 * The segments sorted by start, overlapping or touching ones joined, empty ones dropped.
 * @param {readonly Segment[]} segments
 * @returns {Segment[]}
 */
export function mergeSegments(segments) {
  /** @type {Segment[]} */
  const merged = [];
  const sorted = segments
    .map(([start, end]) => /** @type {Segment} */ ([roundSeconds(start), roundSeconds(end)]))
    .filter(([start, end]) => Number.isFinite(start) && Number.isFinite(end) && end > start)
    .sort((a, b) => a[0] - b[0]);
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/**
 * The seconds of [0, length] that the segments cover, each second counted once.
 * @param {readonly Segment[]} segments
 * @param {number} length
 */
export function uniqueSeconds(segments, length) {
  const clamp = (/** @type {number} */ seconds) => Math.max(0, Math.min(length, seconds));
  return roundSeconds(
    mergeSegments(segments).reduce((sum, [start, end]) => sum + clamp(end) - clamp(start), 0),
  );
}

/**
 * The Video Profile string of the segments, merged: `"0[.]5.2[,]10[.]20"`; "" for none.
 * @param {readonly Segment[]} segments
 */
export function formatSegments(segments) {
  return mergeSegments(segments)
    .map(([start, end]) => `${start}[.]${end}`)
    .join('[,]');
}

/**
 * The segments of a Video Profile string, merged. Parts that are not two numbers, or that end
 * before they start, are left out: a stored string from an older player must not stop playback.
 * @param {string} text
 * @returns {Segment[]}
 */
export function parseSegments(text) {
  /** @type {Segment[]} */
  const segments = [];
  for (const part of text.split('[,]')) {
    const bounds = part.split('[.]');
    if (bounds.length !== 2) continue;
    const [start, end] = bounds.map((bound) => (bound.trim() === '' ? NaN : Number(bound)));
    if (start !== undefined && end !== undefined && start >= 0 && end >= start)
      segments.push([start, end]);
  }
  return mergeSegments(segments);
}
