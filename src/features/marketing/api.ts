import { env } from '@/lib/env';

export interface LeadSubmission {
  firstName: string;
  lastName: string;
  email: string;
  subject: string;
  message: string;
  /** The honeypot: empty from people. */
  website: string;
}

export class LeadSubmissionError extends Error {}

/**
 * Files a lead with the submit-lead edge function. A plain fetch, not supabase-js: this page is a
 * prerendered marketing page, and the client library would cost it a third of its budget.
 * Throws a LeadSubmissionError whose message is for the visitor when the function refuses.
 */
export async function submitLead(lead: LeadSubmission, fallbackMessage: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(new URL('/functions/v1/submit-lead', env.supabaseUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: env.supabasePublishableKey },
      body: JSON.stringify(lead),
    });
  } catch {
    throw new LeadSubmissionError(fallbackMessage);
  }
  if (response.ok) return;
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  // The function's 4xx messages are written for the visitor (a limit, a field); a 5xx is not.
  const message =
    response.status < 500 && typeof body?.error === 'string' ? body.error : fallbackMessage;
  throw new LeadSubmissionError(message);
}
