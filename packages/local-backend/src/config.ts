import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'smol-toml';
import { BackendStartError } from './start-error';

export interface RateLimits {
  /** E-mails sent per hour (recover, signup confirmations). */
  email_sent: number;
  /** Sign-in and sign-up requests per 5 minutes, per IP address. */
  sign_in_sign_ups: number;
  /** Token refreshes per 5 minutes, per IP address. */
  token_refresh: number;
  /** OTP and link verifications per 5 minutes, per IP address. */
  token_verifications: number;
}

/** [auth.mfa]: TOTP factors (phone and WebAuthn factors are not offered). */
export interface MfaSettings {
  /** [auth.mfa] max_enrolled_factors: factors a user may have, verified or not. */
  maxEnrolledFactors: number;
  /** [auth.mfa.totp] enroll_enabled */
  totpEnrollEnabled: boolean;
  /** [auth.mfa.totp] verify_enabled: challenges and verifications. */
  totpVerifyEnabled: boolean;
  /** Seconds a challenge can be verified for (GoTrue's MFA_CHALLENGE_EXPIRY_DURATION). */
  challengeExpirySeconds: number;
  /** Seconds an unverified factor with no challenge lives (GoTrue's MFA_FACTOR_EXPIRY_DURATION). */
  factorExpirySeconds: number;
  /**
   * Challenges, and separately verifications, per minute per client address after a burst of 30
   * (GoTrue's MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY; the CLI has no config.toml key for it, so it is
   * LOCAL_BACKEND_RATE_LIMIT_MFA_CHALLENGE_AND_VERIFY here).
   */
  challengeAndVerifyPerMinute: number;
  /**
   * Whether a TOTP code may verify its factor again (hosted GoTrue keeps no memory of used codes).
   * Refused by default, as RFC 6238 section 5.2 asks; a test run that signs one seeded account in
   * several times within 30 seconds allows it (ConfigOverrides.allowTotpCodeReuse).
   */
  allowTotpCodeReuse: boolean;
}

/** An [auth.hook.<name>] whose URI is a Postgres function (`pg-functions://postgres/schema/name`). */
export interface PostgresHook {
  uri: string;
  /** `"schema"."name"`, quoted as GoTrue quotes it in its `select`. */
  functionName: string;
}

/** The Auth hooks the local backend runs; GoTrue's others are refused at start. */
export interface AuthHooks {
  mfaVerificationAttempt?: PostgresHook;
  beforeUserCreated?: PostgresHook;
}

/** [auth.captcha]: GoTrue's captcha check on the public sign-up and sign-in endpoints. */
export interface CaptchaSettings {
  /**
   * Whether the auth service refuses those requests without a passed captcha: config.toml's value,
   * replaced by LOCAL_BACKEND_CAPTCHA=true|false and by ConfigOverrides.captcha.
   */
  enabled: boolean;
  /** `turnstile` or `hcaptcha`; either way the backend's own stand-in (src/captcha) verifies. */
  provider: string;
  /** Sent to siteverify as GoTrue sends it; the stand-in does not check it. */
  secret: string;
}

export interface AuthSettings {
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  refreshTokenRotation: boolean;
  refreshTokenReuseInterval: number;
  enableSignup: boolean;
  /** [auth.email] enabled: false turns e-mail sign-up and sign-in off, as GoTrue's email provider. */
  emailEnabled: boolean;
  minimumPasswordLength: number;
  passwordRequirements: string;
  enableConfirmations: boolean;
  googleEnabled: boolean;
  /** [auth.external.azure] enabled: Sign in with Microsoft (the local consent page stands in). */
  azureEnabled: boolean;
  /** [auth] enable_anonymous_sign_ins: POST /signup with neither e-mail nor phone. */
  enableAnonymousSignIns: boolean;
  /** [auth.rate_limit] anonymous_users: anonymous sign-ins per hour, per IP address. */
  anonymousSignInsPerHour: number;
  /** [auth] enable_manual_linking: the /user/identities endpoints (unlinking an identity). */
  enableManualLinking: boolean;
  /**
   * [auth.email] secure_password_change: a password change from a session older than a day needs
   * the nonce GET /reauthenticate e-mails.
   */
  securePasswordChange: boolean;
  /** [auth.email] double_confirm_changes: an address change is confirmed from both addresses. */
  doubleConfirmEmailChanges: boolean;
  rateLimits: RateLimits;
  mfa: MfaSettings;
  hooks: AuthHooks;
  captcha: CaptchaSettings;
  /**
   * A request header trusted to carry the client's address for the per-IP rate limits (GoTrue's
   * GOTRUE_RATE_LIMIT_HEADER, e.g. X-Forwarded-For); unset, the socket's address counts.
   */
  rateLimitHeader?: string;
}

