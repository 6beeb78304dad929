/**
 * A statement checked against xAPI 1.0.3's data model (xAPI-Data part 2) with Learning Locker's
 * conformance-tested xapi-validation, plus what that package leaves to the LRS: text the database
 * can store. Attachments and their data are checked in ./attachments.ts.
 */
import xapiValidation from 'xapi-validation';
import { XapiError } from '../http.ts';
import { problemText } from './problems.ts';
import { firstUnstorableText } from './text.ts';

export type StatementJson = Record<string, unknown>;

// Deno hands over a CommonJS module's exports object as its default export; the package's function
// is that object's `default`.
const findProblems = xapiValidation.default;

function label(index: number | undefined): string {
  return index === undefined ? 'The statement' : `Statement ${index}`;
}

/** The statement as given, or a 400 naming the first problems found. */
export function validStatement(candidate: unknown, index?: number): StatementJson {
  if (!candidate || typeof candidate !== 'object' || Array.isArray(candidate)) {
    throw new XapiError(400, `${label(index)} must be a JSON object.`);
  }
  const unstorable = firstUnstorableText(candidate);
  if (unstorable) {
    throw new XapiError(
      400,
      `${label(index)}: ${unstorable} contains a NUL or an invalid character.`,
    );
  }
  const problems = findProblems(candidate);
  if (problems.length > 0) {
    throw new XapiError(400, `${label(index)} is not valid xAPI 1.0.3: ${problemText(problems)}.`);
  }
  return candidate as StatementJson;
}
