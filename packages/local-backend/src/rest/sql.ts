/** Quotes an identifier the way Postgres' quote_ident does, so any name is safe inside SQL text. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('\0', '').replaceAll('"', '""')}"`;
}

/** A table or function of the exposed schema, schema-qualified. */
export function qualified(name: string): string {
  return `"public".${quoteIdent(name)}`;
}

/** Collects bound parameter values while SQL text is built: every value becomes `$n`. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
