/* global URLSearchParams */
/**
 * What a cmi5 launch gives the player, read without the network: the query parameters, the LMS's
 * launch data and the `resume` state document.
 */
import { parseSegments } from './segments.js';

/** The query parameters of a cmi5 launch (cmi5 section 8.1); the player reports only with all five. */
export const launchParameterNames = ['endpoint', 'fetch', 'actor', 'registration', 'activityId'];

/** @param {string} search a location's query string */
export function hasLaunchParameters(search) {
  const query = new URLSearchParams(search);
  return launchParameterNames.every((name) => Boolean(query.get(name)));
}

const CMI5_SESSION_ID = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';

/**
 * @typedef {Record<string, unknown>} Json
 * @typedef {{
 *   actor: Json & { account?: { homePage?: string, name?: string } },
 *   activityId: string,
 *   registration: string,
 *   contextTemplate: Json,
 *   sessionId: string | undefined,
 *   launchMode: string,
 *   length: number,
 *   completionThreshold: number,
 * }} Launch what a launch fixes for every statement of the session
 */

/**
 * The launch as the statements need it, from the query parameters and LMS.LaunchData. Its
 * `launchParameters` is the LMS's JSON string `{"length": <seconds>, "completionThreshold": <0..1>}`;
 * what it lacks comes from `defaults`.
 * @param {{ actor: Json, activityId: string, registration: string }} launchParameters
 * @param {{ contextTemplate?: Json, launchMode?: string, launchParameters?: string }} launchData
 * @param {{ length: number, completionThreshold: number }} defaults
 * @returns {Launch}
 */
export function describeLaunch(launchParameters, launchData, defaults) {
  const given = parseJsonObject(launchData.launchParameters);
  const contextTemplate = launchData.contextTemplate ?? {};
  const templateExtensions = /** @type {Json | undefined} */ (contextTemplate.extensions);
  const sessionId = templateExtensions?.[CMI5_SESSION_ID];
  return {
    actor: launchParameters.actor,
    activityId: launchParameters.activityId,
    registration: launchParameters.registration,
    contextTemplate,
    sessionId: typeof sessionId === 'string' ? sessionId : undefined,
    launchMode: launchData.launchMode ?? 'Normal',
    length: positiveNumber(given.length) ?? defaults.length,
    completionThreshold: share(given.completionThreshold) ?? defaults.completionThreshold,
  };
}

/**
 * Where to pick up, from the `resume` state document `{"time": <seconds>, "playedSegments":
 * "<segments>"}`; anything unreadable in it counts as not watched.
 * @param {unknown} document the document as the library answers it (parsed JSON, or text)
 * @param {number} length
 * @returns {{ time: number, played: import('./segments.js').Segment[] }}
 */
export function parseResumeState(document, length) {
  const state = typeof document === 'string' ? parseJsonObject(document) : document;
  if (!state || typeof state !== 'object') return { time: 0, played: [] };
  const { time, playedSegments } = /** @type {Json} */ (state);
  return {
    time:
      typeof time === 'number' && Number.isFinite(time) ? Math.max(0, Math.min(length, time)) : 0,
    played: typeof playedSegments === 'string' ? parseSegments(playedSegments) : [],
  };
}

/**
 * @param {string | undefined} text
 * @returns {Json}
 */
function parseJsonObject(text) {
  try {
    const parsed = JSON.parse(text ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** @param {unknown} value */
const positiveNumber = (value) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;

/** @param {unknown} value */
const share = (value) => (typeof value === 'number' && value > 0 && value <= 1 ? value : undefined);
