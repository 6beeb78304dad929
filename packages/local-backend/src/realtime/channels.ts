import type pg from 'pg';
import WebSocket from 'ws';
import type { Logger } from '../http/types';
import type { JwtClaims } from '../jwt';
import type { ChangeSubscriber } from './delivery';
import {
  decodeFrame,
  encodeBinaryBroadcast,
  encodeFrame,
  type PhoenixMessage,
  type SerializerVersion,
} from './phoenix';
import { prepareBindings, type PostgresBinding } from './subscriptions';
import { checkToken, joinErrorReason } from './tokens';

export interface ChannelContext {
  pool: pg.Pool;
  log: Logger;
  publication: string;
  /** Every joined channel of every connection, by topic (for broadcasts between clients). */
  topics: Map<string, Set<Channel>>;
}

const TOPIC_PREFIX = 'realtime:';
/** Phoenix closes a socket that sent nothing (not even a heartbeat) for this long. */
const IDLE_TIMEOUT_MS = 60_000;
/** Token expiry is re-checked at least this often (timers cannot wait arbitrarily long). */
const MAX_EXPIRY_CHECK_MS = 60 * 60 * 1000;

type Claims = JwtClaims & { role: string; exp: number };

/** A joined channel: its identity, its postgres_changes bindings and how to reach its client. */
export class Channel implements ChangeSubscriber {
  bindings: PostgresBinding[] = [];
  /** Whether the database subscription was accepted (bindings receive changes). */
  subscribed = false;
  private expiryTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly connection: Connection,
    readonly topic: string,
    readonly joinRef: string | null,
    public token: string,
    public claims: Claims,
    readonly broadcastSelf: boolean,
    readonly broadcastAck: boolean,
  ) {}

  get name(): string {
    return this.topic.slice(TOPIC_PREFIX.length);
  }

  deliver(payload: { ids: number[]; data: Record<string, unknown> }): void {
    if (this.connection.channelFor(this.topic) !== this) return;
    this.connection.send({
      joinRef: null,
      ref: null,
      topic: this.topic,
      event: 'postgres_changes',
      payload,
    });
  }

  push(event: string, payload: unknown): void {
    this.connection.send({ joinRef: this.joinRef, ref: null, topic: this.topic, event, payload });
  }

  /** Shuts the channel down when its token expires, unless an access_token message renews it. */
  watchExpiry(onExpired: () => void): void {
    clearTimeout(this.expiryTimer);
    const wait = Math.min(Math.max(0, this.claims.exp * 1000 - Date.now()), MAX_EXPIRY_CHECK_MS);
    this.expiryTimer = setTimeout(onExpired, wait + 10);
    this.expiryTimer.unref();
  }

  dispose(): void {
    clearTimeout(this.expiryTimer);
  }
}

/** One websocket: Phoenix messages in order, the channels joined on it. */
export class Connection {
  private readonly channels = new Map<string, Channel>();
  private queue: Promise<void> = Promise.resolve();
  private readonly idleTimer: NodeJS.Timeout;
  private leaving: Promise<void> | undefined;

  constructor(
    private readonly socket: WebSocket,
    readonly version: SerializerVersion,
    /** The socket's apikey as a JWT: the identity of channels that join without a user token. */
    private readonly socketToken: string,
    private readonly context: ChannelContext,
  ) {
    this.idleTimer = setTimeout(() => socket.close(1000, 'idle'), IDLE_TIMEOUT_MS);
    this.idleTimer.unref();
    socket.on('message', (data, isBinary) => {
      this.idleTimer.refresh();
      const frame = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      // Messages are handled one after the other, as a Phoenix socket does.
      this.queue = this.queue
        .then(() => this.handle(frame, isBinary))
        .catch((error: unknown) => this.context.log.error('realtime: message failed', error));
    });
    socket.on('close', () => this.dispose());
    socket.on('error', () => socket.terminate());
  }

  get subscribers(): Channel[] {
    return [...this.channels.values()].filter((channel) => channel.subscribed);
  }

  channelFor(topic: string): Channel | undefined {
    return this.channels.get(topic);
  }

  send(message: PhoenixMessage): void {
    if (this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(encodeFrame(message, this.version));
    }
  }

