/**
 * Phoenix channel framing as realtime-js speaks it: vsn 1.0.0 sends JSON objects, vsn 2.0.0 JSON
 * arrays `[join_ref, ref, topic, event, payload]` plus binary frames for broadcasts.
 */

export type SerializerVersion = '1.0.0' | '2.0.0';

export const SUPPORTED_VERSIONS: readonly SerializerVersion[] = ['1.0.0', '2.0.0'];

export interface PhoenixMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** Binary frame kinds of the 2.0.0 serializer. */
const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;
const JSON_ENCODING = 1;

export class FrameError extends Error {}

export function decodeFrame(
  data: Buffer,
  isBinary: boolean,
  version: SerializerVersion,
): PhoenixMessage {
  if (isBinary) return decodeBinaryPush(data);
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    throw new FrameError('frame is not JSON');
  }
  if (version === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new FrameError('expected an array');
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    return message(joinRef, ref, topic, event, payload);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new FrameError('expected an object');
  }
  const fields = parsed as Record<string, unknown>;
  return message(fields.join_ref, fields.ref, fields.topic, fields.event, fields.payload);
}

function message(
  joinRef: unknown,
  ref: unknown,
  topic: unknown,
  event: unknown,
  payload: unknown,
): PhoenixMessage {
  if (typeof topic !== 'string' || typeof event !== 'string') {
    throw new FrameError('topic and event must be strings');
  }
  return { joinRef: optionalRef(joinRef), ref: optionalRef(ref), topic, event, payload };
}

function optionalRef(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return String(value);
}

/**
 * A client broadcast sent as a binary frame: kind, five lengths and the payload encoding, then
 * join_ref, ref, topic, event and metadata, then the payload.
 */
function decodeBinaryPush(data: Buffer): PhoenixMessage {
  if (data.length < 7 || data[0] !== USER_BROADCAST_PUSH) {
    throw new FrameError('unsupported binary frame');
  }
  const lengths = [1, 2, 3, 4, 5].map((index) => data[index] ?? 0);
  const encoding = data[6];
  let offset = 7;
  const [joinRef, ref, topic, event, metadata] = lengths.map((length) => {
    const text = data.subarray(offset, offset + length).toString('utf8');
    offset += length;
    return text;
  }) as [string, string, string, string, string];
  const body = data.subarray(offset);
  let payload: unknown = body;
  if (encoding === JSON_ENCODING) {
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      throw new FrameError('broadcast payload is not JSON');
    }
  }
  let meta: unknown;
  if (metadata) {
    try {
      meta = JSON.parse(metadata);
    } catch {
      throw new FrameError('broadcast metadata is not JSON');
    }
  }
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { type: 'broadcast', event, payload, ...(meta ? { meta } : {}) },
  };
}

export function encodeFrame(message: PhoenixMessage, version: SerializerVersion): string {
  const { joinRef, ref, topic, event, payload } = message;
  if (version === '2.0.0') return JSON.stringify([joinRef, ref, topic, event, payload]);
  return JSON.stringify({ topic, event, payload, ref, join_ref: joinRef });
}

/**
 * A broadcast to a 2.0.0 client whose payload is binary: kind 4, the lengths of topic, event and
 * metadata, the encoding, then those strings and the bytes.
 */
export function encodeBinaryBroadcast(topic: string, event: string, payload: Buffer): Buffer {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(event, 'utf8');
  const header = Buffer.from([USER_BROADCAST, topicBytes.length, eventBytes.length, 0, 0]);
  return Buffer.concat([header, topicBytes, eventBytes, payload]);
}
