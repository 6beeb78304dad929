import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Logger } from '../http/types';
import { parsePgOutput, type Relation, type TupleValue } from './pgoutput';

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

/** Column values by name: text, null, or undefined for an unchanged TOASTed value not sent. */
export type RowValues = Record<string, TupleValue>;

export interface TableChange {
  type: ChangeType;
  relation: Relation;
  /** When the transaction committed, as YYYY-MM-DDTHH:MM:SS.mmmZ. */
  commitTimestamp: string;
  /** The row after an INSERT or UPDATE. */
  newValues?: RowValues;
  /** Before an UPDATE or DELETE: the whole row under REPLICA IDENTITY FULL, else only the key. */
  oldValues?: RowValues;
  oldIsFullRow: boolean;
}

export interface ChangeFeed {
  close(): Promise<void>;
}

export interface ChangeFeedOptions {
  connectionString: string;
  publication: string;
  pollIntervalMs: number;
  /** Called with each batch of changes, in commit order; the next read waits for it. */
  onChanges(changes: TableChange[]): Promise<void>;
  log: Logger;
}

const RETRY_AFTER_ERROR_MS = 1000;

/**
 * Captures every committed change of the tables in a publication, whoever wrote it, by logical
 * decoding: a temporary replication slot with the pgoutput plugin, read on a short interval. The
 * slot lives as long as its session, so a crashed process leaves nothing behind.
 */
export async function startChangeFeed(options: ChangeFeedOptions): Promise<ChangeFeed> {
  const relations = new Map<number, Relation>();
  let slot: Slot | undefined;
  try {
    slot = await openSlot(options.connectionString);
  } catch (error) {
    // The backend still serves everything else; the first read tries again.
    options.log.error('realtime: creating the replication slot failed', error);
  }
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;

  const readOnce = async (): Promise<number> => {
    if (!slot) slot = await openSlot(options.connectionString);
    const { rows } = await slot.client.query<{ data: Buffer }>(
      `select data from pg_logical_slot_get_binary_changes($1, null, null,
         'proto_version', '1', 'publication_names', $2)`,
      [slot.name, options.publication],
    );
    const changes = decodeChanges(
      rows.map((row) => row.data),
      relations,
    );
    if (changes.length > 0) await options.onChanges(changes);
    return rows.length;
  };

  const tick = async () => {
    let delay = options.pollIntervalMs;
    try {
      const read = await readOnce();
      // A busy database is drained without pausing.
      if (read > 0) delay = 0;
    } catch (error) {
      if (stopped) return;
      options.log.error('realtime: reading database changes failed', error);
      await slot?.close().catch(() => undefined);
      slot = undefined;
      delay = RETRY_AFTER_ERROR_MS;
    }
    if (!stopped) timer = setTimeout(schedule, delay);
  };
  const schedule = () => {
    current = tick();
  };
  timer = setTimeout(schedule, options.pollIntervalMs);

  return {
    close: async () => {
      stopped = true;
      clearTimeout(timer);
      await current;
      await slot?.close();
      slot = undefined;
    },
  };
}

interface Slot {
  name: string;
  client: pg.Client;
  close(): Promise<void>;
}

async function openSlot(connectionString: string): Promise<Slot> {
  const client = new pg.Client({ connectionString, application_name: 'local-realtime' });
  client.on('error', () => undefined);
  await client.connect();
  const name = `local_realtime_${process.pid}_${randomBytes(4).toString('hex')}`;
  try {
    await client.query(`select pg_create_logical_replication_slot($1, 'pgoutput', true)`, [name]);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return {
    name,
    client,
    close: async () => {
      await client.query('select pg_drop_replication_slot($1)', [name]).catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}

/** Turns pgoutput messages into row changes, keeping the relation descriptions it announces. */
export function decodeChanges(messages: Buffer[], relations: Map<number, Relation>): TableChange[] {
  const changes: TableChange[] = [];
  let commitTimestamp = new Date().toISOString();
  for (const data of messages) {
    const message = parsePgOutput(data);
    switch (message.tag) {
      case 'begin':
        commitTimestamp = message.commitTime.toISOString();
        break;
      case 'relation':
        relations.set(message.relation.id, message.relation);
        break;
      case 'insert': {
        const relation = relations.get(message.relationId);
        if (!relation) break;
        changes.push({
          type: 'INSERT',
          relation,
          commitTimestamp,
          newValues: rowValues(relation, message.newTuple),
          oldIsFullRow: false,
        });
        break;
      }
      case 'update': {
        const relation = relations.get(message.relationId);
        if (!relation) break;
        const oldValues = message.oldTuple ? rowValues(relation, message.oldTuple) : undefined;
        const newValues = rowValues(relation, message.newTuple);
        for (const [name, value] of Object.entries(newValues)) {
          if (value === undefined && oldValues?.[name] !== undefined) {
            newValues[name] = oldValues[name];
          }
        }
        changes.push({
          type: 'UPDATE',
          relation,
          commitTimestamp,
          newValues,
          oldValues,
          oldIsFullRow: message.oldKind === 'O',
        });
        break;
      }
      case 'delete': {
        const relation = relations.get(message.relationId);
        if (!relation) break;
        changes.push({
          type: 'DELETE',
          relation,
          commitTimestamp,
          oldValues: rowValues(relation, message.oldTuple),
          oldIsFullRow: message.oldKind === 'O',
        });
        break;
      }
      default:
        break;
    }
  }
  return changes;
}

function rowValues(relation: Relation, tuple: TupleValue[]): RowValues {
  const values: RowValues = {};
  relation.columns.forEach((column, index) => {
    values[column.name] = tuple[index];
  });
  return values;
}
