/**
 * Signed statements (xAPI-Data 2.6) through the LRS: a JWS signature attachment with RS256, RS384 or
 * RS512 whose payload is the statement is stored; another algorithm, another payload, a broken JWS
 * or a missing signature part is 400; with an x5c certificate the signature must verify.
 * The key and certificate in fixtures/ were made for these tests only and sign nothing else.
 */
import { createHash, createPrivateKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { CompactSign } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectUrl, seeded, signedIn } from './project';

const lrs = `${projectUrl}/functions/v1/xapi`;
const boundary = 'xapi-signature-boundary';
const fixture = (name: string) =>
  readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');
const signingKey = createPrivateKey(fixture('test-only-jws-signer.key.pem'));
const certificate = fixture('test-only-jws-signer.cert.pem')
  .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
  .replace(/\s+/g, '');

let authorization: string;

beforeAll(async () => {
  const admin = await signedIn(seeded.admin.email);
  const { data, error } = await admin
    .rpc('create_lrs_client', { name: 'Signature test client', scopes: ['all'] })
    .single<{ secret: string; lrs_client: { key: string } }>();
  if (error || !data) throw new Error(`Could not issue an LRS client: ${error?.message}`);
  authorization = `Basic ${Buffer.from(`${data.lrs_client.key}:${data.secret}`).toString('base64')}`;
});

function unsignedStatement() {
  return {
    id: randomUUID(),
    actor: { objectType: 'Agent', mbox: `mailto:signer-${randomUUID()}@example.org` },
    verb: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-GB': 'completed' } },
    object: { objectType: 'Activity', id: 'http://localhost:5173/xapi/activities/module/dementia' },
  };
}

async function sign(
  payload: unknown,
  header: Record<string, unknown> = { alg: 'RS256' },
  key: Parameters<CompactSign['sign']>[0] = signingKey,
): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader(header as { alg: string })
    .sign(key);
}

/** POSTs the statement with `jws` as its signature attachment (omitted from the body if asked). */
async function postSigned(
  statement: Record<string, unknown>,
  jws: string,
  options: { sendPart?: boolean } = {},
): Promise<Response> {
  const sha2 = createHash('sha256').update(jws).digest('hex');
  const signed = {
    ...statement,
    attachments: [
      {
        usageType: 'http://adlnet.gov/expapi/attachments/signature',
        display: { 'en-GB': 'Signature' },
        contentType: 'application/octet-stream',
        length: Buffer.byteLength(jws),
        sha2,
      },
    ],
  };
  const lines = [`--${boundary}`, 'Content-Type: application/json', '', JSON.stringify(signed)];
  if (options.sendPart !== false) {
    lines.push(
      `--${boundary}`,
      'Content-Type: application/octet-stream',
      'Content-Transfer-Encoding: binary',
      `X-Experience-API-Hash: ${sha2}`,
      '',
      jws,
    );
  }
  lines.push(`--${boundary}--`, '');
  return fetch(`${lrs}/statements`, {
    method: 'POST',
    headers: {
      Authorization: authorization,
      'X-Experience-API-Version': '1.0.3',
      'Content-Type': `multipart/mixed; boundary=${boundary}`,
    },
    body: lines.join('\r\n'),
  });
}

describe('signed statements', () => {
  it('stores a statement signed with RS256, RS384 or RS512 over itself', async () => {
    for (const alg of ['RS256', 'RS384', 'RS512']) {
      const statement = unsignedStatement();
      const response = await postSigned(statement, await sign(statement, { alg }));
      expect([alg, response.status]).toEqual([alg, 200]);
    }
  });

  it('refuses another algorithm, another payload, a broken JWS, and a missing signature part', async () => {
    const statement = unsignedStatement();
    const { privateKey: ecKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const refusals = {
      es256: await postSigned(statement, await sign(statement, { alg: 'ES256' }, ecKey)),
      otherPayload: await postSigned(
        statement,
        await sign({ ...statement, verb: { id: 'http://adlnet.gov/expapi/verbs/failed' } }),
      ),
      notJson: await postSigned(statement, 'eyJhbGciOiJSUzI1NiJ9.bm90IGpzb24.c2ln'),
      notJws: await postSigned(statement, 'not a jws'),
      noPart: await postSigned(statement, await sign(statement), { sendPart: false }),
    };
    for (const [name, response] of Object.entries(refusals)) {
      expect([name, response.status]).toEqual([name, 400]);
    }
    const stored = await fetch(`${lrs}/statements?statementId=${statement.id}`, {
      headers: { Authorization: authorization, 'X-Experience-API-Version': '1.0.3' },
    });
    expect(stored.status).toBe(404);
  });

  it('with an x5c certificate, the signature must verify with its key', async () => {
    const statement = unsignedStatement();
    const verified = await postSigned(
      statement,
      await sign(statement, { alg: 'RS256', x5c: [certificate] }),
    );
    expect(verified.status).toBe(200);
    const { privateKey: otherKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const another = unsignedStatement();
    const forged = await postSigned(
      another,
      await sign(another, { alg: 'RS256', x5c: [certificate] }, otherKey),
    );
    expect(forged.status).toBe(400);
  });
});
