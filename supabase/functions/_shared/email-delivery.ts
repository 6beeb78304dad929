// The function's side of an e-mail the database sends through public.email_deliveries (see
// 20261124400000_trial_reminders.sql): only the project may ask; each attempt is claimed in the
// database before anything is sent, so of two calls for one attempt only one sends and a delivered
// e-mail is never sent again; and the outcome is recorded for the job.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { readBody, z } from './body.ts';
import { handle, HttpError, json } from './http.ts';
import { isProjectCaller, secretKey } from './keys.ts';
import { mailSettings, sendMail, type Mail } from './mail.ts';
import { requiredSetting } from './settings.ts';

const schema = z.object({
  delivery_id: z.uuid({ error: 'must be the id of an e-mail to deliver' }),
  attempt: z.int().positive({ error: 'must be the number of the attempt' }),
});

const claimSchema = z.object({ subject_id: z.uuid(), user_id: z.uuid() });

export type DeliveryRequest = z.infer<typeof schema>;

/** The attempt asked for; 401 unless the caller is the project (`job` names it in the answer). */
export async function readDeliveryRequest(request: Request, job: string): Promise<DeliveryRequest> {
  if (!(await isProjectCaller(request))) {
    throw new HttpError(401, `Only the scheduled ${job} may call this function.`);
  }
  return readBody(request, schema);
}

export interface ClaimedDelivery {
  /** The row the e-mail is about, and the user it goes to. */
  subjectId: string;
  userId: string;
  /** Records the outcome: delivered (null) or the error. */
  record: (failure: string | null) => Promise<void>;
}

/** Claims the attempt (409 when it is delivered, cancelled, taken or superseded). */
export async function claimDelivery(
  db: SupabaseClient,
  kind: string,
  what: string,
  { delivery_id, attempt }: DeliveryRequest,
): Promise<ClaimedDelivery> {
  const { data: claimed, error: claimError } = await db
    .rpc('claim_email_delivery', { kind, delivery_id, attempt })
    .maybeSingle();
  if (claimError) throw new Error(`Claiming the ${what} failed: ${claimError.message}`);
  if (!claimed) {
    throw new HttpError(
      409,
      `This ${what} is delivered, cancelled, or this attempt is taken or superseded.`,
    );
  }
  const { subject_id, user_id } = claimSchema.parse(claimed);
  return {
    subjectId: subject_id,
    userId: user_id,
    record: async (failure) => {
      const { error } = await db.rpc('record_email_delivery', {
        delivery_id,
        attempt,
        error: failure,
      });
      if (error) throw new Error(`Recording the ${what}'s outcome failed: ${error.message}`);
    },
  };
}

export interface DeliveryContext {
  /** The project's database, with the secret key. */
  db: SupabaseClient;
  /** The row the e-mail is about, and the user it belongs to. */
  subjectId: string;
  userId: string;
  siteUrl: string;
  /** The e-mail is no longer wanted (its subject ended or went): recorded, and answered 409. */
  gone: (why: string) => Promise<never>;
}

export interface DeliveryFunction {
  /** public.email_deliveries.kind. */
  kind: string;
  /** What the e-mail is, in the answers and the records: 'reminder', 'certificate e-mail'. */
  what: string;
  /** The scheduled job that calls the function, named in a refusal. */
  job: string;
}

/**
 * An edge function that sends one kind of the database's e-mails: only the project may call it;
 * each attempt is claimed before anything else; `compose` reads what the e-mail is about and makes
 * it; the e-mail is sent under an idempotency key naming the delivery, not the attempt (when an
 * attempt crashed after the provider accepted the e-mail, the retry's send answers as the first did
 * and mails nothing); and the outcome is recorded for the job.
 */
export function deliveryHandler(
  { kind, what, job }: DeliveryFunction,
  compose: (context: DeliveryContext) => Promise<Mail>,
): (request: Request) => Promise<Response> {
  return handle(async (request) => {
    const delivery = await readDeliveryRequest(request, job);
    const mail = mailSettings();
    const siteUrl = requiredSetting('SITE_URL');
    const db = createClient(requiredSetting('SUPABASE_URL'), secretKey(), {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const { subjectId, userId, record } = await claimDelivery(db, kind, what, delivery);
    const message = await compose({
      db,
      subjectId,
      userId,
      siteUrl,
      gone: async (why) => {
        await record(why);
        throw new HttpError(409, `${why} Nothing was sent.`);
      },
    });
    try {
      await sendMail(mail, message, {
        idempotencyKey: `${kind.replaceAll('_', '-')}/${delivery.delivery_id}`,
      });
    } catch (mailError) {
      console.error(mailError);
      await record(mailError instanceof Error ? mailError.message : String(mailError));
      throw new HttpError(502, `Sending the ${what} failed.`);
    }
    await record(null);
    return json({ sent_to: message.to });
  });
}
