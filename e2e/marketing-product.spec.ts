import type { Locator, Page } from '@playwright/test';
import { expect, stubVideoHost, test } from './fixtures';

/**
 * Timers run only when the test moves the clock on. The clock keeps today's date: the prerendered
 * footer shows the current year, and hydration must find the same.
 */
async function pauseClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
}

/** The page's own code has taken over the prerendered HTML (its effects, such as observers, run). */
async function waitForHydration(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const heading = document.querySelector('h1');
        return !!heading && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
      }),
    )
    .toBe(true);
}

/**
 * Scrolls so that `share` of the element shows at the bottom of the viewport, and returns once the
 * browser has reported that visibility to intersection observers (the page's own observer, created
 * earlier, hears it first).
 */
async function showShareOf(element: Locator, share: number): Promise<void> {
  await element.evaluate((node, visible) => {
    const rect = node.getBoundingClientRect();
    const top = window.scrollY + rect.top - window.innerHeight + rect.height * visible;
    window.scrollTo({ top, behavior: 'instant' });
  }, share);
  await element.evaluate(
    (node, visible) =>
      new Promise<void>((resolve) => {
        const observer = new IntersectionObserver(
          ([entry]) => {
            if (!entry || entry.intersectionRatio < visible - 0.05) return;
            observer.disconnect();
            resolve();
          },
          { threshold: [0, visible - 0.05] },
        );
        observer.observe(node);
      }),
    share,
  );
}

/** Every image on the page is served (lazy ones included, which the browser has not fetched yet). */
async function expectImagesServed(page: Page): Promise<void> {
  const sources = await page
    .locator('main img')
    .evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''));
  expect(sources.length).toBeGreaterThan(0);
  for (const source of sources) {
    const response = await page.request.get(source);
    expect(response.status(), source).toBe(200);
    expect(response.headers()['content-type'], source).toContain('image/svg+xml');
  }
}

const offerings = [
  {
    id: 'surgical-vr',
    name: 'Surgical VR',
    spec: [
      'Immersive operating-theatre training with leading surgeons',
      'Perspective switching',
      'Scans and imaging',
      'Human-factors scenarios',
    ],
  },
  {
    id: 'expert-vr',
    name: 'VR Specialist',
    spec: [
      'A 360 library of expert-led learning',
      'Live presenters',
      '3D models',
      'Animations',
      'Gamification',
      'Structured pathways',
    ],
  },
  {
    id: 'twin-vr',
    name: 'Digital Twins',
    spec: [
      'VR replicas of facilities, exhibition stands and devices',
      'Learning analytics on every session',
    ],
  },
] as const;

test.describe('/surgical-training (Revolve VR)', () => {
  test('the hero cards scroll to their sections', async ({ page }) => {
    // Scrolling past the hero clip lets it autoplay.
    await stubVideoHost(page);
    await page.goto('/surgical-training');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Revolve VR');
    const main = page.getByRole('main');
    for (const offering of offerings) {
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await main.getByRole('link', { name: offering.name, exact: true }).click();
      await expect(page).toHaveURL(`/surgical-training#${offering.id}`);
      await expect(page.locator(`#${offering.id} h2`)).toBeInViewport();
    }
  });

  test('each offering has its video, Key Features, Benefits and three Use Cases', async ({
    page,
  }) => {
    await page.goto('/surgical-training');
    for (const offering of offerings) {
      const section = page.locator(`section#${offering.id}`);
      await expect(section.getByText(offering.name, { exact: true })).toBeVisible();
      for (const phrase of offering.spec) await expect(section).toContainText(phrase);
      for (const heading of ['Key Features', 'Benefits', 'Use Cases']) {
        await expect(section.getByRole('heading', { level: 3, name: heading })).toBeVisible();
      }
      await expect(section.getByRole('heading', { level: 4 })).toHaveCount(3);
      await expect(section.getByRole('button', { name: /^Play video: / })).toHaveCount(1);
    }
    const overview = page.getByRole('img', { name: /^Illustration of Revolve VR/ });
    await overview.scrollIntoViewIfNeeded();
    await expect(overview).toBeVisible();
    await expect(page.locator('main > section').last()).toContainText('Three ways to train in VR');
    await expectImagesServed(page);
  });

  test('the looped hero clip plays 2 s after 30% of it shows, not before', async ({ page }) => {
    await stubVideoHost(page);
    await pauseClock(page);
    await page.goto('/surgical-training');
    await waitForHydration(page);
    const section = page.locator('#surgical-vr');
    const play = section.getByRole('button', { name: /^Play video: / });
    const frame = section.locator('iframe');

    await showShareOf(play, 0.2);
    await page.clock.runFor(5000);
    await expect(frame).toHaveCount(0);

    await showShareOf(play, 0.4);
    await page.clock.runFor(1999);
    await expect(frame).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute('src', /muted=1.*loop=1/);
    await expect(page.locator('#expert-vr iframe, #twin-vr iframe')).toHaveCount(0);
  });

  test('the specialist embed plays 1 s after 30% of it shows, not before', async ({ page }) => {
    await stubVideoHost(page);
    await pauseClock(page);
    await page.goto('/surgical-training');
    await waitForHydration(page);
    const section = page.locator('#expert-vr');
    const play = section.getByRole('button', { name: /^Play video: / });
    const frame = section.locator('iframe');

    await showShareOf(play, 0.4);
    await page.clock.runFor(999);
    await expect(frame).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute('src', /muted=1/);
    await expect(page.locator('#surgical-vr iframe')).toHaveCount(0);
  });

  test('the digital twin video plays only when pressed', async ({ page }) => {
    await stubVideoHost(page);
    await pauseClock(page);
    await page.goto('/surgical-training');
    await waitForHydration(page);
    const section = page.locator('#twin-vr');
    const play = section.getByRole('button', { name: /^Play video: / });

    await showShareOf(play, 1);
    await page.clock.runFor(10_000);
    await expect(section.locator('iframe')).toHaveCount(0);
    await play.click();
    await expect(section.locator('iframe')).toHaveAttribute('src', /muted=0/);
  });
});

