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

// user_id is null for an e-mail to someone without an account (an organisation's invitation).
const claimSchema = z.object({ subject_id: z.uuid(), user_id: z.uuid().nullable() });

export type DeliveryRequest = z.infer<typeof schema>;

/** The attempt asked for; 401 unless the caller is the project (`job` names it in the answer). */
export async function readDeliveryRequest(request: Request, job: string): Promise<DeliveryRequest> {
  if (!(await isProjectCaller(request))) {
    throw new HttpError(401, `Only the scheduled ${job} may call this function.`);
  }
  return readBody(request, schema);
}

export interface ClaimedDelivery {
  /** The row the e-mail is about, and the user it goes to (null: someone without an account). */
  subjectId: string;
  userId: string | null;
  /**
   * Records the outcome: delivered (null) or the error; with `cancel`, the e-mail is not wanted any
   * more (not retried, and no job fails on it), `failure` saying why.
   */
  record: (failure: string | null, cancel?: boolean) => Promise<void>;
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
    record: async (failure, cancel = false) => {
      const { error } = await db.rpc('record_email_delivery', {
        delivery_id,
        attempt,
        error: failure,
        cancel,
      });
      if (error) throw new Error(`Recording the ${what}'s outcome failed: ${error.message}`);
    },
  };
}

export interface DeliveryContext<UserId extends string | null = string> {
  /** The project's database, with the secret key. */
  db: SupabaseClient;
  /**
   * The row the e-mail is about, and the user it belongs to: always a user for deliveryHandler
   * (a delivery without one fails), null for someone without an account in deliveryToAnyoneHandler.
   */
  subjectId: string;
  userId: UserId;
  siteUrl: string;
  /** The e-mail is no longer wanted (its subject ended or went): cancelled, and answered 409. */
  gone: (why: string) => Promise<never>;
  /** The e-mail cannot be made (the delivery is wrong): recorded, and answered 500. */
  fail: (why: string) => Promise<never>;
}

export interface DeliveryFunction {
  /** public.email_deliveries.kind. */
  kind: string;
  /** What the e-mail is, in the answers and the records: 'reminder', 'certificate e-mail'. */
  what: string;
  /** The scheduled job that calls the function, named in a refusal. */
  job: string;
}

/** What `compose` makes: the e-mail, and whether its body is new on each attempt. */
export interface DeliveryMail extends Mail {
  /**
   * The body differs from one attempt to the next (it carries a one-time sign-in link, made afresh
   * each time): the provider refuses a key it has seen with another body, so the e-mail is sent
   * under a key naming the attempt. A retry after an attempt whose outcome was lost may then mail
   * twice; the newer link is the one that works.
   */
  newEachAttempt?: boolean;
}

/**
 * An edge function that sends one kind of the database's e-mails: only the project may call it;
 * each attempt is claimed before anything else; `compose` reads what the e-mail is about and makes
 * it; the e-mail is sent under an idempotency key naming the delivery, not the attempt (when an
 * attempt crashed after the provider accepted the e-mail, the retry's send answers as the first did
 * and mails nothing; DeliveryMail.newEachAttempt says when it cannot); and the outcome is recorded
 * for the job. The e-mail goes to a user: a delivery that names none fails, recorded.
 */
export function deliveryHandler(
  delivery: DeliveryFunction,
  compose: (context: DeliveryContext) => Promise<DeliveryMail>,
): (request: Request) => Promise<Response> {
  return deliveryToAnyoneHandler(delivery, ({ userId, ...context }) =>
    userId === null
      ? context.fail(`The ${delivery.what} names no user to send it to.`)
      : compose({ ...context, userId }),
  );
}

/**
 * deliveryHandler for an e-mail that may go to someone without an account (an organisation's
 * invitation): the context's user is null then.
 */
export function deliveryToAnyoneHandler(
  { kind, what, job }: DeliveryFunction,
  compose: (context: DeliveryContext<string | null>) => Promise<DeliveryMail>,
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
        await record(why, true);
        throw new HttpError(409, `${why} Nothing was sent.`);
      },
      fail: async (why) => {
        await record(why);
        throw new HttpError(500, `${why} Nothing was sent.`);
      },
    });
    try {
      const key = `${kind.replaceAll('_', '-')}/${delivery.delivery_id}`;
      await sendMail(mail, message, {
        idempotencyKey: message.newEachAttempt ? `${key}/${delivery.attempt}` : key,
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
