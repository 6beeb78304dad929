import type pg from 'pg';

export interface PgType {
  oid: number;
  /** pg_type.typname: what change payloads report as a column's `type` ('int8', '_text'). */
  name: string;
  /** The type as SQL can cast to it (format_type), e.g. 'character varying', 'public.mood'. */
  sqlName: string;
  /** The element type of an array type, else 0. */
  elementOid: number;
  /** The delimiter between elements of arrays of this type (',' for nearly all). */
  delimiter: string;
}

/** Types by OID, read from pg_type once: a type's name and shape never change under its OID. */
export class TypeCatalog {
  private readonly known = new Map<number, PgType>();

  constructor(private readonly pool: pg.Pool) {}

  get(oid: number): PgType | undefined {
    return this.known.get(oid);
  }

  /** Loads the given types and the element types of any arrays among them. */
  async load(oids: Iterable<number>): Promise<void> {
    let missing = [...new Set(oids)].filter((oid) => !this.known.has(oid));
    while (missing.length > 0) {
      const { rows } = await this.pool.query<{
        oid: number;
        name: string;
        sql_name: string;
        element_oid: number;
        delimiter: string;
      }>(
        `select oid::int as oid, typname::text as name, format_type(oid, null) as sql_name,
                typelem::int as element_oid, typdelim::text as delimiter
           from pg_type where oid = any($1::oid[])`,
        [missing],
      );
      for (const row of rows) {
        this.known.set(row.oid, {
          oid: row.oid,
          name: row.name,
          sqlName: row.sql_name,
          elementOid: row.element_oid,
          delimiter: row.delimiter,
        });
      }
      // A type that vanished must not be asked for again and again.
      for (const oid of missing) {
        if (!this.known.has(oid)) {
          this.known.set(oid, {
            oid,
            name: 'text',
            sqlName: 'text',
            elementOid: 0,
            delimiter: ',',
          });
        }
      }
      missing = rows
        .map((row) => row.element_oid)
        .filter((oid) => oid !== 0 && !this.known.has(oid));
    }
  }

  /**
   * A column value as hosted Realtime sends it: numbers, booleans, parsed JSON and arrays as JSON
   * values, everything else as the text Postgres gives.
   */
  toJson(oid: number, text: string | null): unknown {
    if (text === null) return null;
    const type = this.known.get(oid);
    if (!type) return text;
    if (type.elementOid !== 0 && type.name.startsWith('_')) {
      const element = this.known.get(type.elementOid);
      const delimiter = element?.delimiter ?? ',';
      try {
        return mapNested(parseArrayLiteral(text, delimiter), (item) =>
          this.toJson(type.elementOid, item),
        );
      } catch {
        return text;
      }
    }
    return scalarToJson(type.name, text);
  }
}

const numericTypes = new Set(['int2', 'int4', 'int8', 'oid', 'float4', 'float8', 'numeric']);

function scalarToJson(typeName: string, text: string): unknown {
  if (numericTypes.has(typeName)) {
    const value = Number(text);
    // NaN and Infinity have no JSON number; Postgres' own to_jsonb keeps them as text too.
    return Number.isFinite(value) ? value : text;
  }
  if (typeName === 'bool') return text === 't' ? true : text === 'f' ? false : text;
  if (typeName === 'json' || typeName === 'jsonb') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

type Nested = (string | null | Nested)[];

function mapNested(items: Nested, convert: (item: string | null) => unknown): unknown[] {
  return items.map((item) => (Array.isArray(item) ? mapNested(item, convert) : convert(item)));
}

/**
 * Parses Postgres' text form of an array: `{a,"b c",NULL}`, nested `{{1,2},{3,4}}`, optionally
 * preceded by explicit bounds (`[0:1]={1,2}`).
 */
export function parseArrayLiteral(text: string, delimiter = ','): Nested {
  let position = 0;
  if (text.startsWith('[')) {
    const equals = text.indexOf('=');
    if (equals < 0) throw new Error('malformed array bounds');
    position = equals + 1;
  }

  const parseLevel = (): Nested => {
    if (text[position] !== '{') throw new Error('expected {');
    position++;
    const items: Nested = [];
    if (text[position] === '}') {
      position++;
      return items;
    }
    for (;;) {
      const char = text[position];
      if (char === '{') items.push(parseLevel());
      else if (char === '"') items.push(parseQuoted());
      else items.push(parseBare());
      const next = text[position];
      position++;
      if (next === '}') return items;
      if (next !== delimiter) throw new Error('expected a delimiter');
    }
  };

  const parseQuoted = (): string => {
    position++;
    let value = '';
    for (;;) {
      const char = text[position];
      if (char === undefined) throw new Error('unterminated quote');
      position++;
      if (char === '"') return value;
      if (char === '\\') {
        value += text[position] ?? '';
        position++;
      } else value += char;
    }
  };

  const parseBare = (): string | null => {
    const start = position;
    while (position < text.length && text[position] !== delimiter && text[position] !== '}') {
      position++;
    }
    const value = text.slice(start, position).trim();
    return value.toUpperCase() === 'NULL' ? null : value;
  };

  const result = parseLevel();
  if (position !== text.length) throw new Error('trailing characters');
  return result;
}
