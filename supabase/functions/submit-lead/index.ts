// Interest registered on /book-demo: validated, limited per address, stored in public.leads and
// e-mailed to the sales inbox. Visitors call it without signing in.
import { createClient } from '@supabase/supabase-js';
import { actionError } from '../_shared/admin.ts';
import { readBody, z } from '../_shared/body.ts';
import { handle, json } from '../_shared/http.ts';
import { secretKey } from '../_shared/keys.ts';
import { leadEmail } from '../_shared/lead-email.ts';
import { mailSettings, sendMail } from '../_shared/mail.ts';
import { requiredSetting } from '../_shared/settings.ts';

// Line breaks and tabs are text; every other control character (NUL included) is refused.
function hasControlCharacters(value: string): boolean {
  for (const character of value) {
    const code = character.charCodeAt(0);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f)
      return true;
  }
  return false;
}

function text(max: number) {
  return z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` })
    .refine((value) => !hasControlCharacters(value), {
      error: 'contains characters not allowed',
    });
}

const schema = z.object({
  firstName: text(100),
  lastName: text(100),
  email: z
    .email({ error: 'must be an e-mail address' })
    .max(255, { error: 'must be at most 255 characters' }),
  subject: text(200),
  message: text(5000),
  // The honeypot: hidden from people, filled in by bots.
  website: z.string().max(500).optional(),
});

async function clientKey(request: Request): Promise<string> {
  const address = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown';
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(address));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

Deno.serve(
  handle(async (request) => {
    const lead = await readBody(request, schema);
    // A bot gets the answer a person gets, so it learns nothing; nothing is stored or sent.
    if (lead.website?.trim()) return json({ received: true });
    const salesInbox = requiredSetting('SALES_EMAIL');
    const mail = mailSettings();
    const siteUrl = requiredSetting('SITE_URL');
    const db = createClient(requiredSetting('SUPABASE_URL'), secretKey(), {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const { error } = await db.rpc('submit_lead', {
      first_name: lead.firstName,
      last_name: lead.lastName,
      email: lead.email,
      subject: lead.subject,
      message: lead.message,
      client_key: await clientKey(request),
    });
    if (error) throw actionError(error, 'Failed to register your interest. Please try again.');
    try {
      await sendMail(mail, leadEmail({ to: salesInbox, lead, siteUrl }));
    } catch (mailError) {
      // The lead is stored and admins see it on /admin/leads; a failed e-mail does not lose it.
      console.error(mailError);
    }
    return json({ received: true });
  }),
);