test.describe('/solutions', () => {
  test('presents every offering, each linking to its page', async ({ page }) => {
    await page.goto('/solutions');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Solutions');
    const main = page.getByRole('main');
    const links = [
      ['Revolve VR', '/surgical-training'],
      ['Revolve 360', '/training-library'],
      ['Revolve Custom', '/revolve-custom'],
      ['Revolve Studio', '/studio'],
    ] as const;
    for (const [name, href] of links) {
      await expect(main.getByRole('heading', { level: 3, name })).toBeVisible();
      await expect(main.getByRole('link', { name: `Explore ${name}` })).toHaveAttribute(
        'href',
        href,
      );
    }
    await expect(main).toContainText('Consultation');
    await expect(main).toContainText('Support');
    await expect(main).toContainText('free for 30 days');
    await expectImagesServed(page);

    await main.getByRole('link', { name: 'Explore Revolve VR' }).click();
    await expect(page).toHaveURL('/surgical-training');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Revolve VR');
  });
});

test.describe('/studio', () => {
  test('shows the four services and the showreel behind its facade', async ({ page }) => {
    await stubVideoHost(page);
    await page.goto('/studio');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Revolve Studio');
    const main = page.getByRole('main');
    for (const service of [
      'Podcast production',
      'Creative video production',
      'Green-screen filming',
      'Motion graphics',
    ]) {
      await expect(main.getByRole('heading', { level: 3, name: service })).toBeVisible();
    }
    await expectImagesServed(page);

    await expect(main.locator('iframe')).toHaveCount(0);
    await main.getByRole('button', { name: 'Play video: Revolve Studio showreel' }).click();
    await expect(main.getByTitle('Revolve Studio showreel')).toBeVisible();
  });

  test('Get in touch leads to the contact page', async ({ page }) => {
    await page.goto('/studio');
    const getInTouch = page.getByRole('main').getByRole('link', { name: 'Get in touch' });
    await expect(getInTouch.first()).toHaveAttribute('href', '/contact');
    await getInTouch.first().click();
    await expect(page).toHaveURL('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  });
});

test.describe('/about', () => {
  test('states the mission, then the three team groups by role', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Revolve');
    const main = page.getByRole('main');
    await expect(main.getByText('Our mission')).toBeVisible();
    for (const group of ['Educators', 'Technologists', 'Designers']) {
      await expect(main.getByRole('heading', { level: 3, name: group })).toBeVisible();
      await expect(
        main.getByRole('list', { name: `${group}: roles` }).getByRole('listitem'),
      ).toHaveCount(3);
    }
    const headings = await main.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.indexOf('Practice before the moment matters')).toBe(0);
    await expectImagesServed(page);
  });
});
