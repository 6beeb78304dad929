import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** RFC 6238 as GoTrue configures it: HMAC-SHA-1, 30-second steps, 6 digits. */
const stepSeconds = 30;
const digits = 6;
/** GoTrue accepts the code of the step before and the step after the current one. */
const skewSteps = 1;
/** GoTrue's secrets: 20 random bytes, base32 without padding (32 characters). */
const secretBytes = 20;

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let output = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      output += base32Alphabet[(buffer >> bits) & 31];
    }
  }
  if (bits > 0) output += base32Alphabet[(buffer << (5 - bits)) & 31];
  return output;
}

/** Decodes base32 as authenticator apps accept it: any case, spaces and padding ignored. */
export function base32Decode(text: string): Buffer {
  const cleaned = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const character of cleaned) {
    const value = base32Alphabet.indexOf(character);
    if (value < 0) throw new Error(`"${character}" is not a base32 character`);
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

export function newTotpSecret(): string {
  return base32Encode(randomBytes(secretBytes));
}

function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The 6-digit code an authenticator app shows for `secret` (base32) at `atMs`. */
export function totpCode(secret: string, atMs: number = Date.now()): string {
  return hotp(base32Decode(secret), Math.floor(atMs / 1000 / stepSeconds));
}

/**
 * The time step whose code `code` is, among the current step and one either side, or null when it
 * is none of them.
 */
export function totpMatchingStep(
  code: string,
  secret: string,
  atMs: number = Date.now(),
): number | null {
  const candidate = Buffer.from(code.trim());
  if (candidate.length !== digits) return null;
  const key = base32Decode(secret);
  const step = Math.floor(atMs / 1000 / stepSeconds);
  let matched: number | null = null;
  for (let offset = -skewSteps; offset <= skewSteps; offset += 1) {
    if (step + offset < 0) continue;
    const expected = Buffer.from(hotp(key, step + offset));
    // Every step is compared, so the time taken says nothing about which one matched.
    if (timingSafeEqual(expected, candidate)) matched = step + offset;
  }
  return matched;
}

/**
 * The otpauth:// URI authenticator apps read (GoTrue's form: label `issuer:account`, parameters in
 * alphabetical order, spaces as %20).
 */
export function totpUri(issuer: string, account: string, secret: string): string {
  const parameters = [
    ['algorithm', 'SHA1'],
    ['digits', String(digits)],
    ['issuer', issuer],
    ['period', String(stepSeconds)],
    ['secret', secret],
  ]
    .map(([name, value]) => `${name}=${escapeSegment(value ?? '', false)}`)
    .join('&');
  return `otpauth://totp/${escapeSegment(`${issuer}:${account}`, true)}?${parameters}`;
}

/**
 * Percent-encodes as Go's url package does for a whole path (`inPath`) or one path segment: letters,
 * digits, -._~ and $&+:=@ stay (in a path also /;,); everything else becomes %XX of its UTF-8.
 */
function escapeSegment(value: string, inPath: boolean): string {
  const kept = inPath ? /[A-Za-z0-9\-._~$&+:=@/;,]/ : /[A-Za-z0-9\-._~$&+:=@]/;
  let output = '';
  for (const character of value) {
    if (kept.test(character)) {
      output += character;
      continue;
    }
    for (const byte of Buffer.from(character, 'utf8')) {
      output += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    }
  }
  return output;
}
