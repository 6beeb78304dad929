import type { ApiRequest } from '../../http/types';
import { restError } from '../errors';
import { headerValue } from './headers';

export type CountPreference = 'exact' | 'planned' | 'estimated';

export interface Preferences {
  return: 'minimal' | 'headers-only' | 'representation' | undefined;
  count: CountPreference | undefined;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  missing: 'default' | 'null' | undefined;
  handling: 'strict' | 'lenient' | undefined;
  /** Only when the server's `db-tx-end` lets a request choose (see TX_END). */
  transaction: 'commit' | 'rollback' | undefined;
  maxAffected: number | undefined;
  timezone: string | undefined;
  /** Tokens PostgREST does not know; refused with `handling=strict`. */
  invalid: string[];
}

/** PostgREST's `db-tx-end` settings: whether requests end in rollback, and may choose. */
export type TxEnd = 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override';

/**
 * The local backend runs requests as hosted Supabase does: its PostgREST is started without
 * `db-tx-end`, so PostgREST's default applies. Every request commits and `Prefer: tx=...` is
 * ignored (accepted, never applied, absent from `Preference-Applied`).
 */
export const TX_END: TxEnd = 'commit';

const txEndModes: Record<TxEnd, { rollbackAll: boolean; allowOverride: boolean }> = {
  commit: { rollbackAll: false, allowOverride: false },
  'commit-allow-override': { rollbackAll: false, allowOverride: true },
  rollback: { rollbackAll: true, allowOverride: false },
  'rollback-allow-override': { rollbackAll: true, allowOverride: true },
};

/** Whether the request's transaction ends in rollback instead of commit. */
export function endsInRollback(preferences: Preferences): boolean {
  const { rollbackAll } = txEndModes[TX_END];
  return (
    preferences.transaction === 'rollback' || (rollbackAll && preferences.transaction !== 'commit')
  );
}

const choices = {
  return: ['return=representation', 'return=minimal', 'return=headers-only'],
  count: ['count=exact', 'count=planned', 'count=estimated'],
  resolution: ['resolution=merge-duplicates', 'resolution=ignore-duplicates'],
  missing: ['missing=default', 'missing=null'],
  handling: ['handling=strict', 'handling=lenient'],
  transaction: ['tx=commit', 'tx=rollback'],
} as const;

const accepted = new Set<string>(Object.values(choices).flat());

/**
 * `Prefer: return=representation, count=exact, ...` (several headers combine), read as PostgREST
 * reads it: the first value of each preference wins, and anything else is an invalid preference.
 */
export function parsePreferences(request: ApiRequest): Preferences {
  const tokens = (headerValue(request, 'prefer') ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean);
  const first = <T extends string>(options: readonly T[]): T | undefined =>
    tokens.find((token): token is T => (options as readonly string[]).includes(token));
  const valueOf = <T extends string>(options: readonly `${string}=${T}`[]): T | undefined =>
    first(options)?.split('=')[1] as T | undefined;
  const prefixed = (prefix: string) =>
    tokens.find((token) => token.startsWith(prefix))?.slice(prefix.length);

  const maxAffected = prefixed('max-affected=');
  return {
    return: valueOf(choices.return),
    count: valueOf(choices.count),
    resolution: valueOf(choices.resolution),
    missing: valueOf(choices.missing),
    handling: valueOf(choices.handling),
    transaction: txEndModes[TX_END].allowOverride ? valueOf(choices.transaction) : undefined,
    maxAffected:
      maxAffected !== undefined && /^-?\d+$/.test(maxAffected) ? Number(maxAffected) : undefined,
    timezone: prefixed('timezone='),
    invalid: tokens.filter(
      (token) =>
        !accepted.has(token) &&
        !token.startsWith('timezone=') &&
        !token.startsWith('max-affected='),
    ),
  };
}

/** `count=exact` and `count=estimated` count the rows; `count=planned` only asks the planner. */
export const countsRows = (preferences: Preferences) =>
  preferences.count === 'exact' || preferences.count === 'estimated';

/** With `handling=strict`, a preference PostgREST does not know is 400 PGRST122. */
export function checkPreferences(preferences: Preferences): void {
  if (preferences.handling === 'strict' && preferences.invalid.length > 0) {
    throw restError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${preferences.invalid.join(', ')}`,
    );
  }
}

/** `max-affected=N` binds only with `handling=strict`. */
export const maxAffectedOf = (preferences: Preferences) =>
  preferences.handling === 'strict' ? preferences.maxAffected : undefined;
