import { quoteIdent } from '../../db/quote-ident';
import type { RoutineChoice } from '../plan/routine-choice';
import { qualified, type SqlParams } from './sql';

export interface RoutineCall {
  /** A FROM item producing the typed arguments (`pgrst_args`), if the call takes any. */
  argumentsFrom: string | undefined;
  /** The call itself, e.g. `"public"."add_numbers"("a" := pgrst_args."a", ...)`. */
  call: string;
}

/**
 * The call with named arguments. The arguments are one bound JSON parameter that json_to_record
 * turns into values of each parameter's own type, as PostgREST does.
 */
export function routineCall(
  choice: RoutineChoice,
  args: Record<string, unknown>,
  body: unknown,
  params: SqlParams,
): RoutineCall {
  const { routine } = choice;
  const fn = qualified(routine.schema, routine.name);
  if (choice.wholeBody) {
    const [param] = routine.params;
    return {
      argumentsFrom: undefined,
      call: `${fn}(${params.add(JSON.stringify(body ?? {}))}::${param?.type ?? 'json'})`,
    };
  }
  const given = routine.params.filter((param) => Object.hasOwn(args, param.name));
  if (given.length === 0) return { argumentsFrom: undefined, call: `${fn}()` };
  const definitions = given.map((param) => `${quoteIdent(param.name)} ${param.type}`).join(', ');
  const named = given
    .map((param) => `${quoteIdent(param.name)} := pgrst_args.${quoteIdent(param.name)}`)
    .join(', ');
  return {
    argumentsFrom: `json_to_record(${params.add(JSON.stringify(args))}::json) as pgrst_args(${definitions})`,
    call: `${fn}(${named})`,
  };
}
