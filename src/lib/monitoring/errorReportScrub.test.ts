// The scrubbing every error report passes through before it leaves the browser
// (supabase/functions/_shared/error-report-scrub.ts, shared with the edge functions).
import { describe, expect, it } from 'vitest';
import { scrubReport, scrubText, scrubUrl } from '@shared/error-report-scrub.ts';

const jwt =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwiZW1haWwiOiJhQGIuY28ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

describe('scrubText', () => {
  it('replaces e-mail addresses', () => {
    expect(scrubText('Key (email)=(sam.o+nhs@trust.nhs.uk) already exists.')).toBe(
      'Key (email)=([email]) already exists.',
    );
  });

  it('replaces JWTs and other long tokens, keeping ordinary words and short codes', () => {
    expect(scrubText(`Bearer ${jwt} failed`)).toBe('Bearer [token] failed');
    expect(scrubText('user 0f8fad5b-d9cb-469f-a165-70867728950e not found')).toBe(
      'user [token] not found',
    );
    expect(scrubText('sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz')).toBe('[token]');
    expect(scrubText('Could not load the send-certificate-to-portfolio function (500)')).toBe(
      'Could not load the send-certificate-to-portfolio function (500)',
    );
  });

  it('drops the query and fragment of every address, where sign-in links carry their tokens', () => {
    expect(
      scrubText(
        'Failed to fetch https://www.example.com/account#access_token=abc.def&refresh_token=q1w2e3r4 at load',
      ),
    ).toBe('Failed to fetch https://www.example.com/account at load');
    expect(scrubText('GET https://x.supabase.co/rest/v1/leads?email=eq.a%40b.co 400')).toBe(
      'GET https://x.supabase.co/rest/v1/leads 400',
    );
    expect(scrubText('redirected with refresh_token=q1w2e3r4&type=recovery')).toBe(
      'redirected with refresh_token=[redacted]&type=recovery',
    );
  });

  it("hides a certificate's code, which leads to its holder's name", () => {
    expect(scrubText('Not found: /verify/ABCD2345EFGH')).toBe('Not found: /verify/[code]');
  });
});

describe('scrubUrl', () => {
  it('keeps the path, drops the query and the fragment, relative addresses too', () => {
    expect(scrubUrl('https://www.example.com/login?return_to=%2Faccount#error=denied')).toBe(
      'https://www.example.com/login',
    );
    expect(scrubUrl('/auth/callback#access_token=secret')).toBe('/auth/callback');
    expect(scrubUrl('/verify/ABCD2345EFGH')).toBe('/verify/[code]');
  });
});

describe('scrubReport', () => {
  it('drops the user, cookies, headers and query, and scrubs every string of an event', () => {
    const event = {
      message: 'Could not save sam@example.com',
      user: { id: '42', email: 'sam@example.com', ip_address: '203.0.113.9' },
      request: {
        url: 'https://www.example.com/auth/callback?code=abc#access_token=xyz',
        method: 'GET',
        headers: { Authorization: `Bearer ${jwt}`, Referer: 'https://www.example.com/?a=b' },
        cookies: { session: 'value' },
        query_string: 'code=abc',
        data: { email: 'sam@example.com' },
      },
      exception: {
        values: [
          {
            type: 'AuthApiError',
            value: `Invalid token ${jwt} for sam@example.com`,
            stacktrace: {
              frames: [{ filename: 'https://www.example.com/assets/app-B1a2.js?v=1', lineno: 3 }],
            },
          },
        ],
      },
      breadcrumbs: [
        {
          category: 'navigation',
          data: { from: '/login?email=sam%40example.com', to: '/auth/callback#access_token=xyz' },
        },
        {
          category: 'fetch',
          data: { url: 'https://x.supabase.co/rest/v1/profiles?email=eq.sam@example.com' },
        },
      ],
      contexts: { logged: { message: 'Account action failed: sam@example.com' } },
      tags: { function: 'submit-lead' },
    };
    const scrubbed = scrubReport(event);
    expect(scrubbed).toEqual({
      message: 'Could not save [email]',
      request: { method: 'GET', url: 'https://www.example.com/auth/callback' },
      exception: {
        values: [
          {
            type: 'AuthApiError',
            value: 'Invalid token [token] for [email]',
            stacktrace: {
              frames: [{ filename: 'https://www.example.com/assets/app-B1a2.js', lineno: 3 }],
            },
          },
        ],
      },
      breadcrumbs: [
        { category: 'navigation', data: { from: '/login', to: '/auth/callback' } },
        { category: 'fetch', data: { url: 'https://x.supabase.co/rest/v1/profiles' } },
      ],
      contexts: { logged: { message: 'Account action failed: [email]' } },
      tags: { function: 'submit-lead' },
    });
    expect(JSON.stringify(scrubbed)).not.toMatch(/sam|access_token|203\.0\.113|Bearer/);
    // The original is left as it was.
    expect(event.user.email).toBe('sam@example.com');
  });

  it("keeps the report's own identifiers, which look like tokens", () => {
    const ids = {
      event_id: '0123456789abcdef0123456789abcdef',
      contexts: {
        trace: { trace_id: 'fedcba9876543210fedcba9876543210', span_id: '9c0d3075f5cc0309' },
      },
    };
    expect(scrubReport(ids)).toEqual(ids);
  });

  it('scrubs a breadcrumb on its own', () => {
    expect(
      scrubReport({ category: 'xhr', message: 'to sam@example.com', data: { url: '/a?b=c' } }),
    ).toEqual({ category: 'xhr', message: 'to [email]', data: { url: '/a' } });
  });
});
