import type { Locator, Page } from '@playwright/test';
import { howItWorksSteps } from '../src/content/howItWorks';
import { revolveCustomSteps } from '../src/content/revolveCustom';
import { site } from '../src/content/site';
import { expect, test } from './fixtures';
import { apiUrl, latestEmailText, uniqueEmail } from './support/backend';

const mailto = `mailto:${site.contactEmail}`;

function region(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** Every image in the locator has loaded (scrolling each into view, as they load lazily). */
async function expectImagesLoaded(images: Locator, count: number): Promise<void> {
  await expect(images).toHaveCount(count);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveAttribute('alt', /\S/);
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
  }
}

test.describe('/insights', () => {
  test('shows the findings, both case studies and the industry trends', async ({ page }) => {
    await page.goto('/insights');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Insights & Research');

    const findings = page.locator('#findings');
    for (const [value, label] of [
      ['75%', 'more knowledge retention'],
      ['40%', 'less time to competency'],
    ] as const) {
      const stat = findings.locator('dl > div').filter({ hasText: label });
      await expect(stat.locator('dd')).toHaveText(value);
    }

    const school = page
      .getByRole('article')
      .filter({ hasText: 'University medical school partnership' });
    await expect(school).toContainText('60%');
    await expect(school).toContainText('better first-year resident scores');
    const network = page.getByRole('article').filter({ hasText: 'Hospital network' });
    await expect(network).toContainText('Standardized procedures across 15 hospitals');
    await expectImagesLoaded(page.locator('#case-studies img'), 2);

    const trends = page.locator('#trends');
    for (const trend of ['Remote Training', 'AI Integration', 'Haptic Feedback']) {
      await expect(trends.getByRole('heading', { level: 3, name: trend })).toBeVisible();
    }
  });
});

test.describe('/contact', () => {
  test('offers a Send Message mail link, the Cambridge studio and the office hours', async ({
    page,
  }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    await expect(page.getByRole('link', { name: 'Send Message' })).toHaveAttribute('href', mailto);
    await expect(page.locator('address')).toContainText('Cambridge, United Kingdom');
    await expect(
      page.getByText('Monday to Friday 9:00 AM to 5:00 PM GMT', { exact: true }),
    ).toBeVisible();
  });
});

test.describe('/how-it-works', () => {
  test('lands on its hero from the home page link and shows the four steps', async ({ page }) => {
    await page.goto('/how-it-works#hero');
    const hero = page.locator('#hero');
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText('How It Works');
    await expect(hero).toBeInViewport();

    const steps = page.locator('main ol').first().locator(':scope > li');
    await expect(steps.getByRole('heading', { level: 3 })).toHaveText([
      'Design',
      'Film',
      'Build',
      'Deploy',
    ]);
    for (const [index, step] of howItWorksSteps.entries()) {
      await expect(steps.nth(index)).toContainText(step.text);
      await expect(steps.nth(index)).toContainText(step.detail);
    }
    await expectImagesLoaded(steps.locator('img'), 4);
    await expect(page.getByRole('link', { name: 'Get in touch' })).toHaveAttribute('href', mailto);
  });

  test('the home page button leads to the hero', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'See How It Works' }).click();
    await expect(page).toHaveURL('/how-it-works#hero');
    await expect(page.locator('#hero')).toBeInViewport();
  });
});

const pipelines = [
  {
    path: '/how-it-works-revolvevr',
    heading: 'How Revolve VR is made',
    stepsTitle: 'The ten-step VR pipeline',
    steps: 10,
    timeline: ['6-10 weeks', 'for a single VR scenario'],
    faqColumns: [4, 4],
    sample: 'See a sample simulation',
    facts: [
      /Meta Quest 3 or 3S by default/,
      /room-scale[^.]*2 m x 2 m/,
      /seated mode is available/i,
      /offline use is supported/i,
    ],
  },
  {
    path: '/how-it-works-revolve360',
    heading: 'How Revolve 360 is made',
    stepsTitle: 'The nine-step 360 pipeline',
    steps: 9,
    timeline: ['4-6 weeks', 'for a single 360 module'],
    faqColumns: [3, 3],
    sample: 'See a sample module',
    facts: [],
  },
];

