import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import {
  checkedColumnValues,
  databaseTypesPath,
  generateDatabaseTypes,
  viewColumnsNeverNull,
} from '../../scripts/lib/database-types';
import { database } from './project';

it('the committed database types match the migrations (run `npm run db:generate` after changing them)', async () => {
  const committed = await readFile(
    join(import.meta.dirname, '..', '..', databaseTypesPath),
    'utf8',
  );
  expect(await generateDatabaseTypes(database())).toBe(committed);
});

/** Runs `probe` with a schema of its own, created empty and dropped after. */
async function inProbeSchema(
  schema: string,
  probe: (db: ReturnType<typeof database>) => Promise<void>,
): Promise<void> {
  const db = database();
  await db.query(`drop schema if exists ${schema} cascade; create schema ${schema}`);
  try {
    await probe(db);
  } finally {
    await db.query(`drop schema ${schema} cascade`);
  }
}

it('types a view column as non-null only where Postgres proves it cannot be null', async () => {
  const schema = 'nullability_probe';
  await inProbeSchema(schema, async (db) => {
    await db.query(`
      create table ${schema}.people (id int primary key, name text not null, nickname text);
      create table ${schema}.visits (id int primary key, person_id int not null
        references ${schema}.people, at timestamptz not null);
      create view ${schema}.visits_named as
        select v.id, v.at, p.name, p.nickname, upper(p.name) as shouted
        from ${schema}.visits v join ${schema}.people p on p.id = v.person_id;
      create view ${schema}.people_visits as
        select p.id, p.name, v.at as visited_at
        from ${schema}.people p left join ${schema}.visits v on v.person_id = p.id;
      create view ${schema}.visits_named_again as select id, name, nickname from ${schema}.visits_named;
      create view ${schema}.from_a_subquery as
        select s.id, s.name from (select id, name from ${schema}.people) s;`);
    const neverNull = await viewColumnsNeverNull(db, schema);
    const { rows } = await db.query<{ key: string; name: string }>(
      `select a.attrelid::int8::text || '.' || a.attnum as key, c.relname || '.' || a.attname as name
       from pg_attribute a join pg_class c on c.oid = a.attrelid
       where c.relnamespace = $1::regnamespace and c.relkind = 'v' and a.attnum > 0`,
      [schema],
    );
    expect(
      rows
        .filter(({ key }) => neverNull.has(key))
        .map(({ name }) => name)
        .sort(),
    ).toEqual([
      'people_visits.id',
      'people_visits.name',
      'visits_named.at',
      'visits_named.id',
      'visits_named.name',
      'visits_named_again.id',
      'visits_named_again.name',
    ]);
  });
});

it('types a text column, or a column of a text domain, by the values its check lists', async () => {
  const schema = 'checked_values_probe';
  await inProbeSchema(schema, async (db) => {
    await db.query(`
      create table ${schema}.tickets (
        id int primary key,
        status text not null check (status in ('open', 'won''t fix', 'closed')),
        kind text check (kind = 'bug'),
        title text check (char_length(title) < 80),
        code varchar(4) check (code in ('a', 'b')),
        low text, high text, check (low < high)
      );
      create domain ${schema}.priority as text not null check (value in ('low', 'high'));
      create view ${schema}.triage as
        select id, (case when kind = 'bug' then 'high' else 'low' end)::${schema}.priority as priority
        from ${schema}.tickets;`);
    const checked = await checkedColumnValues(db, schema);
    expect([...checked.values()]).toEqual([
      { name: 'priority', values: ['low', 'high'] },
      { name: 'tickets_kind', values: ['bug'] },
      { name: 'tickets_status', values: ['open', "won't fix", 'closed'] },
    ]);
  });
});
