// What a function reports to the error service (supabase/functions/_shared/error-reporting.ts and
// handle() in http.ts): unexpected failures only, with the function's name, scrubbed, never the
// request's body or headers; nothing at all without the SENTRY_DSN secret.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createErrorReporting,
  flushTimeoutMs,
  functionNameOf,
  type ErrorServiceSdk,
} from '../../supabase/functions/_shared/error-reporting.ts';
import { handle, HttpError } from '../../supabase/functions/_shared/http.ts';

const reported = vi.hoisted(() => vi.fn<(name: string, error: unknown) => Promise<void>>());
vi.mock('../../supabase/functions/_shared/error-reporting.ts', async (original) => ({
  ...(await original<object>()),
  reportFunctionError: reported,
}));

function fakeSdk() {
  const sent: { event: object; tags: Record<string, string> }[] = [];
  let beforeSend: (<Event extends object>(event: Event) => Event) | undefined;
  const sdk = {
    init: vi.fn<ErrorServiceSdk['init']>((options) => {
      beforeSend = options.beforeSend;
    }),
    linkedErrorsIntegration: () => ({ name: 'LinkedErrors' }),
    captureException: vi.fn((error: unknown, { tags }: { tags: Record<string, string> }) => {
      // Roughly what the SDK builds for a server, before beforeSend sees it.
      const event = {
        exception: { values: [{ type: 'Error', value: (error as Error).message }] },
        server_name: 'isolate-host-1',
        request: {
          url: 'https://ref.supabase.co/functions/v1/submit-lead?email=a@b.co',
          method: 'POST',
          headers: { authorization: 'Bearer secret' },
          data: '{"email":"a@b.co"}',
        },
        user: { email: 'a@b.co' },
        tags,
      };
      sent.push({ event: beforeSend ? beforeSend(event) : event, tags });
      return 'event-id';
    }),
    flush: vi.fn(async () => true),
  } satisfies ErrorServiceSdk;
  return { sdk, sent };
}

const post = (path = '/submit-lead') =>
  new Request(`http://functions.test${path}`, { method: 'POST', body: '{"email":"a@b.co"}' });

describe('createErrorReporting', () => {
  it('does nothing without the SENTRY_DSN secret: the SDK is never loaded', async () => {
    const loadSdk = vi.fn();
    const report = createErrorReporting({
      dsn: undefined,
      environment: undefined,
      release: undefined,
      loadSdk,
    });
    await report('submit-lead', new Error('boom'));
    expect(loadSdk).not.toHaveBeenCalled();
  });

  it('starts the SDK once, without personal data or extras, and flushes each report', async () => {
    const { sdk, sent } = fakeSdk();
    const loadSdk = vi.fn(async () => sdk);
    const report = createErrorReporting({
      dsn: 'https://key@o1.ingest.example.io/2',
      environment: 'staging',
      release: undefined,
      loadSdk,
    });
    await report('submit-lead', new Error('Could not reach sam@example.com'));
    await report('approve-trial', new Error('second'));
    expect(loadSdk).toHaveBeenCalledTimes(1);
    expect(sdk.init).toHaveBeenCalledTimes(1);
    expect(sdk.init.mock.calls[0]?.[0]).toMatchObject({
      dsn: 'https://key@o1.ingest.example.io/2',
      environment: 'staging',
      defaultIntegrations: false,
      sendDefaultPii: false,
    });
    expect(sdk.flush).toHaveBeenCalledTimes(2);
    expect(sdk.flush).toHaveBeenCalledWith(flushTimeoutMs);
    expect(sent.map(({ tags }) => tags.function)).toEqual(['submit-lead', 'approve-trial']);
    expect(sent[0]?.event).toEqual({
      exception: { values: [{ type: 'Error', value: 'Could not reach [email]' }] },
      request: { method: 'POST', url: 'https://ref.supabase.co/functions/v1/submit-lead' },
      tags: { function: 'submit-lead' },
    });
  });

  it('never fails the response when the report cannot be sent', async () => {
    const failing = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const report = createErrorReporting({
      dsn: 'https://key@o1.ingest.example.io/2',
      environment: undefined,
      release: undefined,
      loadSdk: () => Promise.reject(new Error('no network')),
    });
    await expect(report('submit-lead', new Error('boom'))).resolves.toBeUndefined();
    expect(failing).toHaveBeenCalledWith('Could not report the error:', expect.any(Error));
  });
});

describe('functionNameOf', () => {
  it('reads the name as the hosted runtime and the local backend address a function', () => {
    expect(functionNameOf(post('/submit-lead'))).toBe('submit-lead');
    expect(functionNameOf(post('/functions/v1/approve-trial/extra?x=1'))).toBe('approve-trial');
    expect(functionNameOf(post('/'))).toBe('unknown');
  });
});

describe('handle', () => {
  beforeEach(() => {
    reported.mockReset();
    reported.mockResolvedValue(undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('reports an unexpected error with the function name, and answers without internals', async () => {
    const failure = new Error('relation "leads" does not exist');
    const response = await handle(() => Promise.reject(failure))(post('/submit-lead'));
    expect(response.status).toBe(500);
    await expect(response.json()).resolves.toEqual({
      error: 'Something went wrong. Please try again.',
    });
    expect(reported).toHaveBeenCalledWith('submit-lead', failure);
  });

  it('reports a failure of 500 and above, never a refusal of the request', async () => {
    const upstream = new HttpError(502, 'The mail service did not answer.');
    await handle(() => Promise.reject(upstream))(post('/send-trial-activated'));
    expect(reported).toHaveBeenCalledWith('send-trial-activated', upstream);
    reported.mockClear();
    for (const status of [400, 401, 403, 404, 409, 429]) {
      const response = await handle(() => Promise.reject(new HttpError(status, 'No.')))(post());
      expect(response.status).toBe(status);
    }
    await handle(() => Promise.resolve(new Response('ok')))(post());
    expect(reported).not.toHaveBeenCalled();
  });
});