for (const pipeline of pipelines) {
  test.describe(pipeline.path, () => {
    test('shows the pipeline, what you receive, the timeline and the FAQs', async ({ page }) => {
      await page.goto(pipeline.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(pipeline.heading);
      await expect(region(page, pipeline.stepsTitle).locator('ol > li')).toHaveCount(
        pipeline.steps,
      );

      const receive = region(page, 'What you receive');
      await expect(receive.locator('ul > li').first()).toBeVisible();
      for (const text of pipeline.timeline) await expect(receive).toContainText(text);

      const faqs = region(page, 'Frequently asked questions');
      const columns = faqs.locator('dl');
      await expect(columns).toHaveCount(2);
      for (const [index, count] of pipeline.faqColumns.entries()) {
        await expect(columns.nth(index).locator('dt')).toHaveCount(count);
        await expect(columns.nth(index).locator('dd')).toHaveCount(count);
      }
      for (const fact of pipeline.facts) await expect(faqs.getByText(fact)).toBeVisible();
    });

    test('Book a demo leads to the form; the sample is marked as coming soon', async ({ page }) => {
      await page.goto(pipeline.path);
      const sample = page.getByRole('button', { name: pipeline.sample });
      await expect(sample).toBeDisabled();
      await expect(sample).toContainText('Coming soon');
      await sample.click({ force: true });
      await expect(page).toHaveURL(pipeline.path);

      await page.getByRole('link', { name: 'Book a demo', exact: true }).first().click();
      await expect(page).toHaveURL('/book-demo');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Register your interest');
    });
  });
}

test.describe('/revolve-custom and /bespoke', () => {
  test('shows the four steps and a mail link', async ({ page }) => {
    await page.goto('/revolve-custom');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Revolve Custom');
    const steps = page.locator('main ol').first().locator(':scope > li');
    await expect(steps.getByRole('heading', { level: 3 })).toHaveText(
      revolveCustomSteps.map((step) => step.title),
    );
    await expect(steps.getByRole('heading', { level: 3 })).toHaveText([
      'Consultation',
      'Production',
      'Integration',
      'Support',
    ]);
    await expectImagesLoaded(steps.locator('img'), 4);
    await expect(page.getByRole('link', { name: 'Get in touch' })).toHaveAttribute('href', mailto);
  });

  test('/bespoke shows the same page, with /revolve-custom as its canonical address', async ({
    page,
  }) => {
    await page.goto('/revolve-custom');
    const custom = await page.getByRole('main').innerText();
    await page.goto('/bespoke');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Revolve Custom');
    expect(await page.getByRole('main').innerText()).toBe(custom);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      /\/revolve-custom$/,
    );
  });
});

test.describe('/trial-access', () => {
  test('explains the four steps and offers the trial button', async ({ page }) => {
    await page.goto('/trial-access');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How trial access works');
    await expect(page.locator('main ol > li').getByRole('heading', { level: 3 })).toHaveText([
      'Create an account',
      'Request your trial',
      'Get the approval notification',
      'Open the trial library',
    ]);
    const trial = page.getByRole('link', { name: 'Access the 30-Day Free Training Library Trial' });
    await expect(trial).toHaveAttribute('href', '/trial-signup');
    await trial.click();
    await expect(page).toHaveURL('/trial-signup');
  });
});

test.describe('/book-demo', () => {
  const subject = 'Registering interest in Revolve 360 Training';

  test('the form has its five labelled, required fields', async ({ page }) => {
    await page.goto('/book-demo');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Register your interest');
    for (const label of ['First name', 'Last name', 'Email', 'Subject', 'Message']) {
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('required', '');
    }
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Subject')).toHaveValue(subject);
    await expect(page.getByLabel('Message')).toHaveAttribute(
      'placeholder',
      'Say which training module/s you will like to be kept updated about',
    );
  });

  test('the browser blocks an empty submission', async ({ page }) => {
    await page.goto('/book-demo');
    await page.getByRole('button', { name: 'Register interest' }).click();
    const firstName = page.getByLabel('First name');
    await expect(firstName).toBeFocused();
    expect(await firstName.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
      true,
    );
    await expect(page.getByText('Thank you for your interest!')).toHaveCount(0);
  });

  test('submitting files the lead with the sales inbox, thanks the visitor and resets the form', async ({
    page,
  }) => {
    const requests: string[] = [];
    await page.goto('/book-demo');
    await expect(page.getByLabel('Subject')).toHaveValue(subject);
    page.on('request', (request) => {
      if (!['script', 'stylesheet'].includes(request.resourceType())) requests.push(request.url());
    });

    await page.getByLabel('First name').fill('Alex');
    await page.getByLabel('Last name').fill('Morgan');
    const email = uniqueEmail('lead');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Subject').fill('Demo for our practice team');
    await page.getByLabel('Message').fill('Dementia and conflict resolution, please.');
    await page.getByRole('button', { name: 'Register interest' }).click();

    await expect(page.getByText('Thank you for your interest!')).toBeVisible();
    await expect(page.getByText("We'll be in touch soon to arrange your demo.")).toBeVisible();
    for (const label of ['First name', 'Last name', 'Email', 'Message']) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
    }
    await expect(page.getByLabel('Subject')).toHaveValue(subject);
    await expect(page).toHaveURL('/book-demo');
    expect(requests, 'requests other than the toaster code').toEqual([
      `${apiUrl}/functions/v1/submit-lead`,
    ]);
    const note = await latestEmailText(
      'sales@example.com',
      'New interest: Demo for our practice team',
    );
    expect(note).toContain(`Alex Morgan <${email}>`);
    expect(note).toContain('Dementia and conflict resolution, please.');
  });
});

