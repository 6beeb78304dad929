import type { ApiRequest } from '../http/types';
import { badJson, validationFailed } from './errors';

export type Fields = Record<string, unknown>;

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
  return parsed as Fields;
}

/** The fields of an HTML form post (application/x-www-form-urlencoded). */
export function formBody(request: ApiRequest): URLSearchParams {
  return new URLSearchParams(request.body.toString('utf8'));
}

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
