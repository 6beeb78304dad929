import { expect, test } from './fixtures';
import { playerBase } from './support/backend';
import { modules, type ModuleDetails, type ModuleSlug } from '../src/content/modules';
import { details as advancedDementia } from '../src/content/moduleDetails/advanced-dementia';
import { details as chronicPain } from '../src/content/moduleDetails/chronic-pain';
import { details as conflictResolution } from '../src/content/moduleDetails/conflict-resolution';
import { details as dementia } from '../src/content/moduleDetails/dementia';
import { details as groupDiabetes } from '../src/content/moduleDetails/group-diabetes';
import { details as groupMenopause } from '../src/content/moduleDetails/group-menopause';
import { details as homeVisits } from '../src/content/moduleDetails/home-visits';
import { details as ruralMinds } from '../src/content/moduleDetails/rural-minds';
import { details as socialJustice } from '../src/content/moduleDetails/social-justice';
import { details as womensHealth } from '../src/content/moduleDetails/womens-health';

/** The nine modules whose Start Training goes through /unlock/{slug} (SPEC.md section 2). */
const unlockable: Record<Exclude<ModuleSlug, 'rural-minds'>, ModuleDetails> = {
  dementia,
  'home-visits': homeVisits,
  'womens-health': womensHealth,
  'social-justice': socialJustice,
  'chronic-pain': chronicPain,
  'advanced-dementia': advancedDementia,
  'conflict-resolution': conflictResolution,
  'group-menopause': groupMenopause,
  'group-diabetes': groupDiabetes,
};

test.describe('module pages', () => {
  for (const [slug, details] of Object.entries(unlockable)) {
    test(`/modules/${slug} shows the module`, async ({ page }) => {
      await page.goto(`/modules/${slug}`);
      const module = modules[slug as ModuleSlug];
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(module.title);
      await expect(page.locator(`img[src="/images/modules/${slug}.svg"]`)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Start Training' })).toHaveAttribute(
        'href',
        `/unlock/${slug}`,
      );
      await expect(
        page.getByRole('link', { name: 'Back to the training library' }),
      ).toHaveAttribute('href', '/training-library');

      for (const paragraph of details.description)
        await expect(page.getByText(paragraph)).toBeVisible();
      await expect(
        page.getByRole('heading', { level: 2, name: 'Learning outcomes' }),
      ).toBeVisible();
      for (const outcome of details.outcomes.flatMap((group) => group.items))
        await expect(page.getByText(outcome, { exact: true })).toBeVisible();
      await expect(
        page.getByRole('heading', { level: 2, name: 'Supporting resources' }),
      ).toBeVisible();
      for (const item of details.resources.flatMap((group) => group.items)) {
        if (item.href) {
          const link = page.getByRole('link', {
            name: `${item.title} (opens in a new tab)`,
            exact: true,
          });
          await expect(link).toHaveAttribute('href', item.href);
          await expect(link).toHaveAttribute('target', '_blank');
        } else {
          await expect(page.getByText(item.title, { exact: true })).toBeVisible();
        }
      }
      await expect(page.getByRole('heading', { level: 2, name: 'Acknowledgements' })).toBeVisible();
      for (const line of details.acknowledgements) await expect(page.getByText(line)).toBeVisible();
    });
  }

  test('the dementia module groups its outcomes and resources as SPEC.md does', async ({
    page,
  }) => {
    await page.goto('/modules/dementia');
    for (const heading of ['Understanding/Empathy', 'Diagnosis', 'Management'])
      await expect(
        page.getByRole('heading', { level: 3, name: heading, exact: true }),
      ).toBeVisible();
    for (const heading of [
      'Guidelines & Assessments',
      'Legal & Ethics',
      'Living with Dementia',
      'Management & Other',
    ])
      await expect(page.getByRole('heading', { level: 3, name: heading })).toBeVisible();
  });

  test("women's health has a Decision Making resource group", async ({ page }) => {
    await page.goto('/modules/womens-health');
    await expect(page.getByRole('heading', { level: 3, name: 'Decision Making' })).toBeVisible();
  });

  test('conflict resolution quotes its two figures', async ({ page }) => {
    await page.goto('/modules/conflict-resolution');
    await expect(page.getByText('75%', { exact: true })).toBeVisible();
    await expect(page.getByText('of practice staff experience daily abuse')).toBeVisible();
    await expect(page.getByText('83%', { exact: true })).toBeVisible();
    await expect(page.getByText('of practices have removed patients')).toBeVisible();
  });

  test('the back link returns to the training library', async ({ page }) => {
    await page.goto('/modules/chronic-pain');
    await page.getByRole('link', { name: 'Back to the training library' }).click();
    await expect(page).toHaveURL('/training-library');
  });

  test('moving between module pages shows the new module', async ({ page }) => {
    await page.goto('/modules/group-diabetes');
    await page.getByRole('link', { name: 'Back to the training library' }).click();
    await expect(page).toHaveURL('/training-library');
    await page.goBack();
    await expect(page.getByText(groupDiabetes.description[0] ?? '')).toBeVisible();
  });
});

