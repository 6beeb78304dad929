import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lrsEndpointUrl } from '@/lib/lrsEndpoint';
import { playerAddress } from '@/lib/playerAddress';
import { answerLearning, launchAnswer } from '@/test/learningServer';
import { supabaseFake } from '@/test/supabaseFake';
import { launchFailureMessage, launchModule, launchUrl, LaunchError } from './launch';

vi.mock('@/lib/loadSupabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase),
);

const endpoint = 'https://api.example/functions/v1/xapi/';

describe('launchUrl', () => {
  it("carries cmi5's launch parameters as the player address's query", () => {
    const url = new URL(launchUrl('https://player.example/360/dem/', launchAnswer, endpoint));
    expect(`${url.origin}${url.pathname}`).toBe('https://player.example/360/dem/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      endpoint,
      fetch: `${endpoint}cmi5/fetch/f3tchc0de`,
      actor: JSON.stringify(launchAnswer.actor),
      registration: launchAnswer.registration,
      activityId: 'https://revolve.example/xapi/activities/module/dementia',
    });
  });

  it('encodes each value for a query (URLSearchParams)', () => {
    const url = launchUrl('https://player.example/360/dem/', launchAnswer, endpoint);
    expect(url).toBe(
      'https://player.example/360/dem/?' +
        'endpoint=https%3A%2F%2Fapi.example%2Ffunctions%2Fv1%2Fxapi%2F' +
        '&fetch=https%3A%2F%2Fapi.example%2Ffunctions%2Fv1%2Fxapi%2Fcmi5%2Ffetch%2Ff3tchc0de' +
        '&actor=%7B%22objectType%22%3A%22Agent%22%2C%22account%22%3A%7B%22homePage%22%3A%22https%3A%2F%2Frevolve.example%22%2C%22name%22%3A%22u1%22%7D%7D' +
        `&registration=${launchAnswer.registration}` +
        '&activityId=https%3A%2F%2Frevolve.example%2Fxapi%2Factivities%2Fmodule%2Fdementia',
    );
  });

  it("uses the app's LRS endpoint unless told otherwise", () => {
    const url = new URL(launchUrl(playerAddress('dementia'), launchAnswer));
    expect(url.searchParams.get('endpoint')).toBe(lrsEndpointUrl);
    expect(lrsEndpointUrl).toMatch(/\/functions\/v1\/xapi\/$/);
    expect(url.searchParams.get('fetch')).toBe(`${lrsEndpointUrl}cmi5/fetch/f3tchc0de`);
  });
});

describe('launchModule', () => {
  beforeEach(() => supabaseFake.reset());

  it('asks launch-module for the module and its player address, and answers the launch URL', async () => {
    answerLearning();
    const url = await launchModule('dementia');
    expect(supabaseFake.lastCall('invoke:launch-module').args).toEqual({
      module: 'dementia',
      playerUrl: playerAddress('dementia'),
    });
    expect(url).toBe(launchUrl(playerAddress('dementia'), launchAnswer));
  });

  it('throws a refused LaunchError on a 403', async () => {
    const refusal = new FunctionsHttpError(
      new Response(JSON.stringify({ error: 'may not open' }), { status: 403 }),
    );
    answerLearning({ launch: { error: refusal } });
    const failure = await launchModule('home-visits').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LaunchError);
    expect((failure as LaunchError).refused).toBe(true);
    expect((failure as LaunchError).cause).toBe(refusal);
  });

  it.each([
    ['a 400', new FunctionsHttpError(new Response('{"error":"bad"}', { status: 400 }))],
    ['a network failure', new FunctionsFetchError(new TypeError('Failed to fetch'))],
  ])('throws a LaunchError, not refused, on %s', async (_case, error) => {
    answerLearning({ launch: { error } });
    const failure = await launchModule('dementia').catch((caught: unknown) => caught);
    expect(failure).toBeInstanceOf(LaunchError);
    expect((failure as LaunchError).refused).toBe(false);
  });

  it('throws on an answer without the launch fields', async () => {
    answerLearning({ launch: { data: { registration: 'r' } } });
    await expect(launchModule('dementia')).rejects.toBeInstanceOf(LaunchError);
  });
});

describe('launchFailureMessage', () => {
  it('tells a refused learner their access has ended', () => {
    expect(launchFailureMessage(new LaunchError(true, null))).toBe(
      'Your access to this module has ended or could not be confirmed. If you think it should open, sign in again or ask the person who gave you access.',
    );
  });

  it('asks anyone else to check their connection and try again', () => {
    const failed = 'We could not start your training session. Check your connection and try again.';
    expect(launchFailureMessage(new LaunchError(false, null))).toBe(failed);
    expect(launchFailureMessage(new Error('anything'))).toBe(failed);
  });
});