test.describe('/terms-and-conditions', () => {
  const sections = [
    ['introduction', 'Introduction'],
    ['user-rights', 'Your rights as a user'],
    ['privacy-policy', 'Privacy policy'],
    ['cookies', 'Cookies and local storage'],
    ['intellectual-property', 'Intellectual property'],
    ['limitations', 'Limitations of liability'],
    ['governing-law', 'Governing law'],
    ['contact', 'Contact us'],
  ] as const;

  test('states the privacy policy in 12 points, the retention, breach notice and governing law', async ({
    page,
  }) => {
    await page.goto('/terms-and-conditions');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms and Conditions');
    const privacy = page.locator('#privacy-policy');
    await expect(privacy.locator('ol > li')).toHaveCount(12);
    await expect(privacy).toContainText('3 years');
    for (const kind of [
      'Your account',
      'Trials and unlocked modules',
      'Learning records',
      'Certificates and reflections',
      'Organisation membership',
      'Notifications and e-mails',
      'Demo requests and enquiries',
      'The audit log',
    ]) {
      await expect(privacy.getByRole('heading', { level: 3, name: kind })).toBeVisible();
    }
    await expect(privacy).toContainText(/within 72 hours where we are legally required/);
    await expect(page.locator('#governing-law')).toContainText('England and Wales');
    await expect(
      page.locator('#contact').getByRole('link', { name: site.contactEmail }),
    ).toHaveAttribute('href', mailto);
  });

  test('every section anchor scrolls its section into view', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/terms-and-conditions');
    const toc = page.getByRole('navigation', { name: 'On this page' });
    for (const [id, title] of [...sections].reverse()) {
      await toc.getByRole('link', { name: title }).click();
      await expect(page).toHaveURL(`/terms-and-conditions#${id}`);
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeInViewport();
    }
  });

  test('an address with a hash opens at that section', async ({ page }) => {
    await page.goto('/terms-and-conditions#governing-law');
    await expect(page.getByRole('heading', { level: 2, name: 'Governing law' })).toBeInViewport();
  });
});

test.describe('/trust and /accessibility', () => {
  test('the footer leads to both; /trust shows the assurances and how to report a vulnerability', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Security and trust' }).click();
    await expect(page).toHaveURL('/trust');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Security and data protection',
    );
    for (const term of ['Data hosted in', 'DTAC', 'DSPT', 'Cyber Essentials']) {
      await expect(page.getByRole('term').filter({ hasText: term }).first()).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Reporting a vulnerability' })).toBeVisible();
    await page.getByRole('link', { name: 'Read our accessibility statement' }).click();
    await expect(page).toHaveURL('/accessibility');
    await expect(page.getByRole('heading', { name: 'Compliance status' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Enforcement procedure' })).toBeVisible();

    const securityTxt = await request.get('/.well-known/security.txt');
    expect(securityTxt.status()).toBe(200);
    const text = await securityTxt.text();
    expect(text).toMatch(/^Contact: mailto:\S+@\S+$/m);
    expect(text).toMatch(/^Expires: \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/m);
    expect(text).toMatch(/^Policy: \S+\/trust#vulnerability-disclosure$/m);
  });
});
