// readBody, which every function parses its JSON with: a lone surrogate anywhere (a string or a
// key, however deep) is a 400 with a message, not a server error later; valid input is unchanged.
import { describe, expect, it } from 'vitest';
import { readBody, z } from '../../supabase/functions/_shared/body.ts';
import { HttpError } from '../../supabase/functions/_shared/http.ts';

function post(body: string): Request {
  return new Request('http://functions.test/', { method: 'POST', body });
}

async function refusal(body: string, schema: z.ZodType = z.unknown()) {
  const error: unknown = await readBody(post(body), schema).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  return { status: (error as HttpError).status, message: (error as HttpError).message };
}

const notUnicode = { status: 400, message: 'The request body must be well-formed Unicode text.' };

describe('readBody', () => {
  it('returns valid input as parsed, surrogate pairs and line breaks included', async () => {
    const body = { name: 'Zoë 😀', nested: [{ note: 'one\ntwo' }], count: 3 };
    await expect(readBody(post(JSON.stringify(body)), z.unknown())).resolves.toEqual(body);
    await expect(readBody(post('"\\ud83d\\ude00"'), z.string())).resolves.toBe('😀');
  });

  it('refuses a lone surrogate in a string, a nested string or a key', async () => {
    await expect(refusal('{"firstName": "Sam\\ud800"}')).resolves.toEqual(notUnicode);
    await expect(refusal('{"a": [{"b": ["ok", "\\udfff"]}]}')).resolves.toEqual(notUnicode);
    await expect(refusal('{"\\ud800": "value"}')).resolves.toEqual(notUnicode);
    await expect(refusal('"\\ude00\\ud83d"')).resolves.toEqual(notUnicode);
  });

  it('still answers 400 for a body that is not JSON, or deeply nested, or not the schema', async () => {
    await expect(refusal('{"a":')).resolves.toEqual({
      status: 400,
      message: 'The request body must be JSON.',
    });
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const outcome = await readBody(post(deep), z.unknown()).then(
      () => 'parsed',
      (caught: unknown) => (caught instanceof HttpError ? caught.status : 'crashed'),
    );
    expect([400, 'parsed']).toContain(outcome);
    await expect(refusal('{"email": 1}', z.object({ email: z.string() }))).resolves.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^email: /) as unknown,
    });
  });
});
