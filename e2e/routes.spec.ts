import { expect, test } from './fixtures';
import { routeExpectations } from './routes';
import { apiUrl } from './support/backend';

// Every route is opened signed out and signed in as an admin, at 390 and 1440 px, by the axe
// visits in e2e/accessibility.spec.ts, which check its heading, title and address too. Here: the
// guard in front of the protected routes.
test.describe('every protected route, signed out', () => {
  for (const route of routeExpectations.filter((candidate) => candidate.access)) {
    test(`${route.path} sends the visitor to sign in and back`, async ({ page }) => {
      await page.goto(route.path);
      await expect(page).toHaveURL(`/login?return_to=${encodeURIComponent(route.path)}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    });
  }
});

test.describe('prerendered HTML', () => {
  for (const route of routeExpectations.filter((candidate) => candidate.prerendered)) {
    test(`${route.path} is served with its content and meta tags`, async ({ request }) => {
      const response = await request.get(route.path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toMatch(new RegExp(`<h1[^>]*>${escapeForHtml(route.heading)}</h1>`));
      expect(html).toMatch(/<title>[^<]+\| Revolve<\/title>/);
      expect(html).toMatch(/<meta data-page-head name="description" content="[^"]{50,}">/);
      expect(html).toMatch(
        /<link data-page-head rel="canonical" href="http:\/\/localhost:4173\/[^"]*">/,
      );
      expect(html).toMatch(/<meta data-page-head property="og:title" content="[^"]+">/);
      expect(html).not.toContain('name="robots"');
    });
  }

  test('each prerendered page has its own title', async ({ request }) => {
    const titles = new Map<string, string>();
    for (const route of routeExpectations.filter((candidate) => candidate.prerendered)) {
      const html = await (await request.get(route.path)).text();
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1] ?? '';
      const canonical = /rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? '';
      // Aliases (/bespoke, /rural-minds) share the title of the page they point to.
      if (new URL(canonical).pathname !== route.path) continue;
      expect(
        titles.get(title),
        `${route.path} repeats the title of ${titles.get(title)}`,
      ).toBeUndefined();
      titles.set(title, route.path);
    }
  });

  test('password gates and portal pages are kept out of search results', async ({ request }) => {
    const unlock = await request.get('/unlock/dementia');
    expect(unlock.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(await unlock.text()).toContain(
      '<meta data-page-head name="robots" content="noindex, nofollow">',
    );
    const dashboard = await (await request.get('/dashboard')).text();
    expect(dashboard).toContain('name="robots" content="noindex, nofollow"');
    // Its shell only: the title and the card's loading state, no user's data.
    expect(dashboard).toContain('<div id="root" data-shell>');
    expect(dashboard).toMatch(/<h1[^>]*>Dashboard<\/h1>/);
    expect(dashboard).toContain('aria-busy="true"');
    // Its stylesheet is in the page, so the shell paints with the HTML; everything it needs
    // before it shows the user anything is fetched with the HTML, and the connection to the
    // backend opened.
    const head = dashboard.slice(0, dashboard.indexOf('</head>'));
    expect(head).not.toContain('rel="stylesheet"');
    const stylesheet = head.indexOf('<style>');
    expect(stylesheet).toBeGreaterThan(-1);
    for (const chunk of ['app', 'PortalProviders', 'DashboardPage.queries']) {
      const preload = new RegExp(
        `<link rel="modulepreload"[^>]*fetchpriority="low" crossorigin href="/assets/${chunk}-[\\w-]+\\.js">`,
      ).exec(head);
      expect(preload, chunk).not.toBeNull();
      expect(preload?.index, chunk).toBeGreaterThan(stylesheet);
    }
    // The first queries start from a script of their own, after the link naming them, without
    // waiting for the stylesheet as the page's entry does.
    expect(head).toMatch(
      /<link rel="modulepreload" data-first-queries[^>]*>[\s\S]*<script type="module" async crossorigin src="\/assets\/firstQueries-[\w-]+\.js"><\/script>/,
    );
    expect(head).toContain('<link rel="preconnect" crossorigin href="http://127.0.0.1:');
    // The signed-in controls wait until the page's own code is in, and so does supabase-js: with
    // the stored session's token still good, neither the page nor its first queries need it.
    expect(head).not.toContain('SignedInControls');
    expect(head).not.toMatch(/\/assets\/(supabase|authSession)-/);
    const security = await (await request.get('/account/security')).text();
    expect(security).toContain('<div id="root"></div>');
  });

  test('robots.txt and the sitemap list the public routes', async ({ request }) => {
    expect(await (await request.get('/robots.txt')).text()).toContain(
      'Sitemap: http://localhost:4173/sitemap.xml',
    );
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('<loc>http://localhost:4173/modules/dementia</loc>');
    expect(sitemap).toContain('<loc>http://localhost:4173/terms-and-conditions</loc>');
    expect(sitemap).not.toContain('/unlock/');
    expect(sitemap).not.toContain('/dashboard');
    expect(sitemap).not.toContain('/bespoke');
  });

  test('responses carry the security headers', async ({ request }) => {
    const headers = (await request.get('/')).headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    // The build's local backend, which this worker's copy of the site names instead (its own).
    expect(headers['content-security-policy']).toContain(
      `connect-src 'self' ${apiUrl} ${apiUrl.replace(/^http:/, 'ws:')}`,
    );
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-content-type-options']).toBe('nosniff');
  });
});

test.describe('not found', () => {
  test('an unknown path answers 404 with the not-found page, logs the path and links home', async ({
    page,
    consoleErrors,
  }) => {
    const response = await page.goto('/no-such-page');
    // The host's answer for a path it has no page for, as Netlify and Cloudflare Pages give it.
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }),
    ).toBeVisible();
    expect(consoleErrors.some((error) => error.includes('/no-such-page'))).toBe(true);
    consoleErrors.length = 0;
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Immersive VR Training');
  });

  test('a module slug that does not exist is not found (404)', async ({ page, consoleErrors }) => {
    const response = await page.goto('/modules/not-a-module');
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }),
    ).toBeVisible();
    expect(consoleErrors.some((error) => error.includes('/modules/not-a-module'))).toBe(true);
    consoleErrors.length = 0;
  });
});

function escapeForHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll("'", '&#x27;')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