export interface BackendConfig {
  /** The project's root: holds supabase/, and .local-backend/ with the data. */
  projectRoot: string;
  supabaseDir: string;
  /** Where Postgres keeps its data (git-ignored). */
  dataDir: string;
  host: string;
  apiPort: number;
  dbPort: number;
  mailPort: number;
  /** The URL clients use, e.g. http://127.0.0.1:54321 */
  apiUrl: string;
  maxRows: number;
  /** [api] schemas: the schemas the REST API exposes, the first one served by default. */
  schemas: string[];
  auth: AuthSettings;
  /** Function name -> whether its requests need a valid JWT (config.toml [functions.<name>] verify_jwt). */
  functionsVerifyJwt: Record<string, boolean>;
  /** Function name -> its import map or deno.json, absolute (config.toml [functions.<name>] import_map). */
  functionsImportMap: Record<string, string>;
  /** config.toml [edge_runtime.secrets], `env(NAME)` values resolved: the functions' local secrets. */
  functionSecrets: Record<string, string>;
  /**
   * config.toml [db.vault], the Supabase CLI's table of Vault secrets: name -> value as written.
   * `env(NAME)` is resolved when the secrets are applied (vault/secrets.ts), where the backend's own
   * address and key stand in for the names it supplies.
   */
  dbVault: Record<string, string>;
  /**
   * The legacy anon and service_role JWTs are refused as API keys, as after a hosted project's
   * "Disable legacy API keys"; the publishable and secret keys keep working.
   */
  disableLegacyApiKeys: boolean;
}

export interface ConfigOverrides {
  /** Default: the working directory (the package is installed apart from the project it serves). */
  projectRoot?: string;
  supabaseDir?: string;
  dataDir?: string;
  apiPort?: number;
  dbPort?: number;
  mailPort?: number;
  /** Replaces config.toml's rate limits (tests that sign in many times from one address). */
  rateLimits?: Partial<RateLimits>;
  /** Replaces MfaSettings.challengeAndVerifyPerMinute (tests that verify many codes). */
  mfaChallengeAndVerifyPerMinute?: number;
  /** Sets MfaSettings.allowTotpCodeReuse (test runs that sign one account in many times). */
  allowTotpCodeReuse?: boolean;
  /** Replaces LOCAL_BACKEND_RATE_LIMIT_HEADER (see AuthSettings.rateLimitHeader). */
  rateLimitHeader?: string;
  /**
   * Replaces config.toml's [auth.email] enable_confirmations and LOCAL_BACKEND_ENABLE_CONFIRMATIONS
   * (to try the confirmation e-mail flow without editing config.toml).
   */
  enableConfirmations?: boolean;
  /**
   * Replaces LOCAL_BACKEND_DISABLE_LEGACY_API_KEYS (default false): true refuses the legacy JWT API
   * keys, to prove a project needs only the publishable and secret keys.
   */
  disableLegacyApiKeys?: boolean;
  /**
   * Replaces config.toml's [auth.captcha] enabled and LOCAL_BACKEND_CAPTCHA: true makes the auth
   * service require a token from the captcha stand-in, as production requires Turnstile's.
   */
  captcha?: boolean;
}

type Toml = Record<string, unknown>;

function table(value: unknown): Toml {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Toml) : {};
}

/** `env(NAME)` values are read from the environment, as the Supabase CLI does. */
function substitute<T>(value: T): T {
  if (typeof value !== 'string') return value;
  const match = /^env\((\w+)\)$/.exec(value);
  return (match ? (process.env[match[1] ?? ''] ?? '') : value) as T;
}

function read<T>(source: Toml, key: string, fallback: T): T {
  const value = substitute(source[key]);
  return value === undefined || value === '' ? fallback : (value as T);
}

/**
 * Rate limits come from config.toml [auth.rate_limit]; a test run relaxes one by setting
 * LOCAL_BACKEND_RATE_LIMIT_<NAME> (e.g. LOCAL_BACKEND_RATE_LIMIT_SIGN_IN_SIGN_UPS=10000).
 */
