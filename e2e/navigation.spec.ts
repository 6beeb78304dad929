import { expect, test } from './fixtures';

test.describe('header', () => {
  test('compacts after a little scroll, hides scrolling down past 100 px and returns scrolling up', async ({
    page,
  }) => {
    await page.goto('/terms-and-conditions');
    const header = page.locator('header').first();
    await expect(header).toHaveAttribute('data-compact', 'false');

    await page.mouse.move(600, 400);
    await page.mouse.wheel(0, 40);
    await expect(header).toHaveAttribute('data-compact', 'true');
    await expect(header).toBeInViewport();

    await page.mouse.wheel(0, 600);
    await expect(header).toHaveAttribute('data-hidden', 'true');
    await expect(header).not.toBeInViewport();

    await page.mouse.wheel(0, -200);
    await expect(header).toHaveAttribute('data-hidden', 'false');
    await expect(header).toBeInViewport();
  });

  test('shows a back arrow on every page but home', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Explore Modules' }).click();
    await expect(page).toHaveURL('/training-library');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL('/');
  });

  test('the Solutions menu opens on hover, closes after the pointer leaves, and works by keyboard', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const solutions = page.getByRole('button', { name: 'Solutions' });
    const revolveVr = page.getByRole('link', { name: /^Revolve VR/ }).first();

    await solutions.hover();
    await expect(solutions).toHaveAttribute('aria-expanded', 'true');
    await expect(revolveVr).toBeVisible();
    await page.mouse.move(10, 600);
    await expect(solutions).toHaveAttribute('aria-expanded', 'false');

    await solutions.focus();
    await page.keyboard.press('ArrowDown');
    await expect(revolveVr).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('link', { name: /^Revolve 360/ }).first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(solutions).toBeFocused();
    await expect(solutions).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/surgical-training');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Revolve VR');
  });

  test('small screens reach every page through the menu button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: 'Insights' })
      .click();
    await expect(page).toHaveURL('/insights');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Insights & Research');
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  });

  test('the open menu dims the page, keeps Tab inside it, and closes on a click outside', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Menu' });
    await button.click();
    const panel = page.getByRole('navigation', { name: 'Mobile' });
    await expect(panel).toBeVisible();
    const backdrop = page.getByTestId('mobile-nav-backdrop');
    await expect(backdrop).toBeVisible();

    // Shift+Tab from the button goes round to the last link, and Tab from there back to the button.
    await button.focus();
    await page.keyboard.press('Shift+Tab');
    await expect(panel.getByRole('link').last()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(button).toBeFocused();

    await backdrop.click({ position: { x: 200, y: 800 } });
    await expect(panel).toBeHidden();
    await expect(backdrop).toHaveCount(0);
    await expect(button).toBeFocused();
  });
});

test.describe('scrolling on navigation', () => {
  test('a link with a hash lands on its target', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/terms-and-conditions#privacy-policy');
    await expect(page.getByRole('heading', { level: 2, name: 'Privacy policy' })).toBeInViewport();
  });

  test('a new page starts at the top', async ({ page }) => {
    await page.goto('/terms-and-conditions');
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the document title follows client-side navigation', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Book a demo' }).click();
    await expect(page).toHaveTitle('Book a Demo | Revolve');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'http://localhost:4173/book-demo',
    );
  });
});
