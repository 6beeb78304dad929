/**
 * Writes the outcomes of sent requests to net._http_response, deleting their queue rows in the same
 * statement. Outcomes that finish while a write is under way are written together by the next one,
 * so a burst of requests holds one pooled connection rather than every connection the API needs.
 */
import type pg from 'pg';
import type { RequestOutcome } from './send';

const recordSql = `
with outcome as (
  select * from unnest($1::bigint[], $2::integer[], $3::text[], $4::jsonb[], $5::text[],
                       $6::boolean[], $7::text[])
    as outcome (id, status_code, content_type, headers, content, timed_out, error_msg)
), sent as (
  delete from net.http_request_queue where id in (select id from outcome)
)
insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
select id, status_code, content_type, headers, content, timed_out, error_msg from outcome`;

interface Waiting {
  id: string;
  outcome: RequestOutcome;
  written: () => void;
}

export interface ResponseRecorder {
  /** Resolves once the outcome is written (or its write failed, which `onFailure` was told). */
  record(id: string, outcome: RequestOutcome): Promise<void>;
}

export function recordResponses(
  pool: pg.Pool,
  onFailure: (error: unknown) => void,
): ResponseRecorder {
  const waiting: Waiting[] = [];
  let writing = false;

  const write = () => {
    if (writing || waiting.length === 0) return;
    writing = true;
    const batch = waiting.splice(0);
    const column = <T>(pick: (outcome: RequestOutcome) => T) =>
      batch.map((entry) => pick(entry.outcome));
    pool
      .query(recordSql, [
        batch.map((entry) => entry.id),
        column((outcome) => outcome.statusCode),
        column((outcome) => outcome.contentType),
        column((outcome) => (outcome.headers === null ? null : JSON.stringify(outcome.headers))),
        column((outcome) => outcome.content),
        column((outcome) => outcome.timedOut),
        column((outcome) => outcome.errorMessage),
      ])
      .catch(onFailure)
      .finally(() => {
        writing = false;
        for (const entry of batch) entry.written();
        write();
      });
  };

  return {
    record: (id, outcome) =>
      new Promise<void>((written) => {
        waiting.push({ id, outcome, written });
        write();
      }),
  };
}