function rateLimits(source: Toml): RateLimits {
  const limits: RateLimits = {
    email_sent: read(source, 'email_sent', 2),
    sign_in_sign_ups: read(source, 'sign_in_sign_ups', 30),
    token_refresh: read(source, 'token_refresh', 150),
    token_verifications: read(source, 'token_verifications', 30),
  };
  for (const key of Object.keys(limits) as (keyof RateLimits)[]) {
    const override = process.env[`LOCAL_BACKEND_RATE_LIMIT_${key.toUpperCase()}`];
    if (override !== undefined && override !== '') limits[key] = Number(override);
  }
  return limits;
}

/** [auth.mfa] with the CLI's defaults: ten factors, TOTP off. */
function mfaSettings(source: Toml, overrides: ConfigOverrides): MfaSettings {
  const totp = table(source.totp);
  const perMinute = process.env.LOCAL_BACKEND_RATE_LIMIT_MFA_CHALLENGE_AND_VERIFY;
  return {
    maxEnrolledFactors: read(source, 'max_enrolled_factors', 10),
    totpEnrollEnabled: read(totp, 'enroll_enabled', false),
    totpVerifyEnabled: read(totp, 'verify_enabled', false),
    challengeExpirySeconds: 300,
    factorExpirySeconds: 300,
    challengeAndVerifyPerMinute:
      overrides.mfaChallengeAndVerifyPerMinute ??
      (perMinute !== undefined && perMinute !== '' ? Number(perMinute) : 15),
    allowTotpCodeReuse: overrides.allowTotpCodeReuse ?? false,
  };
}

const supportedHooks = {
  mfa_verification_attempt: 'mfaVerificationAttempt',
  before_user_created: 'beforeUserCreated',
} as const;

/**
 * [auth.hook.*] as GoTrue reads it: an enabled hook's URI must be `pg-functions://<db>/<schema>/
 * <function>` with plain names. HTTP hooks and the hooks the local backend does not run stop the
 * start rather than being ignored.
 */
function authHooks(source: Toml): AuthHooks {
  const hooks: AuthHooks = {};
  for (const [name, value] of Object.entries(source)) {
    const settings = table(value);
    if (!read(settings, 'enabled', false)) continue;
    const key = supportedHooks[name as keyof typeof supportedHooks] as keyof AuthHooks | undefined;
    if (!key)
      throw new BackendStartError(`[auth.hook.${name}] is not supported by the local backend`);
    const uri = read(settings, 'uri', '');
    const match =
      /^pg-functions:\/\/[^/]+\/([A-Za-z_][A-Za-z0-9_]*)\/([A-Za-z_][A-Za-z0-9_]*)$/.exec(uri);
    if (!match) {
      throw new BackendStartError(
        `[auth.hook.${name}] uri must be pg-functions://postgres/<schema>/<function>, not "${uri}"`,
      );
    }
    hooks[key] = { uri, functionName: `"${match[1]}"."${match[2]}"` };
  }
  return hooks;
}

const captchaProviders = new Set(['turnstile', 'hcaptcha']);

/** [auth.captcha] with `env()` resolved; an enforced captcha needs a provider GoTrue knows. */
function captchaSettings(source: Toml, overrides: ConfigOverrides): CaptchaSettings {
  const enabled =
    overrides.captcha ?? envSwitch('LOCAL_BACKEND_CAPTCHA') ?? read(source, 'enabled', false);
  const provider = read(source, 'provider', 'turnstile');
  if (enabled && !captchaProviders.has(provider)) {
    throw new BackendStartError(
      `[auth.captcha] provider must be "turnstile" or "hcaptcha", not "${provider}"`,
    );
  }
  return { enabled, provider, secret: read(source, 'secret', '') };
}

/** A LOCAL_BACKEND_<NAME>=true|false switch; unset or empty leaves the decision to the caller. */
export function envSwitch(name: string): boolean | undefined {
  const value = process.env[name]?.trim().toLowerCase();
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new BackendStartError(`${name} must be true or false, not "${process.env[name]}"`);
}

/** [db.vault]: string values only, as the CLI reads them (a secret is text). */
function vaultEntries(source: Toml): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** [api] schemas, `public` when it names none. */
function exposedSchemas(api: Toml): string[] {
  const listed = read<unknown>(api, 'schemas', []);
  const names = Array.isArray(listed)
    ? listed.filter((name): name is string => typeof name === 'string' && name !== '')
    : [];
  return names.length > 0 ? [...new Set(names)] : ['public'];
}

