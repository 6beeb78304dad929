/**
 * The query parameters a request may use, checked by exact name (xAPI-Communication 3.2: an
 * unknown parameter, or a known one in another case, is a 400), and read as typed values.
 */
import { XapiError } from './http.ts';

export function allowOnly(params: URLSearchParams, allowed: readonly string[]): void {
  for (const name of params.keys()) {
    if (!allowed.includes(name)) throw new XapiError(400, `Unknown parameter: ${name}`);
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iriPattern = /^[a-z][a-z0-9+.-]*:[^\s]+$/i;
// ISO 8601 combined date and time, with an optional fraction and zone.
const timestampPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

export function uuidParameter(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  if (!uuidPattern.test(value)) throw new XapiError(400, `${name} must be a UUID.`);
  return value.toLowerCase();
}

export function iriParameter(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  if (!iriPattern.test(value)) throw new XapiError(400, `${name} must be an IRI.`);
  return value;
}

export function booleanParameter(params: URLSearchParams, name: string): boolean | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  if (value !== 'true' && value !== 'false') {
    throw new XapiError(400, `${name} must be true or false.`);
  }
  return value === 'true';
}

export function timestampParameter(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  if (!timestampPattern.test(value) || Number.isNaN(Date.parse(value))) {
    throw new XapiError(400, `${name} must be an ISO 8601 timestamp.`);
  }
  return value;
}

export function countParameter(params: URLSearchParams, name: string): number | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  if (!/^\d{1,9}$/.test(value)) throw new XapiError(400, `${name} must be a nonnegative integer.`);
  return Number(value);
}

export function choiceParameter<Choice extends string>(
  params: URLSearchParams,
  name: string,
  choices: readonly Choice[],
): Choice | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  if (!choices.includes(value as Choice)) {
    throw new XapiError(400, `${name} must be one of ${choices.join(', ')}.`);
  }
  return value as Choice;
}

/** An Agent or Identified Group in JSON, with exactly one inverse functional identifier. */
export function agentParameter(
  params: URLSearchParams,
  name: string,
): Record<string, unknown> | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  let agent: unknown;
  try {
    agent = JSON.parse(value);
  } catch {
    throw new XapiError(400, `${name} must be an Agent in JSON.`);
  }
  const identifiers = ['mbox', 'mbox_sha1sum', 'openid', 'account'];
  if (
    !agent ||
    typeof agent !== 'object' ||
    Array.isArray(agent) ||
    identifiers.filter((key) => key in agent).length !== 1
  ) {
    throw new XapiError(400, `${name} must be an Agent or Group with exactly one identifier.`);
  }
  return agent as Record<string, unknown>;
}