  sendBinary(frame: Buffer): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(frame);
  }

  /** Closes with 1001 (going away), cutting off a client that does not answer in time. */
  goAway(graceMs: number): Promise<void> {
    this.leaving ??= new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.socket.terminate();
        resolve();
      }, graceMs);
      if (this.socket.readyState === WebSocket.CLOSED) resolve();
      this.socket.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      this.socket.close(1001, 'server shutting down');
    });
    return this.leaving;
  }

  dispose(): void {
    clearTimeout(this.idleTimer);
    for (const channel of this.channels.values()) this.forget(channel);
  }

  private reply(request: PhoenixMessage, status: 'ok' | 'error', response: unknown): void {
    this.send({
      joinRef: request.joinRef,
      ref: request.ref,
      topic: request.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  }

  private async handle(frame: Buffer, isBinary: boolean): Promise<void> {
    let message: PhoenixMessage;
    try {
      message = decodeFrame(frame, isBinary, this.version);
    } catch {
      return;
    }
    if (message.topic === 'phoenix') {
      if (message.event === 'heartbeat') this.reply(message, 'ok', {});
      return;
    }
    if (message.event === 'phx_join') {
      await this.join(message);
      return;
    }
    const channel = this.channels.get(message.topic);
    if (!channel || (message.joinRef !== null && message.joinRef !== channel.joinRef)) {
      this.reply(message, 'error', { reason: 'unmatched topic' });
      return;
    }
    switch (message.event) {
      case 'phx_leave':
        this.reply(message, 'ok', {});
        this.closeChannel(channel);
        return;
      case 'access_token':
        await this.renewToken(channel, message.payload);
        return;
      case 'broadcast':
        this.broadcast(channel, message);
        return;
      case 'presence':
        // Presence is accepted so clients that track work, but it is not shared between clients.
        this.reply(message, 'ok', {});
        return;
      default:
        return;
    }
  }

  private async join(message: PhoenixMessage): Promise<void> {
    const { topic } = message;
    if (!topic.startsWith(TOPIC_PREFIX)) {
      this.reply(message, 'error', { reason: 'unmatched topic' });
      return;
    }
    if (topic === TOPIC_PREFIX) {
      this.reply(message, 'error', {
        reason: 'TopicNameRequired: You must provide a topic name',
      });
      return;
    }
    const previous = this.channels.get(topic);
    if (previous) this.closeChannel(previous);

    const payload = asObject(message.payload);
    const accessToken = payload.access_token;
    const token =
      typeof accessToken === 'string' && accessToken !== '' && !accessToken.startsWith('sb_')
        ? accessToken
        : this.socketToken;
    const check = await checkToken(token);
    if (!check.ok) {
      this.reply(message, 'error', { reason: joinErrorReason(check.problem, check.message) });
      return;
    }

    const config = asObject(payload.config);
    const broadcast = asObject(config.broadcast);
    const presence = asObject(config.presence);
    const requested = Array.isArray(config.postgres_changes)
      ? (config.postgres_changes as unknown[]).filter((item) => item !== null)
      : [];
    const prepared = await prepareBindings(this.context.pool, this.context.publication, requested);

    const channel = new Channel(
      this,
      topic,
      message.joinRef,
      token,
      check.claims,
      broadcast.self === true,
      broadcast.ack === true,
    );
    channel.bindings = prepared.bindings;
    this.channels.set(topic, channel);
    const sameTopic = this.context.topics.get(topic) ?? new Set();
    sameTopic.add(channel);
    this.context.topics.set(topic, sameTopic);

    this.reply(message, 'ok', { postgres_changes: prepared.echo });
    if (presence.enabled === true) channel.push('presence_state', {});
    if (requested.length > 0) {
      channel.subscribed = prepared.error === undefined;
      channel.push('system', {
        extension: 'postgres_changes',
        status: prepared.error ? 'error' : 'ok',
        message: prepared.error ?? 'Subscribed to PostgreSQL',
        channel: channel.name,
      });
    }
    this.watchExpiry(channel);
  }

  private watchExpiry(channel: Channel): void {
    channel.watchExpiry(() => {
      this.queue = this.queue.then(async () => {
        if (this.channels.get(channel.topic) !== channel) return;
        const check = await checkToken(channel.token);
        if (check.ok) this.watchExpiry(channel);
        else this.shutDown(channel, check.message);
      });
    });
  }

  /** An access_token message: hosted re-checks the token and moves the channel to its claims. */
  private async renewToken(channel: Channel, payload: unknown): Promise<void> {
    const token = asObject(payload).access_token;
    if (typeof token !== 'string' || token.startsWith('sb_') || token === channel.token) return;
    const check = await checkToken(token);
    if (!check.ok) {
      this.shutDown(channel, check.message);
      return;
    }
    channel.token = token;
    channel.claims = check.claims;
    this.watchExpiry(channel);
  }

  /** Hosted's channel shutdown: a system error the client can show, then the channel closes. */
  private shutDown(channel: Channel, reason: string): void {
    channel.push('system', {
      extension: 'system',
      status: 'error',
      message: reason,
      channel: channel.name,
    });
    this.closeChannel(channel);
  }

  /** Closes a channel server-side: the client receives phx_close and reports CLOSED. */
  private closeChannel(channel: Channel): void {
    this.send({
      joinRef: channel.joinRef,
      ref: channel.joinRef,
      topic: channel.topic,
      event: 'phx_close',
      payload: {},
    });
    this.forget(channel);
  }

  private forget(channel: Channel): void {
    channel.dispose();
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
    const sameTopic = this.context.topics.get(channel.topic);
    sameTopic?.delete(channel);
    if (sameTopic?.size === 0) this.context.topics.delete(channel.topic);
  }

  /** A public broadcast: relayed to the other clients joined to the topic (and to itself if asked). */
  private broadcast(sender: Channel, message: PhoenixMessage): void {
    const payload = asObject(message.payload);
    const event = typeof payload.event === 'string' ? payload.event : '';
    const body = payload.payload;
    for (const channel of this.context.topics.get(sender.topic) ?? []) {
      if (channel === sender && !sender.broadcastSelf) continue;
      if (Buffer.isBuffer(body)) {
        if (channel.connection.version === '2.0.0') {
          channel.connection.sendBinary(encodeBinaryBroadcast(channel.topic, event, body));
        }
        continue;
      }
      channel.connection.send({
        joinRef: null,
        ref: null,
        topic: channel.topic,
        event: 'broadcast',
        payload: { type: 'broadcast', event, payload: body },
      });
    }
    if (sender.broadcastAck) this.reply(message, 'ok', {});
  }
}

function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
