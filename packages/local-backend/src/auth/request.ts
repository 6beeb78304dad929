import type { ApiRequest } from '../http/types';
import { badJson, validationFailed } from './errors';

export type Fields = Record<string, unknown>;

/** Deeper JSON is refused: no auth field needs it, and Postgres runs out of stack storing it. */
export const MAX_JSON_DEPTH = 64;

/** The JSON object a request carries ({} for an empty body); 400 bad_json for anything else. */
export function jsonBody(request: ApiRequest): Fields {
  if (request.body.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(request.body.toString('utf8'));
  } catch {
    throw badJson('Could not parse request body as JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badJson('Request body must be a JSON object');
  }
  assertStorable(parsed);
  return parsed as Fields;
}

/** The fields of an HTML form post (application/x-www-form-urlencoded). */
export function formBody(request: ApiRequest): URLSearchParams {
  const form = new URLSearchParams(request.body.toString('utf8'));
  assertNoNulInParams(form);
  return form;
}

/** Query parameters (verify links, redirect_to, grant_type...) go into the database as text too. */
export function assertNoNulInParams(params: URLSearchParams): void {
  for (const [name, value] of params) {
    if (name.includes('\0') || value.includes('\0')) throw nulRefused();
  }
}

/**
 * Postgres text and jsonb cannot hold U+0000, so a NUL anywhere would fail deep in a query as a 500;
 * nesting past MAX_JSON_DEPTH likewise. Walked without recursion, since the input sets the depth.
 */
function assertStorable(value: unknown): void {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item === 'string') {
      if (item.includes('\0')) throw nulRefused();
      continue;
    }
    if (!item || typeof item !== 'object') continue;
    if (depth > MAX_JSON_DEPTH) {
      throw validationFailed(`Request body is nested deeper than ${MAX_JSON_DEPTH} levels`);
    }
    if (Array.isArray(item)) {
      for (const element of item) pending.push([element, depth + 1]);
      continue;
    }
    for (const [key, element] of Object.entries(item)) {
      if (key.includes('\0')) throw nulRefused();
      pending.push([element, depth + 1]);
    }
  }
}

const nulRefused = () => validationFailed('Request contains a NUL character (\\u0000)');

/** A string field: undefined when absent or null, 400 when of another type. */
export function optionalString(fields: Fields, name: string): string | undefined {
  const value = fields[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw validationFailed(`${name} must be a string`);
  return value;
}

/** An object field (metadata): undefined when absent or null, 400 when of another type. */
export function optionalObject(fields: Fields, name: string): Fields | undefined {
  const value = fields[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw validationFailed(`${name} must be a JSON object`);
  }
  return value as Fields;
}

const emailFormat = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** GoTrue keeps addresses lowercased; 400 for anything that is not one. */
export function normalizeEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  if (normalized.length > 255) throw validationFailed('An email address is too long');
  if (!emailFormat.test(normalized)) {
    throw validationFailed('Unable to validate email address: invalid format');
  }
  return normalized;
}
