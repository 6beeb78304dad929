/* global structuredClone */
/**
 * The statements the player sends itself: the xAPI Video Profile's played, paused and seeked, and
 * progressed, under cmi5's rules for "cmi5 allowed" statements (the launch's registration and
 * context template, no cmi5 category). initialized, completed and terminated are the cmi5
 * library's; completed gets the video extensions through completedTransform.
 */

const VIDEO = 'https://w3id.org/xapi/video';
const CMI5_CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';

export const verbs = {
  played: { id: `${VIDEO}/verbs/played`, display: { 'en-US': 'played' } },
  paused: { id: `${VIDEO}/verbs/paused`, display: { 'en-US': 'paused' } },
  seeked: { id: `${VIDEO}/verbs/seeked`, display: { 'en-US': 'seeked' } },
  progressed: {
    id: 'http://adlnet.gov/expapi/verbs/progressed',
    display: { 'en-US': 'progressed' },
  },
};

export const extensions = {
  time: `${VIDEO}/extensions/time`,
  timeFrom: `${VIDEO}/extensions/time-from`,
  timeTo: `${VIDEO}/extensions/time-to`,
  progress: `${VIDEO}/extensions/progress`,
  playedSegments: `${VIDEO}/extensions/played-segments`,
  length: `${VIDEO}/extensions/length`,
  completionThreshold: `${VIDEO}/extensions/completion-threshold`,
  sessionId: `${VIDEO}/extensions/session-id`,
  cmi5Progress: 'https://w3id.org/xapi/cmi5/result/extensions/progress',
};

const videoCategory = { objectType: 'Activity', id: VIDEO };
const videoActivityType = `${VIDEO}/activity-type/video`;

/**
 * @typedef {import('./launch.js').Json} Json
 * @typedef {import('./launch.js').Launch} Launch
 * @typedef {{ yaw: number, pitch: number }} Viewport degrees: yaw clockwise from north, pitch up
 */

/**
 * Revolve's extension for the viewing direction, under the site the actor's account belongs to.
 * @param {Launch} launch
 */
export function viewportExtension(launch) {
  const homePage = launch.actor.account?.homePage;
  return homePage ? `${homePage.replace(/\/+$/, '')}/xapi/extensions/viewport` : undefined;
}

/**
 * The launch's context template with the registration and `own` merged in: context activities
 * are added to the template's, extensions beside its. cmi5's category is dropped, as "cmi5
 * allowed" statements must not carry it.
 * @param {Launch} launch
 * @param {{ contextActivities?: Record<string, Json[]>, extensions?: Json }} own
 */
export function mergeContext(launch, own) {
  const template = structuredClone(launch.contextTemplate);
  const templateActivities = /** @type {Record<string, Json[]>} */ (
    template.contextActivities ?? {}
  );
  /** @type {Record<string, Json[]>} */
  const contextActivities = {};
  for (const key of new Set([
    ...Object.keys(templateActivities),
    ...Object.keys(own.contextActivities ?? {}),
  ])) {
    const activities = [
      ...[templateActivities[key] ?? []].flat(),
      ...(own.contextActivities?.[key] ?? []),
    ].filter((activity) => key !== 'category' || activity.id !== CMI5_CATEGORY);
    if (activities.length > 0) contextActivities[key] = activities;
  }
  return {
    ...template,
    registration: launch.registration,
    contextActivities,
    extensions: { .../** @type {Json} */ (template.extensions ?? {}), ...own.extensions },
  };
}

/**
 * The Video Profile's context extensions, with the viewing direction.
 * @param {Launch} launch
 * @param {Viewport | undefined} viewport
 */
function videoContextExtensions(launch, viewport) {
  const viewportKey = viewportExtension(launch);
  return {
    [extensions.length]: launch.length,
    [extensions.completionThreshold]: launch.completionThreshold,
    ...(launch.sessionId ? { [extensions.sessionId]: launch.sessionId } : {}),
    ...(viewportKey && viewport ? { [viewportKey]: viewport } : {}),
  };
}

/**
 * @param {Launch} launch
 * @param {{ id: string, display: Record<string, string> }} verb
 * @param {Json} resultExtensions
 * @param {Viewport | undefined} viewport
 */
function videoStatement(launch, verb, resultExtensions, viewport) {
  return {
    id: globalThis.crypto.randomUUID(),
    timestamp: new Date().toISOString(),
    actor: launch.actor,
    verb,
    object: {
      objectType: 'Activity',
      id: launch.activityId,
      definition: { type: videoActivityType },
    },
    result: { extensions: resultExtensions },
    context: mergeContext(launch, {
      contextActivities: { category: [videoCategory] },
      extensions: videoContextExtensions(launch, viewport),
    }),
  };
}

/**
 * @typedef {{ time: number, viewport?: Viewport }} PlayedEvent
 * @typedef {{ time: number, progress: number, playedSegments: string, viewport?: Viewport }} ProgressEvent
 * @typedef {{ from: number, to: number, viewport?: Viewport }} SeekedEvent
 */

/** @param {Launch} launch @param {PlayedEvent} event */
export const playedStatement = (launch, { time, viewport }) =>
  videoStatement(launch, verbs.played, { [extensions.time]: time }, viewport);

/** @param {ProgressEvent} event */
const progressExtensions = ({ time, progress, playedSegments }) => ({
  [extensions.time]: time,
  [extensions.progress]: progress,
  [extensions.playedSegments]: playedSegments,
});

/** @param {Launch} launch @param {ProgressEvent} event */
export const pausedStatement = (launch, event) =>
  videoStatement(launch, verbs.paused, progressExtensions(event), event.viewport);

/** @param {Launch} launch @param {SeekedEvent} event */
export const seekedStatement = (launch, { from, to, viewport }) =>
  videoStatement(
    launch,
    verbs.seeked,
    { [extensions.timeFrom]: from, [extensions.timeTo]: to },
    viewport,
  );

/** @param {Launch} launch @param {ProgressEvent} event */
export const progressedStatement = (launch, event) =>
  videoStatement(
    launch,
    verbs.progressed,
    {
      ...progressExtensions(event),
      [extensions.cmi5Progress]: Math.min(100, Math.max(0, Math.floor(event.progress * 100))),
    },
    event.viewport,
  );

/**
 * For the library's `complete({ transform })`: adds what was watched and the video context to its
 * `completed` statement, which keeps its cmi5 and moveOn categories.
 * @param {Launch} launch
 * @param {ProgressEvent} event
 * @returns {(statement: Json) => Json}
 */
export const completedTransform = (launch, event) => (statement) => {
  const result = /** @type {Json} */ (statement.result ?? {});
  const context = /** @type {Json} */ (statement.context ?? {});
  const contextActivities = /** @type {Record<string, Json[]>} */ (context.contextActivities ?? {});
  return {
    ...statement,
    result: {
      ...result,
      extensions: {
        .../** @type {Json} */ (result.extensions ?? {}),
        ...progressExtensions(event),
      },
    },
    context: {
      ...context,
      contextActivities: {
        ...contextActivities,
        category: [...(contextActivities.category ?? []), videoCategory],
      },
      extensions: {
        .../** @type {Json} */ (context.extensions ?? {}),
        ...videoContextExtensions(launch, event.viewport),
      },
    },
  };
};
