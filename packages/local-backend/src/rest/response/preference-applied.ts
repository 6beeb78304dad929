import { maxAffectedOf, type Preferences } from '../request/preferences';

/** What a request did, for the preferences that apply to it. */
export type RequestKind = 'read' | 'insert' | 'update' | 'delete' | 'rpc';

/**
 * The `Preference-Applied` header PostgREST sends: the preferences it honoured for this kind of
 * request, in its own order. `resolution` only counts for an insert with a key to resolve on.
 */
export function preferenceHeaders(
  preferences: Preferences,
  kind: RequestKind,
  options: { resolves?: boolean } = {},
): Record<string, string> {
  const write = kind === 'insert' || kind === 'update' || kind === 'delete';
  const applied = [
    kind === 'insert' && options.resolves && preferences.resolution
      ? `resolution=${preferences.resolution}`
      : undefined,
    (kind === 'insert' || kind === 'update') && preferences.missing
      ? `missing=${preferences.missing}`
      : undefined,
    write && preferences.return ? `return=${preferences.return}` : undefined,
    preferences.count ? `count=${preferences.count}` : undefined,
    preferences.transaction ? `tx=${preferences.transaction}` : undefined,
    preferences.handling ? `handling=${preferences.handling}` : undefined,
    preferences.timezone === undefined ? undefined : `timezone=${preferences.timezone}`,
    (kind === 'update' || kind === 'delete' || kind === 'rpc') &&
    maxAffectedOf(preferences) !== undefined
      ? `max-affected=${preferences.maxAffected}`
      : undefined,
  ].filter((value): value is string => value !== undefined);
  return applied.length ? { 'Preference-Applied': applied.join(', ') } : {};
}
