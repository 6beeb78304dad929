import { z } from 'zod';
import { HttpError } from './http.ts';

// Under the u flag a surrogate pair is one code point, so this matches only a lone surrogate.
const loneSurrogate = /\p{Surrogate}/u;

/**
 * Parses JSON, refusing a string or key that is not well-formed Unicode: JSON allows a lone
 * surrogate escape ("\ud800"), which no database column or e-mail can hold, so it would fail
 * later as a server error.
 */
function parseWellFormedJson(text: string): unknown {
  let malformed = false;
  const value: unknown = JSON.parse(text, (key, item: unknown) => {
    if (loneSurrogate.test(key) || (typeof item === 'string' && loneSurrogate.test(item)))
      malformed = true;
    return item;
  });
  if (malformed) throw new HttpError(400, 'The request body must be well-formed Unicode text.');
  return value;
}

/** The request's JSON body checked against a schema; 400 with the first problem otherwise. */
export async function readBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<z.infer<Schema>> {
  let raw: unknown;
  try {
    raw = parseWellFormedJson(await request.text());
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'The request body must be JSON.');
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join('.');
    throw new HttpError(
      400,
      field ? `${field}: ${issue?.message}` : (issue?.message ?? 'Invalid request body.'),
    );
  }
  return result.data;
}

export { z };
