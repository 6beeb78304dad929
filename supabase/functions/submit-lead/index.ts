// Interest registered on /book-demo: validated, limited (per visitor, per e-mail address and
// site-wide, in public.submit_lead), stored in public.leads and e-mailed to the sales inbox.
// Visitors call it without signing in.
import { createClient } from '@supabase/supabase-js';
import { actionError } from '../_shared/admin.ts';
import { clientAddress } from '../_shared/client-address.ts';
import { readBody, z } from '../_shared/body.ts';
import { handle, HttpError, json } from '../_shared/http.ts';
import { secretKey } from '../_shared/keys.ts';
import { leadEmail } from '../_shared/lead-email.ts';
import { mailSettings, sendMail } from '../_shared/mail.ts';
import { requiredSetting } from '../_shared/settings.ts';

/** Any control character (NUL included); line breaks and tabs too unless `multiline`. */
function hasControlCharacters(value: string, multiline: boolean): boolean {
  for (const character of value) {
    const code = character.charCodeAt(0);
    const textLayout = code === 0x09 || code === 0x0a || code === 0x0d;
    if ((code < 0x20 || code === 0x7f) && !(multiline && textLayout)) return true;
  }
  return false;
}

/** Line breaks as Unicode knows them beyond CR and LF: NEL, LINE and PARAGRAPH SEPARATOR. */
const unicodeLineBreak = /[\u0085\u2028\u2029]/;

function text(max: number, { multiline = false } = {}) {
  return z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` })
    .refine((value) => multiline || (!/[\r\n]/.test(value) && !unicodeLineBreak.test(value)), {
      error: 'must be on one line',
    })
    .refine((value) => !hasControlCharacters(value, multiline), {
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
  message: text(5000, { multiline: true }),
  // The honeypot: hidden from people, filled in by bots.
  website: z.string().max(500).optional(),
});

/**
 * The visitor's key for the per-visitor limit: an HMAC of their address under a function secret,
 * so the stored keys cannot be turned back into addresses by trying every one.
 */
async function clientKey(request: Request): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(requiredSetting('LEAD_ADDRESS_KEY')),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign(
    'HMAC',
    key,
    new TextEncoder().encode(clientAddress(request)),
  );
  return Array.from(new Uint8Array(mac), (byte) => byte.toString(16).padStart(2, '0')).join('');
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
    const { data: outcome, error } = await db.rpc('submit_lead', {
      first_name: lead.firstName,
      last_name: lead.lastName,
      email: lead.email,
      subject: lead.subject,
      message: lead.message,
      client_key: await clientKey(request),
    });
    if (error) throw actionError(error, 'Failed to register your interest. Please try again.');
    // One answer for every limit (the visitor's, the address's, the site's): it says what to do.
    if (outcome !== 'filed')
      throw new HttpError(429, 'Too many submissions. Please try again later.');
    try {
      await sendMail(mail, leadEmail({ to: salesInbox, lead, siteUrl }));
    } catch (mailError) {
      // The lead is stored and admins see it on /admin/leads; a failed e-mail does not lose it.
      console.error(mailError);
    }
    return json({ received: true });
  }),
);
