import { quoteIdent } from '../../db/quote-ident';
import type { Relationship } from '../schema-cache/relationships';
import { columnRef, rowArgument, type AliasSource } from './fields';
import { qualified } from './sql';

/**
 * Where the rows related to a parent row (`parent`) come from, named `child`: the related table
 * joined on the foreign key (through the junction for many-to-many), or a computed relationship's
 * function called with the parent row.
 */
export function relatedRows(
  relationship: Relationship,
  parent: string,
  child: string,
  aliases: AliasSource,
): { from: string; where: string } {
  const { junction, schema } = relationship;
  if (relationship.function) {
    const { name, argColumns } = relationship.function;
    return {
      from: `${qualified(schema, name)}(${rowArgument(parent, schema, relationship.source, argColumns)}) as ${quoteIdent(child)}`,
      where: 'true',
    };
  }
  const from = `${qualified(schema, relationship.target)} as ${quoteIdent(child)}`;
  if (!junction) {
    const where = relationship.columns
      .map(([source, target]) => `${columnRef(child, target)} = ${columnRef(parent, source)}`)
      .join(' and ');
    return { from, where };
  }
  const link = aliases.next('j');
  const conditions = [
    ...junction.sourceColumns.map(
      ([source, linkColumn]) => `${columnRef(link, linkColumn)} = ${columnRef(parent, source)}`,
    ),
    ...junction.targetColumns.map(
      ([target, linkColumn]) => `${columnRef(link, linkColumn)} = ${columnRef(child, target)}`,
    ),
  ];
  return {
    from,
    where: `exists (select 1 from ${qualified(junction.schema, junction.table)} as ${quoteIdent(link)} where ${conditions.join(' and ')})`,
  };
}
