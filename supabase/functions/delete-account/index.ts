// Deletes the caller's own account (docs/data-rights.md): after a fresh proof of identity, the
// database deletes their personal data and stops the account signing in (public.delete_account,
// one transaction), then Auth deletes the user, which ends every session. A failure between the
// two leaves an account that cannot sign in and has no data; a retry, or the daily retention job,
// finishes it. The function takes no user id: it deletes whoever the token names.
import { createClient } from '@supabase/supabase-js';
import { readBody, z } from '../_shared/body.ts';
import { handle, HttpError, json } from '../_shared/http.ts';
import { secretKey } from '../_shared/keys.ts';
import { isFreshlyAuthenticated, reauthenticationNeeded } from '../_shared/reauthentication.ts';
import { requiredSetting } from '../_shared/settings.ts';
import { requireUser } from '../_shared/user.ts';

const failed = 'Your account could not be deleted. Please try again.';

Deno.serve(
  handle(async (request) => {
    const { userId, claims } = await requireUser(request.headers.get('Authorization'));
    await readBody(request, z.object({}).strict());
    const admin = createClient(requiredSetting('SUPABASE_URL'), secretKey(), {
      auth: { persistSession: false, autoRefreshToken: false },
    });

    const factors = await admin.auth.admin.mfa.listFactors({ userId });
    if (factors.error) {
      // Deleted a moment ago by a parallel call: the account is gone, as asked.
      if (factors.error.status === 404) return json({ deleted: true });
      console.error(factors.error);
      throw new HttpError(500, failed);
    }
    const hasVerifiedFactor = factors.data.factors.some((factor) => factor.status === 'verified');
    if (!isFreshlyAuthenticated({ claims, hasVerifiedFactor, now: Date.now() / 1000 })) {
      return json(reauthenticationNeeded, 403);
    }

    const { error } = await admin.rpc('delete_account', { user_id: userId });
    if (error) {
      console.error(error);
      throw new HttpError(500, failed);
    }
    const deleted = await admin.auth.admin.deleteUser(userId);
    if (deleted.error && deleted.error.status !== 404) {
      console.error(deleted.error);
      throw new HttpError(500, failed);
    }
    return json({ deleted: true });
  }),
);
