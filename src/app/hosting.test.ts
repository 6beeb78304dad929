// The static host's rules (scripts/lib/hosting.ts). They live with the scripts, which have no test
// project of their own, and depend on the route table, so they are tested here.
import { describe, expect, it } from 'vitest';
import type { PublicEnv } from '@/lib/publicEnv';
import {
  contentSecurityPolicy,
  headersFile,
  matchRedirect,
  pagesShadowedByRules,
  parseHeadersFile,
  parseRedirectsFile,
  redirectsFile,
} from '../../scripts/lib/hosting';
import { buildPaths } from './routes';

const env: PublicEnv = {
  VITE_SUPABASE_URL: 'https://abcdefghijklmnopqrst.supabase.co',
  VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_hostingTestKey',
  VITE_PLAYER_BASE_URL: 'https://player.example.com/360',
  VITE_SITE_URL: 'https://www.example.com',
};

/** The headers a response for the path gets, each name with every value the rules give it. */
function headersFor(path: string): Map<string, string[]> {
  const headers = new Map<string, string[]>();
  for (const rule of parseHeadersFile(headersFile(env))) {
    if (!rule.pattern.test(path)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      headers.set(key, [...(headers.get(key) ?? []), value]);
    }
  }
  return headers;
}

const builtPaths = buildPaths().map(({ path }) => path);

