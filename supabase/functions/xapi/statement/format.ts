/**
 * A stored statement in the format a GET asks for (xAPI-Communication 2.1.3): `exact` as stored;
 * `ids` with Agents, Groups, Activities and Verbs cut to what identifies them; `canonical` with one
 * language in each Activity's and Verb's language maps (this LRS keeps no canonical definitions of
 * its own yet, so each statement's definitions are the canonical ones).
 */
import { type LanguageRange, oneLanguage } from './language.ts';
import type { StatementJson } from './validate.ts';

export type StatementFormat = 'ids' | 'exact' | 'canonical';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

const identifiers = ['mbox', 'mbox_sha1sum', 'openid', 'account'];

function agentIds(agent: unknown): unknown {
  if (!isObject(agent)) return agent;
  const identifier = identifiers.find((key) => key in agent);
  const kept: Json = {};
  if (agent.objectType !== undefined) kept.objectType = agent.objectType;
  if (identifier) {
    kept[identifier] = agent[identifier];
  } else if (Array.isArray(agent.member)) {
    // An anonymous Group is identified by its members.
    kept.member = agent.member.map(agentIds);
  }
  return kept;
}

// An Activity is identified by its id alone (objectType Activity is the default).
function activityIds(activity: unknown): unknown {
  return isObject(activity) ? { id: activity.id } : activity;
}

function objectIds(object: unknown): unknown {
  if (!isObject(object)) return object;
  switch (object.objectType) {
    case 'Agent':
    case 'Group':
      return agentIds(object);
    case 'SubStatement':
      return statementIds(object);
    case 'StatementRef':
      return object;
    default:
      return activityIds(object);
  }
}

function mapContextActivities(context: unknown, change: (activity: unknown) => unknown): unknown {
  if (!isObject(context) || !isObject(context.contextActivities)) return context;
  const contextActivities = Object.fromEntries(
    Object.entries(context.contextActivities).map(([kind, activities]) => [
      kind,
      Array.isArray(activities) ? activities.map(change) : change(activities),
    ]),
  );
  return { ...context, contextActivities };
}

function statementIds(statement: Json): Json {
  const result: Json = { ...statement };
  if ('actor' in result) result.actor = agentIds(result.actor);
  if (isObject(result.verb)) result.verb = { id: result.verb.id };
  if ('object' in result) result.object = objectIds(result.object);
  if ('authority' in result) result.authority = agentIds(result.authority);
  if (isObject(result.context)) {
    const context: Json = { ...(mapContextActivities(result.context, activityIds) as Json) };
    if ('instructor' in context) context.instructor = agentIds(context.instructor);
    if ('team' in context) context.team = agentIds(context.team);
    result.context = context;
  }
  return result;
}

const languageMapsOfDefinition = ['name', 'description'];
const componentLists = ['choices', 'scale', 'source', 'target', 'steps'];

function canonicalActivity(activity: unknown, languages: LanguageRange[]): unknown {
  if (!isObject(activity) || !isObject(activity.definition)) return activity;
  const definition: Json = { ...activity.definition };
  for (const key of languageMapsOfDefinition) {
    if (isObject(definition[key]))
      definition[key] = oneLanguage(definition[key] as Json, languages);
  }
  for (const list of componentLists) {
    const components = definition[list];
    if (Array.isArray(components)) {
      definition[list] = components.map((component) =>
        isObject(component) && isObject(component.description)
          ? { ...component, description: oneLanguage(component.description, languages) }
          : component,
      );
    }
  }
  return { ...activity, definition };
}

function statementCanonical(statement: Json, languages: LanguageRange[]): Json {
  const result: Json = { ...statement };
  if (isObject(result.verb) && isObject(result.verb.display)) {
    result.verb = { ...result.verb, display: oneLanguage(result.verb.display, languages) };
  }
  const object = result.object;
  if (isObject(object)) {
    if (object.objectType === 'SubStatement') result.object = statementCanonical(object, languages);
    else if (object.objectType === undefined || object.objectType === 'Activity') {
      result.object = canonicalActivity(object, languages);
    }
  }
  result.context = mapContextActivities(result.context, (activity) =>
    canonicalActivity(activity, languages),
  );
  if (result.context === undefined) delete result.context;
  return result;
}

export function formatStatement(
  statement: StatementJson,
  format: StatementFormat,
  languages: LanguageRange[],
): StatementJson {
  if (format === 'ids') return statementIds(statement);
  if (format === 'canonical') return statementCanonical(statement, languages);
  return statement;
}
