/**
 * Text the database can hold: no NUL character (Postgres's jsonb refuses \u0000) and no lone
 * surrogate (not UTF-8), in any string or property name, however deep.
 */
export function firstUnstorableText(value: unknown, path = 'statement'): string | undefined {
  if (typeof value === 'string') {
    return value.includes('\u0000') || !value.isWellFormed() ? path : undefined;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstUnstorableText(item, `${path}.${index}`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000') || !key.isWellFormed()) return path;
      const found = firstUnstorableText(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}
