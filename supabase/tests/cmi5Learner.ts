/**
 * A learner's side of cmi5, as the app and a player call it: launches through launch-module, the
 * one-time token, LaunchData, and the statements a player sends to the LRS. Shared by the tests of
 * the LMS (cmi5.test.ts) and of what completion earns (certificates.test.ts).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { projectUrl } from './project';

export const lrs = `${projectUrl}/functions/v1/xapi`;
export const playerUrl = 'http://127.0.0.1:54321/player/fmh/';
export const cmi5Category = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
export const sessionIdExtension = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';
export const playedSegments = 'https://w3id.org/xapi/video/extensions/played-segments';
export const verbs = {
  launched: 'http://adlnet.gov/expapi/verbs/launched',
  initialized: 'http://adlnet.gov/expapi/verbs/initialized',
  progressed: 'http://adlnet.gov/expapi/verbs/progressed',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  terminated: 'http://adlnet.gov/expapi/verbs/terminated',
  satisfied: 'https://w3id.org/xapi/adl/verbs/satisfied',
  abandoned: 'https://w3id.org/xapi/adl/verbs/abandoned',
  voided: 'http://adlnet.gov/expapi/verbs/voided',
  played: 'https://w3id.org/xapi/video/verbs/played',
};

export interface Launch {
  registration: string;
  fetchCode: string;
  actor: { objectType: 'Agent'; account: { homePage: string; name: string } };
  activityId: string;
  launchMode: 'Normal' | 'Review';
}

export interface Session extends Launch {
  authorization: string;
  sessionId: string;
}

export async function bearer(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('Not signed in');
  return `Bearer ${data.session.access_token}`;
}

export async function requestLaunch(
  authorization: string | undefined,
  module: string,
  launchedUrl = playerUrl,
): Promise<Response> {
  return fetch(`${projectUrl}/functions/v1/launch-module`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(authorization ? { Authorization: authorization } : {}),
    },
    body: JSON.stringify({ module, playerUrl: launchedUrl }),
  });
}

export async function launch(client: SupabaseClient, module = 'rural-minds'): Promise<Launch> {
  const response = await requestLaunch(await bearer(client), module);
  if (response.status !== 200) {
    throw new Error(`launch-module answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as Launch;
}

export function fetchToken(code: string): Promise<Response> {
  return fetch(`${lrs}/cmi5/fetch/${code}`, { method: 'POST' });
}

/** A launch as a player takes it up: the token fetched, the session id read from LaunchData. */
export async function startSession(
  client: SupabaseClient,
  module = 'rural-minds',
): Promise<Session> {
  const launched = await launch(client, module);
  const token = (await (await fetchToken(launched.fetchCode)).json()) as { 'auth-token': string };
  const authorization = `Basic ${token['auth-token']}`;
  const launchData = await xapi(authorization, `activities/state?${stateQuery(launched)}`);
  expect(launchData.status).toBe(200);
  const data = (await launchData.json()) as {
    contextTemplate: { extensions: Record<string, string> };
  };
  return {
    ...launched,
    authorization,
    sessionId: data.contextTemplate.extensions[sessionIdExtension] ?? '',
  };
}

export function stateQuery(
  session: Launch,
  stateId = 'LMS.LaunchData',
  agent: unknown = session.actor,
) {
  return new URLSearchParams({
    activityId: session.activityId,
    agent: JSON.stringify(agent),
    registration: session.registration,
    stateId,
  }).toString();
}

export function xapi(
  authorization: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<Response> {
  return fetch(`${lrs}/${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      Authorization: authorization,
      'X-Experience-API-Version': '1.0.3',
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** A statement of the session's learner in its registration, as the player sends it. */
export function statement(session: Session, verb: string, result?: Record<string, unknown>) {
  return {
    actor: session.actor,
    verb: { id: verb },
    object: { objectType: 'Activity', id: session.activityId },
    context: {
      registration: session.registration,
      extensions: { [sessionIdExtension]: session.sessionId },
    },
    ...(result ? { result } : {}),
  };
}

export async function send(session: Session, ...statements: unknown[]): Promise<void> {
  const response = await xapi(session.authorization, 'statements', { body: statements });
  expect(response.status, await response.clone().text()).toBe(200);
}

export async function statementsOf(authorization: string, query: string) {
  const response = await xapi(authorization, `statements?${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { statements: Record<string, unknown>[] }).statements;
}
