// Gives an existing account the admin role, by e-mail.
import { actionError, requireAdmin } from '../_shared/admin.ts';
import { readBody, z } from '../_shared/body.ts';
import { handle, json } from '../_shared/http.ts';

const schema = z.object({
  user_email: z
    .string()
    .trim()
    .min(1, { error: 'is required' })
    .pipe(z.email({ error: 'must be an e-mail address' })),
});

Deno.serve(
  handle(async (request) => {
    const { db } = await requireAdmin(request);
    const { user_email } = await readBody(request, schema);
    const { data, error } = await db.rpc('grant_admin_role', { user_email });
    if (error) throw actionError(error, 'Failed to grant admin role.');
    return json({ role: data });
  }),
);
