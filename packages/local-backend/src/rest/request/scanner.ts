import { parseError } from '../errors';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

/** A column, optionally followed by a JSON path: `meta->edition`, `data->>name`, `items->0`. */
export interface FieldRef {
  column: string;
  path: JsonStep[];
}

const nameChar = /[\p{L}\p{N}_$ ]/u;

/**
 * A cursor over one query parameter's text for the small recursive-descent parsers of this
 * service; failures answer PostgREST's PGRST100 with the position of the unexpected character.
 */
export class Scanner {
  position = 0;

  constructor(
    readonly input: string,
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.position >= this.input.length;
  }

  peek(text: string): boolean {
    return this.input.startsWith(text, this.position);
  }

  take(text: string): boolean {
    if (!this.peek(text)) return false;
    this.position += text.length;
    return true;
  }

  expect(text: string, expecting = `"${text}"`): void {
    if (!this.take(text)) throw this.fail(expecting);
  }

  fail(expecting: string): Error {
    const found = this.done ? 'end of input' : `"${this.input[this.position]}"`;
    return parseError(
      this.what,
      this.input,
      `unexpected ${found} expecting ${expecting}`,
      this.position + 1,
    );
  }

  /** A bare name (letters, digits, `_`, `$`, spaces and inner dashes) or a "double quoted" one. */
  name(expecting = 'a name'): string {
    if (this.peek('"')) return this.quoted();
    const start = this.position;
    while (!this.done) {
      const char = this.input[this.position] ?? '';
      if (nameChar.test(char)) this.position += 1;
      else if (char === '-' && !this.peek('->') && this.position > start) this.position += 1;
      else break;
    }
    // Spaces are allowed inside bare names, but not around them (`select=id, title`).
    const name = this.input.slice(start, this.position).trim();
    if (name === '') throw this.fail(expecting);
    return name;
  }

  quoted(): string {
    this.expect('"');
    let value = '';
    while (!this.done && !this.peek('"')) {
      if (this.peek('\\') && this.position + 1 < this.input.length) this.position += 1;
      value += this.input[this.position];
      this.position += 1;
    }
    this.expect('"', 'closing quote');
    return value;
  }

  /** `->key`, `->>key`, `->0` steps after a column name. */
  jsonPath(): JsonStep[] {
    const steps: JsonStep[] = [];
    for (;;) {
      let arrow: JsonStep['arrow'];
      if (this.take('->>')) arrow = '->>';
      else if (this.take('->')) arrow = '->';
      else return steps;
      const index = /^-?\d+/.exec(this.input.slice(this.position));
      if (index && !nameChar.test(this.input[this.position + index[0].length] ?? '')) {
        this.position += index[0].length;
        steps.push({ arrow, key: index[0] });
      } else steps.push({ arrow, key: this.name('a JSON key') });
    }
  }

  field(): FieldRef {
    const column = this.name('a column name');
    return { column, path: this.jsonPath() };
  }
}

/** Parses a whole parameter value as one field (`order` terms, filter keys). */
export function parseFieldText(text: string, what: string): FieldRef {
  const scanner = new Scanner(text, what);
  const field = scanner.field();
  if (!scanner.done) throw scanner.fail('end of input');
  return field;
}
