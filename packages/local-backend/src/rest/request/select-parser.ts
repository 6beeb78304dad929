import { restError } from '../errors';
import { Scanner, type JsonStep } from './scanner';

export type SelectItem = StarItem | ColumnItem | EmbedItem;

export interface StarItem {
  kind: 'star';
}

export interface ColumnItem {
  kind: 'column';
  column: string;
  path: JsonStep[];
  alias?: string;
  cast?: string;
}

export interface EmbedItem {
  kind: 'embed';
  relation: string;
  alias?: string;
  hint?: string;
  inner: boolean;
  spread: boolean;
  items: SelectItem[];
}

const aggregateFunctions = new Set(['count', 'sum', 'avg', 'max', 'min']);

const aggregatesDisabled = () =>
  restError(400, 'PGRST123', 'Use of aggregate functions is not allowed');

/**
 * Parses PostgREST's `select` grammar: `*`, `alias:column->json::cast`, and embeds
 * `alias:relation!hint!inner(...)` / `...relation(...)`, nested to any depth.
 */
export function parseSelect(input: string): SelectItem[] {
  const scanner = new Scanner(input, 'select parameter');
  const items = input === '' ? [] : parseItems(scanner);
  if (!scanner.done) throw scanner.fail('",", "(" or end of input');
  return items;
}

function parseItems(scanner: Scanner): SelectItem[] {
  const items: SelectItem[] = [parseItem(scanner)];
  while (scanner.take(',')) items.push(parseItem(scanner));
  return items;
}

function parseItem(scanner: Scanner): SelectItem {
  const spread = scanner.take('...');
  if (!spread && scanner.take('*')) return { kind: 'star' };

  let name = scanner.name('a column or relation name');
  let alias: string | undefined;
  if (scanner.peek(':') && !scanner.peek('::')) {
    scanner.take(':');
    alias = name;
    name = scanner.name('a column or relation name');
  }

  if (scanner.peek('!') || scanner.peek('(')) {
    if (!spread && !alias && name === 'count' && scanner.peek('()')) throw aggregatesDisabled();
    return parseEmbed(scanner, name, alias, spread);
  }
  if (spread) throw scanner.fail('"(" after a spread relation');

  const path = scanner.jsonPath();
  if (scanner.peek('.')) {
    scanner.take('.');
    const fn = scanner.name('an aggregate function');
    if (aggregateFunctions.has(fn)) throw aggregatesDisabled();
    throw scanner.fail('an aggregate function');
  }
  const item: ColumnItem = { kind: 'column', column: name, path };
  if (alias !== undefined) item.alias = alias;
  if (scanner.take('::')) item.cast = castType(scanner);
  return item;
}

function parseEmbed(
  scanner: Scanner,
  relation: string,
  alias: string | undefined,
  spread: boolean,
): EmbedItem {
  const embed: EmbedItem = { kind: 'embed', relation, inner: false, spread, items: [] };
  if (alias !== undefined) embed.alias = alias;
  while (scanner.take('!')) {
    const hint = scanner.name('a hint or join type');
    if (hint === 'inner') embed.inner = true;
    else if (hint === 'left') embed.inner = false;
    else embed.hint = hint;
  }
  scanner.expect('(');
  if (!scanner.peek(')')) embed.items = parseItems(scanner);
  scanner.expect(')', '"," or ")"');
  return embed;
}

function castType(scanner: Scanner): string {
  const match = /^[A-Za-z_][A-Za-z0-9_]*(\[\])?/.exec(scanner.input.slice(scanner.position));
  if (!match) throw scanner.fail('a type name');
  scanner.position += match[0].length;
  return match[0];
}
