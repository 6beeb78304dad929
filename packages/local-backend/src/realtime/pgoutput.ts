/**
 * Parses the messages of Postgres' built-in `pgoutput` logical decoding plugin, protocol version 1
 * (https://www.postgresql.org/docs/current/protocol-logicalrep-message-formats.html).
 */

export interface RelationColumn {
  name: string;
  typeOid: number;
  typeModifier: number;
  /** Part of the replica identity (every column is, under REPLICA IDENTITY FULL). */
  isKey: boolean;
}

export interface Relation {
  id: number;
  schema: string;
  table: string;
  /** 'd' default (primary key), 'n' nothing, 'f' full, 'i' index. */
  replicaIdentity: string;
  columns: RelationColumn[];
}

/**
 * One value of a tuple: the text Postgres' output function gives, null for SQL NULL, or undefined
 * for a TOASTed value the update left unchanged (Postgres does not send it again).
 */
export type TupleValue = string | null | undefined;

export type PgOutputMessage =
  | { tag: 'begin'; commitTime: Date; xid: number }
  | { tag: 'commit'; commitTime: Date }
  | { tag: 'relation'; relation: Relation }
  | { tag: 'insert'; relationId: number; newTuple: TupleValue[] }
  | {
      tag: 'update';
      relationId: number;
      /** 'K' the old key (when it changed), 'O' the whole old row (REPLICA IDENTITY FULL). */
      oldKind: 'K' | 'O' | undefined;
      oldTuple: TupleValue[] | undefined;
      newTuple: TupleValue[];
    }
  | { tag: 'delete'; relationId: number; oldKind: 'K' | 'O'; oldTuple: TupleValue[] }
  | { tag: 'other'; code: string };

/** Postgres timestamps count microseconds from 2000-01-01T00:00:00Z. */
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);

export class PgOutputError extends Error {}

class Reader {
  private offset = 0;

  constructor(private readonly data: Buffer) {}

  private need(bytes: number): void {
    if (this.offset + bytes > this.data.length) throw new PgOutputError('message is truncated');
  }

  byte(): number {
    this.need(1);
    return this.data.readUInt8(this.offset++);
  }

  char(): string {
    return String.fromCharCode(this.byte());
  }

  int16(): number {
    this.need(2);
    const value = this.data.readInt16BE(this.offset);
    this.offset += 2;
    return value;
  }

  int32(): number {
    this.need(4);
    const value = this.data.readInt32BE(this.offset);
    this.offset += 4;
    return value;
  }

  uint32(): number {
    this.need(4);
    const value = this.data.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }

  int64(): bigint {
    this.need(8);
    const value = this.data.readBigInt64BE(this.offset);
    this.offset += 8;
    return value;
  }

  timestamp(): Date {
    return new Date(POSTGRES_EPOCH_MS + Number(this.int64() / 1000n));
  }

  cstring(): string {
    const end = this.data.indexOf(0, this.offset);
    if (end < 0) throw new PgOutputError('string is not terminated');
    const value = this.data.toString('utf8', this.offset, end);
    this.offset = end + 1;
    return value;
  }

  bytes(length: number): Buffer {
    this.need(length);
    const value = this.data.subarray(this.offset, this.offset + length);
    this.offset += length;
    return value;
  }
}

export function parsePgOutput(data: Buffer): PgOutputMessage {
  const reader = new Reader(data);
  const code = reader.char();
  switch (code) {
    case 'B': {
      reader.int64(); // final LSN of the transaction
      const commitTime = reader.timestamp();
      return { tag: 'begin', commitTime, xid: reader.uint32() };
    }
    case 'C': {
      reader.byte(); // flags
      reader.int64(); // commit LSN
      reader.int64(); // end LSN
      return { tag: 'commit', commitTime: reader.timestamp() };
    }
    case 'R':
      return { tag: 'relation', relation: readRelation(reader) };
    case 'I': {
      const relationId = reader.uint32();
      expectKind(reader.char(), 'N');
      return { tag: 'insert', relationId, newTuple: readTuple(reader) };
    }
    case 'U': {
      const relationId = reader.uint32();
      let kind = reader.char();
      let oldKind: 'K' | 'O' | undefined;
      let oldTuple: TupleValue[] | undefined;
      if (kind === 'K' || kind === 'O') {
        oldKind = kind;
        oldTuple = readTuple(reader);
        kind = reader.char();
      }
      expectKind(kind, 'N');
      return { tag: 'update', relationId, oldKind, oldTuple, newTuple: readTuple(reader) };
    }
    case 'D': {
      const relationId = reader.uint32();
      const kind = reader.char();
      if (kind !== 'K' && kind !== 'O') throw new PgOutputError(`unexpected tuple kind ${kind}`);
      return { tag: 'delete', relationId, oldKind: kind, oldTuple: readTuple(reader) };
    }
    default:
      // Origin, Type, Truncate and logical messages carry nothing realtime delivers.
      return { tag: 'other', code };
  }
}

function expectKind(actual: string, expected: string): void {
  if (actual !== expected)
    throw new PgOutputError(`expected tuple kind ${expected}, got ${actual}`);
}

function readRelation(reader: Reader): Relation {
  const id = reader.uint32();
  const schema = reader.cstring() || 'pg_catalog';
  const table = reader.cstring();
  const replicaIdentity = reader.char();
  const count = reader.int16();
  const columns: RelationColumn[] = [];
  for (let index = 0; index < count; index++) {
    const flags = reader.byte();
    columns.push({
      isKey: (flags & 1) === 1,
      name: reader.cstring(),
      typeOid: reader.uint32(),
      typeModifier: reader.int32(),
    });
  }
  return { id, schema, table, replicaIdentity, columns };
}

function readTuple(reader: Reader): TupleValue[] {
  const count = reader.int16();
  const values: TupleValue[] = [];
  for (let index = 0; index < count; index++) {
    const kind = reader.char();
    if (kind === 'n') values.push(null);
    else if (kind === 'u') values.push(undefined);
    else if (kind === 't') values.push(reader.bytes(reader.int32()).toString('utf8'));
    else throw new PgOutputError(`unexpected column kind ${kind}`);
  }
  return values;
}
