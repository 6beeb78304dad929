import type { ApiRequest, ApiResponse } from '../http/types';
import { inTransaction, type AuthContext, type Db } from './context';
import { deliver, storeEmailToken } from './email-links';
import { authError } from './errors';
import { escapeHtml } from './html';
import { authenticate, emailTokenHash, randomOtp } from './tokens';
import type { UserRow } from './users';

/** GoTrue's otp_expiry default, which the nonce shares with e-mail codes. */
const nonceExpirySeconds = 3600;

/**
 * GET /reauthenticate (auth.reauthenticate()): e-mails the signed-in user a one-time code, the
 * `nonce` a password change then carries when secure_password_change asks for one.
 */
export async function reauthenticate(
  context: AuthContext,
  request: ApiRequest,
): Promise<ApiResponse> {
  const { user } = await authenticate(context, request);
  const email = user.email;
  if (!email) {
    if (user.phone)
      throw authError(
        501,
        'not_implemented',
        'Reauthentication by SMS is not supported by the local backend',
      );
    throw authError(
      400,
      'validation_failed',
      'Reauthentication requires the user to have an email or a phone number',
    );
  }
  if (!user.email_confirmed_at) {
    throw authError(422, 'email_not_confirmed', 'Please verify your email first.');
  }
  context.limits.checkEmailSend();
  const nonce = randomOtp();
  await inTransaction(context.pool, (client) =>
    storeEmailToken(client, user.id, 'reauthentication_token', emailTokenHash(email, nonce), email),
  );
  await deliver(context, 'reauthentication', {
    to: email,
    subject: 'Confirm reauthentication',
    text: `Confirm reauthentication\n\nEnter the code: ${nonce}\n`,
    html: `<h2>Confirm reauthentication</h2>\n<p>Enter the code: ${escapeHtml(nonce)}</p>\n`,
  });
  return { status: 200, body: {} };
}

const invalidNonce = () =>
  authError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');

/**
 * Checks and uses up the nonce GET /reauthenticate sent `user`: 422 reauthentication_not_valid when
 * there is none, it does not match or it is older than an hour.
 */
export async function consumeNonce(db: Db, user: UserRow, nonce: string): Promise<void> {
  const email = user.email;
  if (!email) {
    throw authError(
      422,
      'reauthentication_not_valid',
      'Reauthentication requires an email or a phone number',
    );
  }
  const { rows } = await db.query<{ matches: boolean; fresh: boolean }>(
    `select reauthentication_token = $2 as matches,
            reauthentication_sent_at + make_interval(secs => $3) > now() as fresh
       from auth.users
      where id = $1 and reauthentication_token <> '' and reauthentication_sent_at is not null
      for update`,
    [user.id, emailTokenHash(email, nonce.trim()), nonceExpirySeconds],
  );
  const found = rows[0];
  if (!found?.matches || !found.fresh) throw invalidNonce();
  await db.query(
    `update auth.users set reauthentication_token = '', reauthentication_sent_at = null
      where id = $1`,
    [user.id],
  );
  await db.query(
    "delete from auth.one_time_tokens where user_id = $1 and token_type = 'reauthentication_token'",
    [user.id],
  );
}
