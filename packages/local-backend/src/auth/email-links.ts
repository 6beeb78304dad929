import type { AuthContext, Db } from './context';
import { inTransaction } from './context';
import { authError, otpExpired } from './errors';
import { escapeHtml } from './html';
import { createFlowState, type CodeChallenge } from './pkce';
import { allowedRedirect } from './redirects';
import type { AuthMethod } from './sessions';
import { emailTokenHash, randomOtp } from './tokens';
import { confirmEmail, findUserById, insertIdentity, syncProviders, type UserRow } from './users';

/** The e-mail links this server sends, by the `type` they carry. */
export type LinkType = 'recovery' | 'signup' | 'magiclink' | 'invite';

/** The one-time token kinds, named as auth.one_time_tokens and the auth.users columns name them. */
export type TokenKind =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'reauthentication_token';

/** The `type`s /verify accepts for e-mail tokens, and the one-time token kinds each may use. */
const acceptedTokenKinds: Record<string, TokenKind[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_new', 'email_change_token_current'],
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
  if (type === 'email_change') return 'email_change';
  return 'otp';
}

const tokenKind: Record<LinkType, TokenKind> = {
  signup: 'confirmation_token',
  invite: 'confirmation_token',
  recovery: 'recovery_token',
  magiclink: 'recovery_token',
};

/** The auth.users timestamp a token kind sets when it is issued. */
const sentAtColumn: Record<TokenKind, string> = {
  confirmation_token: 'confirmation_sent_at',
  recovery_token: 'recovery_sent_at',
  email_change_token_new: 'email_change_sent_at',
  email_change_token_current: 'email_change_sent_at',
  reauthentication_token: 'reauthentication_sent_at',
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
  invite: {
    subject: 'You have been invited',
    heading: 'You have been invited',
    action: 'You have been invited to create a user. Follow this link to accept the invite',
  },
};

/** GoTrue's otp_expiry default: links and codes are good for an hour. */
const otpExpirySeconds = 3600;

/**
 * Replaces `user`'s outstanding token of `kind` with `tokenHash` (one per kind, as GoTrue keeps them)
 * and stamps when it went out; `relatesTo` is the address the code was sent to.
 */
