/**
 * Quotes an identifier the way Postgres' quote_ident does, so any name is safe inside SQL text. A
 * NUL byte, which Postgres refuses anywhere in a statement, is dropped first.
 */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('\0', '').replaceAll('"', '""')}"`;
}
