import type { Locator, Page } from '@playwright/test';
import { moduleSlugs, modules } from '../src/content/modules';
import { site } from '../src/content/site';
import { expect, stubVideoHost, test } from './fixtures';

const main = (page: Page) => page.getByRole('main');

/** Fakes the page's clock and stops it, so that time moves only when a test moves it. */
async function stopTheClock(page: Page) {
  const start = new Date('2026-01-05T09:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
}

test.describe('home /', () => {
  test('shows the headline, the three hero buttons and where they go', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Immersive VR Training');
    const hero = main(page).locator('section').first();
    await expect(hero.getByRole('link', { name: 'Explore Modules' })).toHaveAttribute(
      'href',
      '/training-library',
    );
    await expect(
      hero.getByRole('link', { name: 'Access the 30-Day Free Training Library Trial' }),
    ).toHaveAttribute('href', '/trial-signup');
    await expect(hero.getByRole('link', { name: 'See How It Works' })).toHaveAttribute(
      'href',
      '/how-it-works#hero',
    );
  });

  test('on a wide screen the three hero buttons sit in one row; on a phone they stack', async ({
    page,
  }) => {
    const names = [
      'Explore Modules',
      'Access the 30-Day Free Training Library Trial',
      'See How It Works',
    ];
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const hero = main(page).locator('section').first();
    const tops = async () =>
      Promise.all(
        names.map(async (name) =>
          Math.round((await hero.getByRole('link', { name }).boundingBox())?.y ?? -1),
        ),
      );
    const wide = await tops();
    expect(new Set(wide).size, `tops ${wide.join(', ')}`).toBe(1);
    await page.setViewportSize({ width: 390, height: 844 });
    const narrow = await tops();
    expect(narrow[0]).toBeLessThan(narrow[1] ?? 0);
    expect(narrow[1]).toBeLessThan(narrow[2] ?? 0);
  });

  test('What We Do has that eyebrow, and leads to Revolve VR and Revolve 360', async ({ page }) => {
    await page.goto('/');
    const whatWeDo = main(page).getByRole('region', { name: 'Two ways to step inside the moment' });
    await expect(whatWeDo.getByText('What We Do', { exact: true })).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Revolve VR' })).toHaveAttribute(
      'href',
      '/surgical-training',
    );
    await expect(main(page).getByRole('link', { name: 'Revolve 360' })).toHaveAttribute(
      'href',
      '/training-library',
    );
  });

  test('shows six benefits, the four impact figures with their source and three endorsements', async ({
    page,
  }) => {
    await page.goto('/');
    const benefits = main(page).getByRole('region', { name: 'Why teams train with Revolve' });
    await expect(benefits.getByRole('heading', { level: 3 })).toHaveCount(6);

    const impact = main(page).getByRole('region', { name: 'The impact of immersive learning' });
    for (const figure of [
      '4x faster',
      '3.75x more engaged',
      '275% more confident',
      '64% savings at scale',
    ]) {
      await expect(impact.getByText(figure, { exact: true })).toBeVisible();
    }
    const source = impact.getByRole('link', { name: /^Source:/ });
    await expect(source).toHaveAttribute('href', /^https:\/\//);
    await expect(source).toHaveAttribute('target', '_blank');

    const endorsements = main(page).getByRole('region', { name: 'What educators say' });
    await expect(endorsements.locator('blockquote')).toHaveCount(3);
  });

  test('How It Works shows the four features and See Our Approach', async ({ page }) => {
    await page.goto('/');
    const section = main(page).getByRole('region', {
      name: 'Built for learning, not just for watching',
    });
    for (const feature of [
      'Branching scenarios',
      'Interaction and quizzing',
      'Changing perspectives',
      'Advanced analytics',
    ]) {
      await expect(section.getByRole('heading', { name: feature })).toBeVisible();
    }
    await expect(section.getByRole('link', { name: 'See Our Approach' })).toHaveAttribute(
      'href',
      '/how-it-works',
    );
  });

  test('ends with a call to action, then the Trusted by logos', async ({ page }) => {
    await page.goto('/');
    const closing = main(page).getByRole('region', { name: 'Ready to step inside?' });
    await expect(
      closing.getByRole('link', { name: 'Access the 30-Day Free Training Library Trial' }),
    ).toHaveAttribute('href', '/trial-signup');
    await expect(main(page).getByRole('heading', { name: 'Trusted by' })).toBeVisible();
    const carousel = main(page).getByRole('region', { name: 'Partner logos' });
    await expect(carousel.getByRole('group')).toHaveCount(8);
    await expect(carousel.getByText('Medical schools')).toBeAttached();
  });

  test('pressing play loads the video player, and nothing from the video host before', async ({
    page,
  }) => {
    await stubVideoHost(page);
    const videoRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(site.videoHost)) videoRequests.push(request.url());
    });
    await page.goto('/');
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(videoRequests).toEqual([]);
    await page.getByRole('button', { name: `Play video: ${site.videos.homeHero.title}` }).click();
    const player = page.getByTitle(site.videos.homeHero.title);
    await expect(player).toHaveAttribute('src', new RegExp(`^${site.videoHost}/video/`));
    await expect.poll(() => videoRequests.length).toBe(1);
  });
});