describe('_headers', () => {
  it.each(['/', '/about', '/unlock/dementia', '/assets/index-B1a2c3.js', '/no-such-page'])(
    '%s is served with HSTS for two years, subdomains included, not preloaded',
    (path) => {
      expect(headersFor(path).get('strict-transport-security')).toEqual([
        'max-age=63072000; includeSubDomains',
      ]);
    },
  );

  it('gives every header once, as Cloudflare Pages joins repeated values with a comma', () => {
    for (const path of [...builtPaths, '/assets/index-B1a2c3.js', '/no-such-page']) {
      for (const [name, values] of headersFor(path))
        expect(values, `${path} ${name}`).toHaveLength(1);
    }
  });

  it('allows the configured project, its realtime socket and the player, and nothing to frame us', () => {
    const [policy] = headersFor('/').get('content-security-policy') ?? [];
    expect(policy).toContain(
      "connect-src 'self' https://abcdefghijklmnopqrst.supabase.co wss://abcdefghijklmnopqrst.supabase.co",
    );
    expect(policy).toContain('https://player.example.com');
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("script-src 'self';");
  });

  it("lets the browser send error reports to the DSN's ingest host only when a DSN is built in", () => {
    const connectSources = (built: PublicEnv) => {
      const policy = contentSecurityPolicy(built);
      return policy.split('; ').find((directive) => directive.startsWith('connect-src '));
    };
    expect(connectSources(env)).not.toMatch(/sentry|ingest/);
    expect(connectSources({ ...env, VITE_SENTRY_DSN: '' })).toBe(connectSources(env));
    const withDsn = connectSources({
      ...env,
      VITE_SENTRY_DSN: 'https://0123456789abcdef@o42.ingest.de.sentry.io/4501',
    });
    expect(withDsn).toBe(`${connectSources(env)} https://o42.ingest.de.sentry.io`);
    // The DSN's public key stays out of the policy.
    expect(withDsn).not.toContain('0123456789abcdef');
  });

  it('refuses inline style attributes, allowing inline <style> elements for the two libraries that write them', () => {
    const [policy = ''] = headersFor('/').get('content-security-policy') ?? [];
    const directives = new Map(
      policy.split('; ').map((directive) => {
        const [name = '', ...sources] = directive.split(' ');
        return [name, sources] as const;
      }),
    );
    expect(directives.get('style-src-attr')).toEqual(["'none'"]);
    expect(directives.get('style-src-elem')).toEqual(["'self'", "'unsafe-inline'"]);
    // A hash or nonce would switch 'unsafe-inline' off.
    expect(policy).not.toMatch(/'(sha256|sha384|sha512|nonce)-/);
    expect(directives.get('script-src')).toEqual(["'self'"]);
  });

  it('caches hashed assets for a year and keeps password gates out of search results', () => {
    expect(headersFor('/assets/index-B1a2c3.js').get('cache-control')).toEqual([
      'public, max-age=31536000, immutable',
    ]);
    expect(headersFor('/').get('cache-control')).toBeUndefined();
    expect(headersFor('/unlock/dementia').get('x-robots-tag')).toEqual(['noindex, nofollow']);
    expect(headersFor('/modules/dementia').get('x-robots-tag')).toBeUndefined();
  });
});

describe('_redirects', () => {
  const rules = parseRedirectsFile(redirectsFile());

  it('has no catch-all, so an unknown path gets the not-found page with status 404', () => {
    for (const path of [
      '/no-such-page',
      '/modules/not-a-module',
      '/unlock/not-a-module',
      '/verify/ABCD-EFGH-JKLM/more',
      '/certificates/x',
    ]) {
      expect(matchRedirect(rules, path), path).toBeUndefined();
    }
  });

  it("serves /verify's page at /verify/<code>, whose codes no build can list, with status 200", () => {
    expect(rules.map(({ from, to, status }) => [from, to, status])).toEqual([
      ['/verify/:code', '/verify', 200],
    ]);
    expect(matchRedirect(rules, '/verify/ABCD-EFGH-JKLM')).toEqual({
      status: 200,
      location: '/verify',
    });
    expect(matchRedirect(rules, '/verify/abcdefghjklm')).toEqual({
      status: 200,
      location: '/verify',
    });
    expect(builtPaths).toContain('/verify');
    expect(headersFor('/verify/ABCD-EFGH-JKLM').get('x-robots-tag')).toEqual(['noindex, nofollow']);
    expect(headersFor('/verify').get('x-robots-tag')).toEqual(['noindex, nofollow']);
  });

  it('needs no other rewrite: every other route, parametrised ones included, is written out as a file', () => {
    expect(builtPaths.filter((path) => /[:*]/.test(path))).toEqual([]);
    expect(builtPaths).toEqual(
      expect.arrayContaining([
        '/unlock/dementia',
        '/modules/dementia',
        '/modules/trial/conflict-resolution',
        '/trial-signup/confirmation',
      ]),
    );
  });

  it('hides no built page (Cloudflare Pages applies a rule even where a file exists)', () => {
    expect(pagesShadowedByRules(rules, builtPaths)).toEqual([]);
  });
});

describe('parseRedirectsFile', () => {
  const rules = parseRedirectsFile(
    [
      '# comment',
      '',
      '/old-about   /about          301',
      '/news/*      /insights/:splat 302',
      '/go/:slug    /modules/:slug  200',
    ].join('\n'),
  );

  it('reads redirects and rewrites, filling in splats and placeholders', () => {
    expect(matchRedirect(rules, '/old-about')).toEqual({ status: 301, location: '/about' });
    expect(matchRedirect(rules, '/news/2026/vr')).toEqual({
      status: 302,
      location: '/insights/2026/vr',
    });
    expect(matchRedirect(rules, '/go/dementia')).toEqual({
      status: 200,
      location: '/modules/dementia',
    });
    expect(matchRedirect(rules, '/go/dementia/extra')).toBeUndefined();
    expect(matchRedirect(rules, '/old-about/team')).toBeUndefined();
  });

  it('finds the pages a rule would hide', () => {
    expect(pagesShadowedByRules(rules, ['/about', '/old-about', '/go/x'])).toEqual([
      '/old-about',
      '/go/x',
    ]);
  });

  it('refuses what Netlify and Cloudflare Pages would read differently', () => {
    expect(() => parseRedirectsFile('/old /new')).toThrow(/line 1: give the status/);
    expect(() => parseRedirectsFile('/old /new 301!')).toThrow(/give the status/);
    expect(() => parseRedirectsFile('/old /new 404')).toThrow(/give the status/);
    expect(() => parseRedirectsFile('/ /uk 302 Country=gb')).toThrow(/conditions/);
    expect(() => parseRedirectsFile('/a/*/b /c 301')).toThrow(/trailing \*/);
    expect(() => parseRedirectsFile('/a/* /b/* 301\n/x/** /y 301')).toThrow(/line 2/);
  });
});
