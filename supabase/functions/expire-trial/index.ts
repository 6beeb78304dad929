// Ends an active trial now: it moves to expired_trials, with or without the right to ask again.
import { actionError, requireAdmin } from '../_shared/admin.ts';
import { readBody, z } from '../_shared/body.ts';
import { handle, json } from '../_shared/http.ts';

const schema = z.object({
  trial_id: z.uuid({ error: 'must be the id of an active trial' }),
  can_retrial: z.boolean({ error: 'must be true or false' }).optional(),
});

Deno.serve(
  handle(async (request) => {
    const { db } = await requireAdmin(request);
    const { trial_id, can_retrial = false } = await readBody(request, schema);
    const { data, error } = await db.rpc('expire_trial', { trial_id, can_retrial });
    if (error) throw actionError(error, 'Failed to expire trial.');
    return json({ expired: data });
  }),
);