test.describe('Rural Minds', () => {
  test.beforeEach(async ({ page }) => {
    // The sample player may not be running beside this suite: answer its address from here.
    await page.route(`${playerBase}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Player</title><p>Sample player</p>',
      }),
    );
  });

  test('Start Training opens the 360 viewer in the page, and Close Training removes it', async ({
    page,
  }) => {
    await page.goto('/modules/rural-minds');
    // The viewer's buttons work once the page has hydrated (its code and copy have loaded).
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rural Minds');
    await expect(page.locator('iframe')).toHaveCount(0);

    const start = page.getByRole('button', { name: 'Start Training' });
    await start.click();
    const viewer = page.locator(
      'iframe[title="Rural Minds: 360 training for health professionals"]',
    );
    await expect(viewer).toHaveAttribute('src', `${playerBase}/fmh/`);
    await expect(viewer).toHaveAttribute('referrerpolicy', 'no-referrer');
    await expect(viewer).toHaveAttribute(
      'allow',
      'fullscreen; autoplay; clipboard-write; xr-spatial-tracking',
    );
    await expect(viewer).toHaveAttribute('allowfullscreen', '');
    await expect(page.frameLocator('iframe').getByText('Sample player')).toBeVisible();

    await page.getByRole('button', { name: 'Close Training' }).click();
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(start).toBeFocused();
  });

  test('the farmer-facing version opens the same way', async ({ page }) => {
    await page.goto('/modules/rural-minds');
    // The viewer's buttons work once the page has hydrated (its code and copy have loaded).
    await page.waitForLoadState('networkidle');
    const farmer = page.getByRole('button', { name: 'Farmer-facing version' });
    await farmer.click();
    await expect(
      page.locator('iframe[title="Rural Minds: the farmer-facing version"]'),
    ).toHaveAttribute('src', `${playerBase}/fmh_cut/`);
    await page.getByRole('button', { name: 'Close Training' }).click();
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(farmer).toBeFocused();
  });

  test('the page has its about video, module details, contact and news', async ({ page }) => {
    await page.goto('/modules/rural-minds');
    // The viewer's buttons work once the page has hydrated (its code and copy have loaded).
    await page.waitForLoadState('networkidle');
    await expect(page.locator('img[src="/images/modules/rural-minds.svg"]')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the training library' })).toHaveAttribute(
      'href',
      '/training-library',
    );
    await expect(page.getByRole('heading', { level: 2, name: 'About Rural Minds' })).toBeVisible();
    // The video stays behind its facade: no request to the video host.
    await expect(page.getByRole('button', { name: 'Play video: About Rural Minds' })).toBeVisible();
    await expect(page.getByText(ruralMinds.description[0] ?? '')).toBeVisible();
    for (const outcome of ruralMinds.outcomes.flatMap((group) => group.items))
      await expect(page.getByText(outcome, { exact: true })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Supporting resources' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /Email the Rural Minds team/ })).toHaveAttribute(
      'href',
      /^mailto:.+\?subject=Rural%20Minds$/,
    );
    await expect(page.getByRole('heading', { level: 2, name: 'Rural Minds news' })).toBeVisible();
    for (const line of ruralMinds.acknowledgements)
      await expect(page.getByText(line)).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
  });

  test('/rural-minds shows the same page', async ({ page }) => {
    await page.goto('/rural-minds');
    // The viewer's buttons work once the page has hydrated (its code and copy have loaded).
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rural Minds');
    await expect(page.getByText(ruralMinds.description[0] ?? '')).toBeVisible();
    await page.getByRole('button', { name: 'Start Training' }).click();
    await expect(page.locator('iframe')).toHaveAttribute('src', `${playerBase}/fmh/`);
  });
});
