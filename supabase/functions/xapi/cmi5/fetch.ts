/**
 * cmi5's fetch URL (`<endpoint>cmi5/fetch/<code>`, cmi5 8.2.3): the first POST answers the launch
 * token; every answer is 200 with JSON, an error as cmi5's error-code and error-text.
 */
import { databaseError, lrsDatabase } from '../database.ts';
import { type Answer, XapiError } from '../http.ts';
import type { XapiRequest } from '../request.ts';

export const fetchPrefix = 'cmi5/fetch/';

const fetchCode = /^[0-9a-f]{48}$/;

export async function fetchLaunchToken(request: XapiRequest): Promise<Answer> {
  if (request.method !== 'POST') {
    throw new XapiError(405, 'The fetch URL answers POST only.', { Allow: 'POST' });
  }
  const code = request.resource.slice(fetchPrefix.length);
  if (!fetchCode.test(code)) {
    return { status: 200, body: { 'error-code': '2', 'error-text': 'This launch is not known.' } };
  }
  const { data, error } = await lrsDatabase().rpc('lrs_fetch_token', { fetch_code: code });
  if (error) throw databaseError(error);
  return { status: 200, body: data };
}
