import type { AuthContext, Db } from './context';
import { inTransaction } from './context';
import { authError, otpExpired } from './errors';
import { escapeHtml } from './html';
import { createFlowState, type CodeChallenge } from './pkce';
import type { AuthMethod } from './sessions';
import { emailTokenHash, randomOtp } from './tokens';
import { confirmEmail, findUserById, type UserRow } from './users';

/** The e-mail links this server sends, by the `type` they carry. */
export type LinkType = 'recovery' | 'signup' | 'magiclink';

/** The `type`s /verify accepts for e-mail tokens, and the one-time token kinds each may use. */
const acceptedTokenKinds: Record<string, string[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
};

export function isVerifiableType(type: string): boolean {
  return Object.hasOwn(acceptedTokenKinds, type);
}

/** The sign-in method a followed link stands for (the session's `amr`). */
export function methodForType(type: string): AuthMethod {
  if (type === 'recovery') return 'recovery';
  if (type === 'magiclink') return 'magiclink';
  if (type === 'signup') return 'email/signup';
  if (type === 'invite') return 'invite';
  return 'otp';
}

const tokenKind: Record<LinkType, 'confirmation_token' | 'recovery_token'> = {
  signup: 'confirmation_token',
  recovery: 'recovery_token',
  magiclink: 'recovery_token',
};

const templates: Record<LinkType, { subject: string; heading: string; action: string }> = {
  recovery: {
    subject: 'Reset Your Password',
    heading: 'Reset Password',
    action: 'Follow this link to reset the password for your user',
  },
  signup: {
    subject: 'Confirm Your Signup',
    heading: 'Confirm your signup',
    action: 'Follow this link to confirm your user',
  },
  magiclink: {
    subject: 'Your Magic Link',
    heading: 'Magic Link',
    action: 'Follow this link to login',
  },
};

/** GoTrue's otp_expiry default: links and codes are good for an hour. */
const otpExpirySeconds = 3600;

/**
 * Sends `user` an e-mail with a /verify link and the 6-digit code for `type`. Under PKCE the link's
 * token is prefixed `pkce_` and a flow state waits for it.
 */
export async function sendEmailLink(
  context: AuthContext,
  user: UserRow,
  options: { type: LinkType; redirectTo: string; challenge?: CodeChallenge },
): Promise<void> {
  const email = user.email;
  if (!email) return;
  context.limits.checkEmailSend();
  const otp = randomOtp();
  const tokenHash = emailTokenHash(email, otp);
  const kind = tokenKind[options.type];
  await inTransaction(context.pool, async (client) => {
    await client.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [
      user.id,
      kind,
    ]);
    await client.query(
      `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to)
       values ($1, $2, $3, $4)`,
      [user.id, kind, tokenHash, email],
    );
    const sentColumn = kind === 'recovery_token' ? 'recovery' : 'confirmation';
    await client.query(
      `update auth.users set ${sentColumn}_token = $2, ${sentColumn}_sent_at = now() where id = $1`,
      [user.id, tokenHash],
    );
    if (options.challenge) {
      await createFlowState(client, {
        userId: user.id,
        challenge: options.challenge,
        providerType: options.type,
        method: methodForType(options.type),
        issued: false,
      });
    }
  });

  const link = new URL(`${context.externalUrl}/verify`);
  link.searchParams.set('token', options.challenge ? `pkce_${tokenHash}` : tokenHash);
  link.searchParams.set('type', options.type);
  link.searchParams.set('redirect_to', options.redirectTo);
  const template = templates[options.type];
  try {
    await context.mailer.send({
      to: email,
      subject: template.subject,
      text: `${template.heading}\n\n${template.action}:\n${link}\n\nAlternatively, enter the code: ${otp}\n`,
      html:
        `<h2>${template.heading}</h2>\n<p>${template.action}:</p>\n` +
        `<p><a href="${escapeHtml(link.toString())}">${template.heading}</a></p>\n` +
        `<p>Alternatively, enter the code: ${otp}</p>\n`,
    });
  } catch (error) {
    context.log.error(`sending the ${options.type} e-mail failed`, error);
    throw authError(500, 'unexpected_failure', `Error sending ${options.type} email`);
  }
}

export interface VerifiedLink {
  user: UserRow;
  method: AuthMethod;
}

/**
 * Uses up an e-mail token (by its hash; `email` narrows it to one address) and confirms the address.
 * 403 otp_expired when it is unknown, used or older than an hour.
 */
export async function consumeEmailToken(
  db: Db,
  type: string,
  tokenHash: string,
  email?: string,
): Promise<VerifiedLink> {
  const kinds = acceptedTokenKinds[type];
  if (!kinds) throw otpExpired();
  const { rows } = await db.query<{
    id: string;
    user_id: string;
    token_type: string;
    fresh: boolean;
  }>(
    `select id, user_id, token_type,
            created_at + make_interval(secs => $4) > localtimestamp as fresh
       from auth.one_time_tokens
      where token_hash = $1 and token_type = any($2) and ($3::text is null or relates_to = $3)
      order by created_at desc limit 1
      for update`,
    [tokenHash, kinds, email ?? null, otpExpirySeconds],
  );
  const token = rows[0];
  if (!token) throw otpExpired();
  await db.query('delete from auth.one_time_tokens where id = $1', [token.id]);
  const column = token.token_type === 'recovery_token' ? 'recovery_token' : 'confirmation_token';
  await db.query(`update auth.users set ${column} = '' where id = $1`, [token.user_id]);
  if (!token.fresh) throw otpExpired();
  await confirmEmail(db, token.user_id);
  const user = await findUserById(db, token.user_id);
  if (!user) throw otpExpired();
  return { user, method: methodForType(type) };
}
