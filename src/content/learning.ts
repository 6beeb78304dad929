/**
 * The copy of learning records in the app (docs/learning-records.md section 4): launching a module's
 * player as a cmi5 assignable unit, the learner's progress on module pages and on the dashboard, and
 * the admins' learning summary on /admin/activity.
 */

export const launchCopy = {
  /** Start Training while the launch is asked for (the trial module page keeps its own 'Loading...'). */
  launchingLabel: 'Opening...',
  /** In the player's place while the launch is asked for. */
  launching: 'Opening your training...',
  failedTitle: 'Your training did not open',
  /** The launch failed on the way (network, server). */
  failed: 'We could not start your training session. Check your connection and try again.',
  /** The server refused: the learner may no longer open the module. */
  refused:
    'Your access to this module has ended or could not be confirmed. If you think it should open, sign in again or ask the person who gave you access.',
  retryLabel: 'Try again',
  /** In the player's place after a failed launch, beside a Try again button. */
  failedPlaceholder: 'The training did not open.',
  /** Announced on the unlock page once the unlock is done and the launch is under way. */
  unlockedOpening: 'Training unlocked. Opening the 360 player...',
};

/** Start Training's other labels, once the learner has made progress (Start Training stays as SPEC.md has it). */
export const moduleProgressLabels = {
  resume: 'Resume Training',
  watchAgain: 'Watch Again',
};

export const progressCopy = {
  /** The progress bar's accessible name. */
  barLabel: (moduleTitle: string) => `Your progress in ${moduleTitle}`,
  minutes: (watched: number, total: number) => `${watched} of ${total} min`,
  percent: (percent: number) => `${percent}%`,
  valueText: (watched: number, total: number, percent: number) =>
    `${watched} of ${total} minutes watched, ${percent}%`,
  completedOn: (date: string) => `Completed on ${date}`,
  notStarted: 'Not started',
  /** Opened, but nothing watched reported yet (or a player host that does not report). */
  started: 'Started',
};

export const myLearningCopy = {
  heading: 'My learning',
  intro: 'The training you can open, with how far you have watched.',
  loading: 'Loading your learning...',
  loadFailed: 'We could not load your learning.',
  retryLabel: 'Try again',
  /** No progress yet: shown above the modules the learner can open. */
  empty: 'You have not started any training yet. Choose a module below to begin.',
  actions: {
    start: 'Start',
    resume: 'Resume',
    watchAgain: 'Watch again',
  },
  /** The link's accessible name: the action and the module, as several links share an action. */
  actionLabel: (action: string, moduleTitle: string) => `${action}: ${moduleTitle}`,
  listLabel: 'Your modules',
};

export const learningSummaryCopy = {
  heading: 'Learning',
  intro:
    'Per module, from the learning records: learners who first opened it in the period, learners who completed it in the period, and the median minutes watched by learners active in the period.',
  caption: (period: string) => `Learning by module, ${period.toLowerCase()}`,
  columns: {
    module: 'Module',
    starts: 'Starts',
    completions: 'Completions',
    medianMinutes: 'Median minutes',
  },
  medianMinutes: (minutes: number) => minutes.toLocaleString('en-GB', { maximumFractionDigits: 1 }),
  empty: 'No training watched in this period',
  loading: 'Loading...',
  loadFailed: 'Failed to load the learning summary.',
};
