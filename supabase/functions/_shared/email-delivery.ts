// The function's side of an e-mail the database sends through public.email_deliveries (see
// 20261124400000_trial_reminders.sql): only the project may ask; each attempt is claimed in the
// database before anything is sent, so of two calls for one attempt only one sends and a delivered
// e-mail is never sent again; and the outcome is recorded for the job.
import type { SupabaseClient } from '@supabase/supabase-js';
import { readBody, z } from './body.ts';
import { HttpError } from './http.ts';
import { isProjectCaller } from './keys.ts';

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