test.describe('the Trusted by carousel', () => {
  const firstLogoX = (carousel: Locator) =>
    carousel
      .getByRole('group', { name: '1 of 8' })
      .evaluate((slide) => Math.round(slide.getBoundingClientRect().x));

  async function openCarousel(page: Page) {
    await stopTheClock(page);
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Partner logos' });
    await carousel.scrollIntoViewIfNeeded();
    // The carousel's code loads as it nears the viewport, and takes over the prerendered markup.
    await expect(page.locator('[data-carousel-ready]')).toBeAttached();
    await expect(carousel.getByRole('button', { name: 'Next logos' })).toBeVisible();
    return carousel;
  }

  test('moves on after 3 seconds and keeps going', async ({ page }) => {
    const carousel = await openCarousel(page);
    await expect(carousel.getByRole('button', { name: 'Pause the logo carousel' })).toBeVisible();
    const start = await firstLogoX(carousel);
    await page.clock.runFor(2_800);
    expect(await firstLogoX(carousel)).toBe(start);
    await page.clock.runFor(1_200);
    await expect.poll(() => firstLogoX(carousel)).toBeLessThan(start);
  });

  test('holds while the pointer is over it', async ({ page }) => {
    const carousel = await openCarousel(page);
    await carousel.getByText('Medical schools').hover();
    const start = await firstLogoX(carousel);
    await page.clock.runFor(7_000);
    expect(await firstLogoX(carousel)).toBe(start);
  });

  test('stays still for visitors who prefer reduced motion, until they press play', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const carousel = await openCarousel(page);
    const play = carousel.getByRole('button', { name: 'Play the logo carousel' });
    await expect(play).toBeVisible();
    const start = await firstLogoX(carousel);
    await page.clock.runFor(7_000);
    expect(await firstLogoX(carousel)).toBe(start);

    await play.click();
    await expect(carousel.getByRole('button', { name: 'Pause the logo carousel' })).toBeVisible();
    await page.mouse.move(0, 0);
    await page.clock.runFor(4_000);
    await expect.poll(() => firstLogoX(carousel)).not.toBe(start);
  });

  test('the next button moves it by hand', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const carousel = await openCarousel(page);
    const start = await firstLogoX(carousel);
    await carousel.getByRole('button', { name: 'Next logos' }).click();
    await page.clock.runFor(2_000);
    await expect.poll(() => firstLogoX(carousel)).toBeLessThan(start);
  });
});

test.describe('Revolve 360 /training-library', () => {
  test('shows its heading, tagline and buttons', async ({ page }) => {
    await page.goto('/training-library');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Revolve 360');
    const hero = main(page).locator('section').first();
    await expect(
      hero.getByRole('link', { name: 'Access our VR Training Free for 30 days' }),
    ).toHaveAttribute('href', '/trial-signup');
    await expect(hero.getByRole('link', { name: 'Build Custom Training' })).toHaveAttribute(
      'href',
      '/revolve-custom',
    );
    // DESIGN.md: only this page words the trial button this way.
    await expect(
      page.getByRole('link', { name: 'Access the 30-Day Free Training Library Trial' }),
    ).toHaveCount(0);
  });

  test('shows the three use cases', async ({ page }) => {
    await page.goto('/training-library');
    for (const useCase of [
      'Patient communication',
      'Safeguarding and mental health',
      'Team and leadership',
    ]) {
      await expect(main(page).getByRole('heading', { name: useCase })).toBeVisible();
    }
  });

  test('lists the ten modules in catalogue order, each linking to its page', async ({ page }) => {
    await page.goto('/training-library');
    const grid = main(page).locator('#modules');
    const links = grid.getByRole('listitem').getByRole('link');
    await expect(links).toHaveCount(10);
    await expect(links).toHaveText(moduleSlugs.map((slug) => modules[slug].title));
    for (const [index, slug] of moduleSlugs.entries()) {
      await expect(links.nth(index)).toHaveAttribute('href', `/modules/${slug}`);
    }
  });

  test('promotes Revolve Custom and lists six key features', async ({ page }) => {
    await page.goto('/training-library');
    await expect(main(page).getByRole('link', { name: 'Explore Revolve Custom' })).toHaveAttribute(
      'href',
      '/revolve-custom',
    );
    const features = main(page).getByRole('region', { name: 'Everything a training lead needs' });
    await expect(features.getByRole('heading', { level: 3 })).toHaveCount(6);
  });

  test('the looping video plays by itself, muted, once it has been in view for 2 s', async ({
    page,
  }) => {
    await stopTheClock(page);
    await page.goto('/training-library');
    await expect(page.locator('iframe')).toHaveCount(0);
    await page.clock.runFor(1_900);
    await expect(page.locator('iframe')).toHaveCount(0);
    await page.clock.runFor(200);
    const player = page.getByTitle(site.videos.libraryLoop.title);
    await expect(player).toHaveAttribute('src', /muted=1/);
    await expect(player).toHaveAttribute('src', /loop=1/);
  });

  test('pressing play loads the player with sound', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/training-library');
    await page
      .getByRole('button', { name: `Play video: ${site.videos.libraryLoop.title}` })
      .click();
    await expect(page.getByTitle(site.videos.libraryLoop.title)).toHaveAttribute('src', /muted=0/);
  });
});
