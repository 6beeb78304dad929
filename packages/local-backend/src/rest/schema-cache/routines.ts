import type { RoutineRow } from './catalog';
import { compareText } from './compare-text';
import type { ColumnInfo, RelationInfo, RoutineInfo, RoutineParam, RoutineResult } from './types';

/** Types a lone unnamed parameter may have: PostgREST passes it the whole request body. */
const bodyParameterTypes = new Set(['bytea', 'json', 'jsonb', 'text', 'xml']);

/**
 * PostgREST leaves out of its cache any function it could not call by named arguments: one with
 * two or more unnamed parameters, or one whose only unnamed parameter could not take the body.
 */
function isCallable(routine: RoutineInfo): boolean {
  const unnamed = routine.params.filter((param) => param.name === '');
  if (unnamed.length === 0) return true;
  return unnamed.length === 1 && bodyParameterTypes.has(unnamed[0]?.type ?? '');
}

/** Overloads in PostgREST's order: fewer parameters first, then by the parameters themselves. */
function compareRoutines(a: RoutineInfo, b: RoutineInfo): number {
  if (a.params.length !== b.params.length) return a.params.length - b.params.length;
  for (let index = 0; index < a.params.length; index += 1) {
    const [left, right] = [a.params[index], b.params[index]];
    if (!left || !right) break;
    const order = compareText(left.name, right.name) || compareText(left.type, right.type);
    if (order) return order;
  }
  return 0;
}

/** Each exposed schema's callable functions by name, their overloads in PostgREST's order. */
export function describeRoutines(
  rows: RoutineRow[],
  columnsByRelid: Map<number, ColumnInfo[]>,
  relationsByOid: Map<number, RelationInfo>,
): Map<string, Map<string, RoutineInfo[]>> {
  const bySchema = new Map<string, Map<string, RoutineInfo[]>>();
  for (const row of rows) {
    const routine = describeRoutine(row, columnsByRelid, relationsByOid);
    if (!isCallable(routine)) continue;
    const routines = bySchema.get(row.schema) ?? new Map<string, RoutineInfo[]>();
    routines.set(row.name, [...(routines.get(row.name) ?? []), routine]);
    bySchema.set(row.schema, routines);
  }
  for (const routines of bySchema.values()) {
    for (const overloads of routines.values()) overloads.sort(compareRoutines);
  }
  return bySchema;
}

function describeRoutine(
  row: RoutineRow,
  columnsByRelid: Map<number, ColumnInfo[]>,
  relationsByOid: Map<number, RelationInfo>,
): RoutineInfo {
  const allTypes = row.all_arg_types ?? row.arg_types;
  const modes = row.arg_modes ?? allTypes.map(() => 'i');
  const names = row.arg_names ?? [];
  const inputs: RoutineParam[] = [];
  const outputs: ColumnInfo[] = [];
  allTypes.forEach((type, index) => {
    const mode = modes[index] ?? 'i';
    const name = names[index] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v') {
      inputs.push({ name, type, hasDefault: false });
    }
    if (mode === 'o' || mode === 'b' || mode === 't') {
      outputs.push({
        name,
        type,
        baseType: type.replace(/\[\]$/, ''),
        isArray: type.endsWith('[]'),
        nullable: true,
        hasDefault: false,
      });
    }
  });
  inputs.slice(inputs.length - row.defaults).forEach((param) => (param.hasDefault = true));

  let result: RoutineResult;
  if (row.is_void) result = { kind: 'void' };
  else if (row.return_typtype === 'c') {
    const returned = relationsByOid.get(row.return_relid);
    result = {
      kind: 'row',
      set: row.returns_set,
      columns: columnsByRelid.get(row.return_relid) ?? [],
      relation: returned?.schema === row.schema ? returned.name : undefined,
    };
  } else if (row.return_type === 'record' && outputs.length > 0) {
    result = { kind: 'row', set: row.returns_set, columns: outputs, relation: undefined };
  } else result = { kind: 'scalar', set: row.returns_set, type: row.return_type };

  const volatility = { i: 'immutable', s: 'stable', v: 'volatile' } as const;
  return {
    schema: row.schema,
    name: row.name,
    oid: row.oid,
    params: inputs,
    result,
    volatility: volatility[row.volatility],
  };
}