export async function storeEmailToken(
  db: Db,
  userId: string,
  kind: TokenKind,
  tokenHash: string,
  relatesTo: string,
): Promise<void> {
  await db.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [
    userId,
    kind,
  ]);
  await db.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to)
     values ($1, $2, $3, $4)`,
    [userId, kind, tokenHash, relatesTo],
  );
  await db.query(
    `update auth.users set ${kind} = $2, ${sentAtColumn[kind]} = now() where id = $1`,
    [userId, tokenHash],
  );
}

/** The /verify link for a token, as GoTrue's mailer builds it. */
export function verifyLink(
  context: AuthContext,
  token: string,
  type: string,
  redirectTo: string,
): string {
  const link = new URL(`${context.externalUrl}/verify`);
  link.searchParams.set('token', token);
  link.searchParams.set('type', type);
  link.searchParams.set('redirect_to', redirectTo);
  return link.toString();
}

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
    await storeEmailToken(client, user.id, kind, tokenHash, email);
    if (options.type === 'invite') {
      await client.query('update auth.users set invited_at = now() where id = $1', [user.id]);
    }
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

  const link = verifyLink(
    context,
    options.challenge ? `pkce_${tokenHash}` : tokenHash,
    options.type,
    options.redirectTo,
  );
  const template = templates[options.type];
  await deliver(context, options.type, {
    to: email,
    subject: template.subject,
    text: `${template.heading}\n\n${template.action}:\n${link}\n\nAlternatively, enter the code: ${otp}\n`,
    html:
      `<h2>${template.heading}</h2>\n<p>${template.action}:</p>\n` +
      `<p><a href="${escapeHtml(link)}">${template.heading}</a></p>\n` +
      `<p>Alternatively, enter the code: ${otp}</p>\n`,
  });
}

/** Mails a link confirming `newEmail` as the user's address (type email_change), to that address. */
export async function sendEmailChange(
  context: AuthContext,
  db: Db,
  userId: string,
  newEmail: string,
  request: { url: URL },
): Promise<void> {
  context.limits.checkEmailSend();
  const otp = randomOtp();
  const tokenHash = emailTokenHash(newEmail, otp);
  await storeEmailToken(db, userId, 'email_change_token_new', tokenHash, newEmail);
  const redirectTo = allowedRedirect(request.url.searchParams.get('redirect_to'), context.settings);
  const link = verifyLink(context, tokenHash, 'email_change', redirectTo);
  await deliver(context, 'email change', {
    to: newEmail,
    subject: 'Confirm Email Change',
    text: `Confirm Change of Email\n\nFollow this link to confirm the update of your email to ${newEmail}:\n${link}\n\nAlternatively, enter the code: ${otp}\n`,
    html:
      `<h2>Confirm Change of Email</h2>\n<p>Follow this link to confirm the update of your email to ${escapeHtml(newEmail)}:</p>\n` +
      `<p><a href="${escapeHtml(link)}">Change Email</a></p>\n` +
      `<p>Alternatively, enter the code: ${otp}</p>\n`,
  });
}

/** Hands a message to the mailbox; a failure is GoTrue's 500 "Error sending <what> email". */
export async function deliver(
  context: AuthContext,
  what: string,
  message: { to: string; subject: string; text: string; html: string },
): Promise<void> {
  try {
    await context.mailer.send(message);
  } catch (error) {
    context.log.error(`sending the ${what} e-mail failed`, error);
    throw authError(500, 'unexpected_failure', `Error sending ${what} email`);
  }
}

export interface VerifiedLink {
  user: UserRow;
  method: AuthMethod;
  /**
   * An address change confirmed from one address while the other's link is still outstanding
   * (double_confirm_changes): nothing changed yet and no session is due.
   */
  awaitingOtherAddress?: boolean;
}

/**
 * Uses up an e-mail token (by its hash; `email` narrows it to one address) and confirms the address
 * (or, for an address change, makes the change). 403 otp_expired when it is unknown, used or older
 * than an hour.
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
    token_type: TokenKind;
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
  // token_type is one of the kinds above, each also the name of the auth.users column.
  await db.query(`update auth.users set ${token.token_type} = '' where id = $1`, [token.user_id]);
  if (!token.fresh) throw otpExpired();
  if (type === 'email_change') {
    const { rowCount } = await db.query(
      `select 1 from auth.one_time_tokens
        where user_id = $1 and token_type in ('email_change_token_new', 'email_change_token_current')`,
      [token.user_id],
    );
    if (!rowCount) await applyEmailChange(db, token.user_id);
    const user = await findUserById(db, token.user_id);
    if (!user) throw otpExpired();
    return { user, method: methodForType(type), awaitingOtherAddress: !!rowCount };
  }
  await confirmEmail(db, token.user_id);
  const user = await findUserById(db, token.user_id);
  if (!user) throw otpExpired();
  return { user, method: methodForType(type) };
}

/** Moves the user to the address in email_change: user, e-mail identity, confirmation. */
async function applyEmailChange(db: Db, userId: string): Promise<void> {
  const { rows } = await db.query<{ email_change: string }>(
    `update auth.users
        set email = email_change, email_change = '', email_change_token_new = '',
            email_change_token_current = '', email_change_confirm_status = 0,
            is_anonymous = false, updated_at = now()
      where id = $1 and email_change <> ''
      returning email_change`,
    [userId],
  );
  if (!rows[0]) throw otpExpired();
  await db.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
  await setEmailIdentity(db, userId, true);
  await confirmEmail(db, userId);
  await syncProviders(db, userId);
}

/**
 * Points the user's e-mail identity at the user's current address (creating the identity when
 * there is none), with `verified` as its email_verified.
 */
export async function setEmailIdentity(db: Db, userId: string, verified: boolean): Promise<void> {
  const { rows } = await db.query<{ email: string }>('select email from auth.users where id = $1', [
    userId,
  ]);
  const email = rows[0]?.email;
  if (!email) return;
  const { rowCount } = await db.query(
    `update auth.identities
        set identity_data = identity_data || jsonb_build_object('email', $2::text,
              'email_verified', $3::boolean),
            updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId, email, verified],
  );
  if (!rowCount) {
    await insertIdentity(db, userId, 'email', userId, {
      sub: userId,
      email,
      email_verified: verified,
      phone_verified: false,
    });
  }
}
