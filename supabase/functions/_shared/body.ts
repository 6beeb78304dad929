import { z } from 'zod';
import { HttpError } from './http.ts';

/** The request's JSON body checked against a schema; 400 with the first problem otherwise. */
export async function readBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<z.infer<Schema>> {
  let raw: unknown;
  try {
    raw = await request.json();
  } catch {
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
