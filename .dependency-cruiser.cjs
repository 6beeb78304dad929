/**
 * The import graph of src/ (npm run deps:check): the same one-way layers as the ESLint boundaries
 * rules in eslint.config.js (content -> lib -> components -> features -> app, features independent
 * but for the compositions below), and no import cycle except the lazy-loading seams named here.
 * ESLint reports a bad import where it is written; this checks the whole graph, cycles included.
 */

/** Cross-feature imports where one feature is composed into another: importer -> what it may use. */
const compositions = {
  // Marketing pages carry the trial button, whose state follows the visitor's trial.
  marketing: ['^src/features/trials/components/TrialButton[.]tsx$'],
  // The trial sign-up page is the sign-in form (its fields, card, schema, code step and the Google
  // and Microsoft buttons) plus the request.
  trials: [
    '^src/features/auth/components/(AccountFields|AuthCard|ExternalSignInButtons|SignInCodeStep)[.]tsx$',
    '^src/features/auth/schemas[.]ts$',
    // The dashboard carries My learning (its first queries start with the page's).
    '^src/features/learning/api[.]ts$',
    '^src/features/learning/components/MyLearning(Frame)?[.]tsx$',
    // ... and My certificates.
    '^src/features/certificates/components/MyCertificates(Frame)?[.]tsx$',
    // ... and what the learner's organisations ask of them (invitations and assigned modules), and a
    // manager's way in to /organisation.
    '^src/features/organisations/components/(AssignedToYou|InvitationNotice|ManagedOrganisationsNotice)[.]tsx$',
  ],
  // A trial module page offers training only to a user with an active trial; module pages launch
  // their player through the learning records and show the learner's progress.
  modules: [
    '^src/features/trials/hooks[.]ts$',
    '^src/features/learning/(hooks|progress)[.]ts$',
    '^src/features/learning/components/ProgressSummary[.]tsx$',
    // A module the learner's organisation assigned them opens without a password.
    '^src/features/organisations/learnerHooks[.]ts$',
    '^src/features/organisations/components/AssignedToYouPanel[.]tsx$',
  ],
};

/** Where the toast helper (lib) loads its toaster from: the one import up a layer. */
const toaster = '^src/components/feedback/mountToaster[.]tsx$';

/**
 * Lazy-loading seams: a module loads another with import() and the loaded one imports it back. A
 * cycle is allowed only among one seam's modules, and only through its dynamic import.
 */
const seams = [
  {
    name: 'seam-auth-session',
    comment:
      'authStore loads authSession (and supabase-js with it) only when a session may exist; ' +
      'authSession writes the store back.',
    modules: '^src/lib/auth/(authStore|authSession)[.]ts$',
  },
  {
    name: 'seam-toaster',
    comment:
      'The toast helper loads the toaster (its own React root and the toast library) with the ' +
      'first toast; the toaster attaches itself to the helper.',
    modules: '^src/(lib/toast[.]ts|components/feedback/(mountToaster|Toasts)[.]tsx)$',
  },
  {
    name: 'seam-signed-in-trial-button',
    comment:
      'TrialButton loads the signed-in variant (query cache, dialog) for signed-in users only; ' +
      "that variant reuses TrialButton's StableLabel.",
    modules: '^src/features/trials/components/(TrialButton|SignedInTrialButton)[.]tsx$',
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'content-imports-content',
      comment:
        'Content is data in the shapes of src/content/types.ts; it imports nothing else in src.',
      severity: 'error',
      from: { path: '^src/content/' },
      to: { path: '^src/', pathNot: '^src/content/' },
    },
    {
      name: 'lib-upward',
      comment: 'lib sits under components, features and app (it may read content).',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/(components|features|app)/', pathNot: toaster },
    },
    {
      name: 'toaster-stays-lazy',
      comment: 'The toaster loads with import(), so pages that never show a toast never fetch it.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: toaster, dynamic: false },
    },
    {
      name: 'toaster-only-from-toast',
      comment: 'No lib module but the toast helper reaches the toaster.',
      severity: 'error',
      from: { path: '^src/lib/', pathNot: '^src/lib/toast[.]ts$' },
      to: { path: toaster },
    },
    {
      name: 'components-upward',
      comment: 'Components use content and lib only; what composes features belongs in app.',
      severity: 'error',
      from: { path: '^src/components/' },
      to: { path: '^src/(features|app)/' },
    },
    {
      name: 'features-upward',
      comment: 'Features never import the app that composes them.',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'cross-feature',
      comment: 'Features are independent of each other.',
      severity: 'error',
      from: {
        path: '^src/features/([^/]+)/',
        pathNot: `^src/features/(${Object.keys(compositions).join('|')})/`,
      },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    ...Object.entries(compositions).map(([feature, allowed]) => ({
      name: `cross-feature-from-${feature}`,
      comment: `Features are independent; ${feature} may use only what is composed into it.`,
      severity: 'error',
      from: { path: `^src/features/${feature}/` },
      to: { path: '^src/features/', pathNot: [`^src/features/${feature}/`, ...allowed] },
    })),
  ],
  // Every dependency must match one of these: either it is in no cycle, or its cycle is one seam's.
  allowed: [
    { comment: 'Not in a cycle.', from: {}, to: { circular: false } },
    ...seams.map(({ name, comment, modules }) => ({
      comment: `${name}: ${comment}`,
      from: { path: modules },
      to: {
        circular: true,
        viaOnly: { path: modules },
        via: { dependencyTypes: ['dynamic-import'] },
      },
    })),
  ],
  allowedSeverity: 'error',
  options: {
    // Type-only imports are edges too: content taking a component's prop type is an upward import.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.app.json' },
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
  },
};
