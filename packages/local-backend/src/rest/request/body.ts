import type { ApiRequest } from '../../http/types';
import { invalidBody } from '../errors';

export const hasBody = (request: ApiRequest) => request.body.toString('utf8').trim() !== '';

export function parseBody(request: ApiRequest): unknown {
  const text = request.body.toString('utf8');
  if (text.trim() === '') throw invalidBody();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidBody();
  }
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
