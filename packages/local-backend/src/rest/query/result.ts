/** What a read, a write or a call answers: one row. */
export interface ReadRow {
  total: string | null;
  page_count: string;
  body: string | null;
  affected?: string;
  inserted?: string;
}

/** `response.status` and `response.headers` as a function or trigger left them. */
export interface ResponseSettingsRow {
  status: string | null;
  headers: string | null;
}

export const noResponseSettings: ResponseSettingsRow = { status: null, headers: null };

/** A statement's row and the response settings of the transaction that committed it. */
export interface StatementResult {
  row: ReadRow | undefined;
  settings: ResponseSettingsRow;
}
