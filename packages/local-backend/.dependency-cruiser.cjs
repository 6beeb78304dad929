/**
 * The local backend's floors (npm run deps:check): each imports only its own floor and those under
 * it, and nothing is in an import cycle. From the bottom:
 */
const floors = [
  {
    name: 'base',
    comment: 'the fixed keys, JWTs, shutdown and the start-up error: no other module of ours',
    path: '^src/(keys|jwt|shutdown|start-error)[.]ts$',
  },
  { name: 'config', comment: 'config.toml and the options, read once', path: '^src/config[.]ts$' },
  {
    name: 'contract',
    comment: 'what a service is: request, response, HttpError, ServiceDeps, Logger (types)',
    path: '^src/http/types[.]ts$',
  },
  { name: 'db', comment: 'Postgres itself: the server, the pool, SQL quoting', path: '^src/db/' },
  {
    name: 'stand-ins',
    comment: "hosted Supabase's extensions: pg_cron, pg_net, Vault",
    path: '^src/(cron|net|vault)/',
  },
  {
    name: 'setup',
    comment: 'bringing a database up to date: bootstrap, stand-ins, migrations',
    path: '^src/setup/',
  },
  {
    name: 'http',
    comment: 'the API server and gateway, which route to services they do not know',
    path: '^src/http/',
  },
  {
    name: 'services',
    comment: 'GoTrue, PostgREST, Realtime, the functions relay, the mailbox, the captcha stand-in',
    path: '^src/(auth|rest|realtime|functions|mail|captcha)/',
  },
  {
    name: 'backend',
    comment: 'the whole backend, its CLI and its public and testing entry points',
    path: '^src/(backend|cli|index|main|testing)[.]ts$',
  },
];

/**
 * PostgREST's stages inside the rest service, as its own source is laid out: the request and the
 * schema cache at the bottom (neither knows the other), then the plan, the query, the response, and
 * the service that wires them. Each imports only stages under it; errors.ts is under them all.
 */
const restStages = [
  { name: 'rest-errors', level: 0, path: '^src/rest/errors[.]ts$' },
  { name: 'rest-request', level: 1, path: '^src/rest/request/' },
  { name: 'rest-schema-cache', level: 1, path: '^src/rest/schema-cache/' },
  { name: 'rest-plan', level: 2, path: '^src/rest/plan/' },
  { name: 'rest-query', level: 3, path: '^src/rest/query/' },
  { name: 'rest-response', level: 4, path: '^src/rest/response/' },
  { name: 'rest-service', level: 5, path: '^src/rest/(?!errors[.]ts$)[^/]+[.]ts$' },
];

/** A module's floor is the first that matches it (http/types.ts is the contract, not http). */
const above = (index) => floors.slice(index + 1).map((floor) => floor.path);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...floors.slice(0, -1).map((floor, index) => ({
      name: `${floor.name}-upward`,
      comment: `${floor.name} (${floor.comment}) imports nothing above it.`,
      severity: 'error',
      from: {
        path: floor.path,
        pathNot: floors.slice(0, index).map((lower) => lower.path),
      },
      to: {
        path: above(index),
        pathNot: floors.slice(0, index + 1).map((same) => same.path),
      },
    })),
    ...restStages.slice(0, -1).map((stage) => ({
      name: `${stage.name}-upward`,
      comment: `${stage.name} imports no rest stage above or beside it.`,
      severity: 'error',
      from: { path: stage.path },
      to: {
        path: restStages
          .filter((other) => other !== stage && other.level >= stage.level)
          .map((other) => other.path),
      },
    })),
    {
      name: 'rest-on-a-stage',
      comment: 'Every module of the rest service belongs to a stage in the list above.',
      severity: 'error',
      from: { path: '^src/rest/', pathNot: restStages.map((stage) => stage.path) },
      to: {},
    },
    {
      name: 'no-cycle',
      comment: 'No module imports itself back, however far round.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'on-a-floor',
      comment: 'Every module belongs to a floor; a new folder takes its place in the list above.',
      severity: 'error',
      from: { pathNot: floors.map((floor) => floor.path) },
      to: {},
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
  },
};
