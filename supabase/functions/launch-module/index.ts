// Launches a training module as a cmi5 assignable unit for the signed-in user
// (docs/learning-records.md section 4): the registration, the session, `launched` and LMS.LaunchData,
// all written by public.lrs_launch. Answers what the player's launch URL carries but the addresses,
// which the app builds from its own API address.
import { createClient } from '@supabase/supabase-js';
import { readBody, z } from '../_shared/body.ts';
import { handle, HttpError, json } from '../_shared/http.ts';
import { secretKey } from '../_shared/keys.ts';
import { requiredSetting } from '../_shared/settings.ts';
import { requireUser } from '../_shared/user.ts';

const schema = z.object({
  module: z.string().regex(/^[a-z0-9-]{1,64}$/, { error: 'must be a module slug' }),
  // The player address launched, kept in the launched statement (launchurl). An address is
  // printable ASCII (RFC 3986 percent-encodes the rest); a NUL or control character is refused here.
  playerUrl: z
    .string()
    .max(2048)
    .regex(/^https?:\/\/[!-~]+$/, { error: 'must be an http(s) address' }),
});

interface Launch {
  registration: string;
  session: string;
  fetch_code: string;
  actor: Record<string, unknown>;
  activity_id: string;
  launch_mode: 'Normal' | 'Review';
}

Deno.serve(
  handle(async (request) => {
    const { userId } = await requireUser(request.headers.get('Authorization'));
    const { module, playerUrl } = await readBody(request, schema);
    const db = createClient(requiredSetting('SUPABASE_URL'), secretKey(), {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const { data, error } = await db.rpc('lrs_launch', {
      user_id: userId,
      module,
      site_url: new URL(requiredSetting('SITE_URL')).origin,
      launch_url: playerUrl,
    });
    if (error) {
      if (error.code === '42501') throw new HttpError(403, error.message);
      if (error.code === '22023') throw new HttpError(400, error.message);
      throw new Error(`lrs_launch failed: ${error.message}`);
    }
    const launch = data as Launch;
    return json({
      registration: launch.registration,
      fetchCode: launch.fetch_code,
      actor: launch.actor,
      activityId: launch.activity_id,
      launchMode: launch.launch_mode,
    });
  }),
);
