import { describe, expect, it } from 'vitest';
import { buildPaths, matchAppRoute } from './routes';

// SPEC.md section 2's route table, with DESIGN.md's choices for the paths it leaves open.
const specPaths = [
  '/',
  '/about',
  '/studio',
  '/surgical-training',
  '/solutions',
  '/insights',
  '/contact',
  '/login',
  '/signup',
  '/forgot-password',
  '/change-password',
  '/dashboard',
  '/admin',
  '/training-library',
  '/training-library-trial',
  '/trial-signup',
  '/trial-signup/confirmation',
  '/trial-access',
  '/unlock/dementia',
  '/modules/dementia',
  '/modules/home-visits',
  '/modules/womens-health',
  '/modules/social-justice',
  '/modules/chronic-pain',
  '/modules/advanced-dementia',
  '/modules/conflict-resolution',
  '/modules/rural-minds',
  '/rural-minds',
  '/modules/group-menopause',
  '/modules/group-diabetes',
  '/modules/trial/dementia',
  '/modules/trial/womens-health',
  '/modules/trial/conflict-resolution',
  '/book-demo',
  '/how-it-works',
  '/how-it-works-revolvevr',
  '/how-it-works-revolve360',
  '/revolve-custom',
  '/bespoke',
  '/terms-and-conditions',
];

function metaFor(path: string) {
  const match = matchAppRoute(path);
  return match ? match.route.meta(match.params) : undefined;
}

describe('route table', () => {
  it.each(specPaths)('%s is served by a page', (path) => {
    expect(metaFor(path)?.title).toBeTruthy();
  });

  it('shows the not-found page for unknown paths and unknown slugs', () => {
    expect(matchAppRoute('/no-such-page')).toBeUndefined();
    expect(metaFor('/modules/not-a-module')).toBeUndefined();
    expect(metaFor('/modules/trial/home-visits')).toBeUndefined();
    expect(metaFor('/unlock/rural-minds')).toBeUndefined();
  });

  it('keeps portal pages and password gates out of search results', () => {
    for (const path of [
      '/dashboard',
      '/admin',
      '/admin/access-codes',
      '/admin/integrations',
      '/account',
      '/account/security',
      '/admin/leads',
      '/admin/activity',
      '/admin/certificates',
      '/certificates',
      '/organisation',
      '/invitations',
      '/verify',
      '/verify/ABCD-EFGH-JKLM',
      '/unlock/dementia',
      '/modules/trial/dementia',
      '/change-password',
    ]) {
      expect(metaFor(path)?.noindex, path).toBe(true);
    }
  });

  it('serves /admin/access-codes to admins only, titled from its copy', () => {
    const match = matchAppRoute('/admin/access-codes');
    expect(match?.route.access).toBe('admin');
    expect(match?.route.rendering).toBe('client');
    expect(metaFor('/admin/access-codes')?.title).toBe('Access Codes');
  });

  it('serves /admin/integrations to admins only, titled from its copy', () => {
    const match = matchAppRoute('/admin/integrations');
    expect(match?.route.access).toBe('admin');
    expect(match?.route.rendering).toBe('client');
    expect(metaFor('/admin/integrations')?.title).toBe('Integrations');
  });

  it('serves /admin/certificates to admins and /certificates to signed-in users', () => {
    expect(matchAppRoute('/admin/certificates')?.route.access).toBe('admin');
    expect(metaFor('/admin/certificates')?.title).toBe('Certificates');
    expect(matchAppRoute('/certificates')?.route.access).toBe('signed-in');
    expect(matchAppRoute('/certificates')?.route.rendering).toBe('client');
  });

  it("serves a certificate's check to anyone, at any code, with /verify's page", () => {
    const check = matchAppRoute('/verify/ABCD-EFGH-JKLM');
    expect(check?.route.access).toBeUndefined();
    expect(check?.route.rendering).toBe('client');
    expect(check?.params.code).toBe('ABCD-EFGH-JKLM');
    expect(check?.route.page.source).toBe(matchAppRoute('/verify')?.route.page.source);
    expect(matchAppRoute('/verify')?.route.access).toBeUndefined();
    // Written out once, as /verify; the host serves that file at every /verify/<code>.
    const built = buildPaths().map(({ path }) => path);
    expect(built).toContain('/verify');
    expect(built.filter((path) => path.startsWith('/verify/'))).toEqual([]);
  });

  it('serves /bespoke as the same page as /revolve-custom', () => {
    expect(matchAppRoute('/bespoke')?.route.page.source).toBe(
      matchAppRoute('/revolve-custom')?.route.page.source,
    );
    expect(metaFor('/bespoke')?.canonicalPath).toBe('/revolve-custom');
  });

  it('writes out every path of the route table at build time', () => {
    const built = buildPaths().map(({ path }) => path);
    for (const path of specPaths) expect(built).toContain(path);
  });
});
