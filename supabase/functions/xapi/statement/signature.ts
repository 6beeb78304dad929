/**
 * Signed statements (xAPI-Data 2.6): a statement with a signature attachment (its content type is
 * checked with the statement) is stored only when its data came with the request and is a JWS
 * (RFC 7515, compact serialisation) with the algorithm RS256, RS384 or RS512 whose payload is the
 * statement as it was before the signature was added. When the JWS header carries an x5c
 * certificate chain, the signature must also verify with the first certificate's key; without one
 * the LRS has no key to verify with (xAPI leaves keys to the parties) and checks the rest.
 */
import {
  compactVerify,
  decodeProtectedHeader,
  importX509,
  type ProtectedHeaderParameters,
} from 'jose';
import { XapiError } from '../http.ts';
import type { AttachmentData } from './attachments.ts';
import { decodeBase64 } from './base64.ts';
import { withContextActivityArrays } from './normalise.ts';
import type { StatementJson } from './validate.ts';

export const signatureUsage = 'http://adlnet.gov/expapi/attachments/signature';
const algorithms = ['RS256', 'RS384', 'RS512'];
// What the LRS sets or may serialise its own way (xAPI-Data 2.3.1), and the attachments, which the
// signature is added to.
const unsigned = ['authority', 'stored', 'timestamp', 'version', 'attachments'];

function refused(message: string): XapiError {
  return new XapiError(400, `Signed statement: ${message}`);
}

function signatureAttachments(statement: StatementJson): Record<string, unknown>[] {
  const attachments = Array.isArray(statement.attachments) ? statement.attachments : [];
  return attachments.filter((attachment) => attachment?.usageType === signatureUsage);
}

/** JSON values equal whatever their objects' key order. */
function sameJson(left: unknown, right: unknown): boolean {
  if (Array.isArray(left) || Array.isArray(right)) {
    return (
      Array.isArray(left) &&
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((item, index) => sameJson(item, right[index]))
    );
  }
  if (left && right && typeof left === 'object' && typeof right === 'object') {
    const leftKeys = Object.keys(left);
    const rightRecord = right as Record<string, unknown>;
    return (
      leftKeys.length === Object.keys(right).length &&
      leftKeys.every(
        (key) =>
          Object.hasOwn(rightRecord, key) &&
          sameJson((left as Record<string, unknown>)[key], rightRecord[key]),
      )
    );
  }
  return left === right;
}

function comparable(statement: Record<string, unknown>, keepId: boolean): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(statement).filter(
      ([key]) => !unsigned.includes(key) && (keepId || key !== 'id'),
    ),
  );
}

function payloadOf(jws: string): Record<string, unknown> {
  const [, payload = ''] = jws.split('.');
  let parsed: unknown;
  try {
    const bytes = decodeBase64(payload.replaceAll('-', '+').replaceAll('_', '/'));
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw refused('the JWS payload is not a JSON serialisation of a statement.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw refused('the JWS payload is not a statement.');
  }
  return parsed as Record<string, unknown>;
}

function headerOf(jws: string): ProtectedHeaderParameters {
  if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(jws)) throw refused('the signature is not a compact JWS.');
  try {
    return decodeProtectedHeader(jws);
  } catch {
    throw refused('the JWS header is not valid.');
  }
}

async function verifyWithCertificate(jws: string, header: ProtectedHeaderParameters) {
  const [certificate] = header.x5c ?? [];
  if (!certificate) return;
  const pem = `-----BEGIN CERTIFICATE-----\n${certificate}\n-----END CERTIFICATE-----`;
  try {
    await compactVerify(jws, await importX509(pem, header.alg ?? ''), { algorithms });
  } catch {
    throw refused('the signature does not verify with the certificate in its x5c header.');
  }
}

async function checkSignature(statement: StatementJson, data: Map<string, string>) {
  const [attachment, ...more] = signatureAttachments(statement);
  if (!attachment) return;
  if (more.length > 0) throw refused('a statement carries one signature.');
  const content = data.get(String(attachment.sha2 ?? '').toLowerCase());
  if (content === undefined) throw refused('the signature must be sent with the statement.');
  let jws: string;
  try {
    jws = new TextDecoder('utf-8', { fatal: true }).decode(decodeBase64(content)).trim();
  } catch {
    throw refused('the signature is not a compact JWS.');
  }
  const header = headerOf(jws);
  if (!algorithms.includes(header.alg ?? '')) {
    throw refused('the JWS algorithm must be RS256, RS384 or RS512.');
  }
  const payload = payloadOf(jws);
  const signedStatement = withContextActivityArrays(payload) as Record<string, unknown>;
  // The stored id is in lower case (normalise.ts); a UUID's case carries no meaning.
  if (typeof signedStatement.id === 'string') signedStatement.id = signedStatement.id.toLowerCase();
  if (
    !sameJson(comparable(signedStatement, 'id' in payload), comparable(statement, 'id' in payload))
  ) {
    throw refused('the JWS payload is not this statement.');
  }
  await verifyWithCertificate(jws, header);
}

/** Every signed statement of the request, checked as xAPI-Data 2.6 asks; 400 otherwise. */
export async function checkSignatures(
  statements: StatementJson[],
  attachments: AttachmentData[],
): Promise<void> {
  const data = new Map(attachments.map((part) => [part.sha2, part.content]));
  for (const statement of statements) await checkSignature(statement, data);
}