/** [edge_runtime.secrets], the Supabase CLI's table for the functions' local secrets. */
function functionSecrets(source: Toml): Record<string, string> {
  const secrets: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    if (typeof value === 'string') secrets[name] = substitute(value);
    else if (typeof value === 'number' || typeof value === 'boolean') secrets[name] = String(value);
  }
  return secrets;
}

export function loadConfig(overrides: ConfigOverrides = {}): BackendConfig {
  const projectRoot = resolve(overrides.projectRoot ?? process.cwd());
  const supabaseDir = resolve(overrides.supabaseDir ?? join(projectRoot, 'supabase'));
  const toml = parse(readFileSync(join(supabaseDir, 'config.toml'), 'utf8')) as Toml;
  const api = table(toml.api);
  const db = table(toml.db);
  const mail = table(toml.local_smtp);
  const auth = table(toml.auth);
  const authEmail = table(auth.email);
  const google = table(table(auth.external).google);
  const azure = table(table(auth.external).azure);
  const functions = table(toml.functions);
  const edgeRuntime = table(toml.edge_runtime);

  const apiPort = overrides.apiPort ?? read(api, 'port', 54321);
  const host = '127.0.0.1';
  return {
    projectRoot,
    supabaseDir,
    dataDir: resolve(overrides.dataDir ?? join(projectRoot, '.local-backend', 'postgres')),
    host,
    apiPort,
    dbPort: overrides.dbPort ?? read(db, 'port', 54322),
    mailPort: overrides.mailPort ?? read(mail, 'port', 54324),
    apiUrl: `http://${host}:${apiPort}`,
    maxRows: read(api, 'max_rows', 1000),
    schemas: exposedSchemas(api),
    auth: {
      siteUrl: read(auth, 'site_url', 'http://127.0.0.1:3000'),
      additionalRedirectUrls: read(auth, 'additional_redirect_urls', [] as string[]),
      jwtExpiry: read(auth, 'jwt_expiry', 3600),
      refreshTokenRotation: read(auth, 'enable_refresh_token_rotation', true),
      refreshTokenReuseInterval: read(auth, 'refresh_token_reuse_interval', 10),
      enableSignup: read(auth, 'enable_signup', true),
      emailEnabled: read(authEmail, 'enabled', true),
      minimumPasswordLength: read(auth, 'minimum_password_length', 6),
      passwordRequirements: read(auth, 'password_requirements', ''),
      enableConfirmations:
        overrides.enableConfirmations ??
        envSwitch('LOCAL_BACKEND_ENABLE_CONFIRMATIONS') ??
        read(authEmail, 'enable_confirmations', false),
      googleEnabled: read(google, 'enabled', false),
      azureEnabled: read(azure, 'enabled', false),
      enableAnonymousSignIns: read(auth, 'enable_anonymous_sign_ins', false),
      anonymousSignInsPerHour: read(table(auth.rate_limit), 'anonymous_users', 30),
      enableManualLinking: read(auth, 'enable_manual_linking', false),
      securePasswordChange: read(authEmail, 'secure_password_change', false),
      doubleConfirmEmailChanges: read(authEmail, 'double_confirm_changes', true),
      rateLimits: { ...rateLimits(table(auth.rate_limit)), ...overrides.rateLimits },
      mfa: mfaSettings(table(auth.mfa), overrides),
      hooks: authHooks(table(auth.hook)),
      captcha: captchaSettings(table(auth.captcha), overrides),
      rateLimitHeader:
        overrides.rateLimitHeader ??
        (process.env.LOCAL_BACKEND_RATE_LIMIT_HEADER?.trim() || undefined),
    },
    functionsVerifyJwt: Object.fromEntries(
      Object.entries(functions).map(([name, settings]) => [
        name,
        read(table(settings), 'verify_jwt', true),
      ]),
    ),
    functionsImportMap: Object.fromEntries(
      Object.entries(functions).flatMap(([name, settings]) => {
        const importMap = read(table(settings), 'import_map', '');
        return importMap ? [[name, resolve(supabaseDir, importMap)]] : [];
      }),
    ),
    functionSecrets: functionSecrets(table(edgeRuntime.secrets)),
    dbVault: vaultEntries(table(db.vault)),
    disableLegacyApiKeys:
      overrides.disableLegacyApiKeys ?? envSwitch('LOCAL_BACKEND_DISABLE_LEGACY_API_KEYS') ?? false,
  };
}
