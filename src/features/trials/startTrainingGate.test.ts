import { afterEach, describe, expect, it } from 'vitest';
import { moduleSlugs, modules } from '@/content/modules';
import { playerAddress } from '@/lib/playerAddress';
import { isGatedPath, isStartTrainingControl } from './startTrainingControl';
import { decide, moduleFromHeadings, moduleFromHeadingText } from './startTrainingGate';
import { TRIAL_MARKER_KEY } from '@/lib/trialMarker';

const now = Date.UTC(2030, 0, 15);
const day = 24 * 60 * 60 * 1000;

function page(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

afterEach(() => {
  localStorage.clear();
});

describe('isGatedPath', () => {
  it.each([
    '/modules/dementia',
    '/modules/home-visits',
    '/modules/trial/dementia',
    '/modules/trial/womens-health',
    '/modules/rural-minds',
    '/modules/unknown',
    '/training-library-trial',
    '/training-library-trial/',
    '/rural-minds',
    '/rural-minds/',
    '/Modules/Dementia',
    '/RURAL-MINDS',
  ])('leaves %s alone', (pathname) => {
    expect(isGatedPath(pathname)).toBe(false);
  });

  it.each([
    '/',
    '/about',
    '/training-library',
    '/training-library-trials',
    '/trial-signup',
    '/dashboard',
    '/unlock/home-visits',
    '/modules',
    '/rural-minds-news',
    '/no-such-page',
  ])('gates %s', (pathname) => {
    expect(isGatedPath(pathname)).toBe(true);
  });
});

describe('isStartTrainingControl', () => {
  it.each([
    ['a link', '<a href="/unlock/dementia" id="hit">Start Training</a>'],
    ['a button', '<button id="hit">Start Training</button>'],
    ['any case', '<button id="hit">START TRAINING</button>'],
    ['lowercase', '<a href="/x" id="hit">start training</a>'],
    ['more words around it', '<a href="/x" id="hit">Start training now, free</a>'],
    ['the words on two lines', '<button id="hit">Start\n    Training</button>'],
    ['a role="button"', '<div role="button" tabindex="0" id="hit">Start Training</div>'],
    [
      'a click on an icon inside a link',
      '<a href="/x"><svg id="hit" aria-hidden="true"></svg><span>Start Training</span></a>',
    ],
    [
      'a click on a span inside a button',
      '<button><span><span id="hit">Start</span> Training</span></button>',
    ],
  ])('is true for %s', (_, html) => {
    expect(isStartTrainingControl(page(html).querySelector('#hit'))).toBe(true);
  });

  it.each([
    ['other text', '<a href="/x" id="hit">Start the course</a>'],
    ['a heading', '<h2 id="hit">Start Training</h2>'],
    ['plain text in a section', '<section><p id="hit">Start Training today</p></section>'],
    ['a control beside one', '<button id="hit">Close</button><button>Start Training</button>'],
    [
      'a control marked as ungated (an assigned module)',
      '<button data-start-training-ungated id="hit">Start Training</button>',
    ],
  ])('is false for %s', (_, html) => {
    expect(isStartTrainingControl(page(html).querySelector('#hit'))).toBe(false);
  });

  it('is false for no target or one that is not an element', () => {
    expect(isStartTrainingControl(null)).toBe(false);
    expect(isStartTrainingControl(window)).toBe(false);
    expect(isStartTrainingControl(document.createTextNode('Start Training'))).toBe(false);
  });
});

describe('moduleFromHeadingText', () => {
  it.each([
    ['Home Visits', 'home-visits'],
    ['home visits', 'home-visits'],
    ['HOME VISITS', 'home-visits'],
    ['Home Visits Training Module', 'home-visits'],
    ['The Home-Visits module', 'home-visits'],
    ['  Home\n  Visits  ', 'home-visits'],
    ['Dementia', 'dementia'],
    ['Advanced Dementia', 'advanced-dementia'],
    ["Women's Health", 'womens-health'],
    ['Women\u2019s Health', 'womens-health'],
    ['womens-health', 'womens-health'],
    ['Group Clinics: Menopause', 'group-menopause'],
    ['Social Justice and Health Equity', 'social-justice'],
    ['Rural Minds', 'rural-minds'],
  ])('reads %j as %s', (text, slug) => {
    expect(moduleFromHeadingText(text)).toBe(slug);
  });

  it('knows every module by its title and by its slug', () => {
    for (const slug of moduleSlugs) {
      expect(moduleFromHeadingText(modules[slug].title)).toBe(slug);
      expect(moduleFromHeadingText(slug)).toBe(slug);
    }
  });

  it.each(['About Revolve', 'Home', 'Visits', 'Homevisits', 'Insights & Research', ''])(
    'finds no module in %j',
    (text) => {
      expect(moduleFromHeadingText(text)).toBeNull();
    },
  );
});

describe('moduleFromHeadings', () => {
  it('reads the first h1 or h2 of the page, in page order', () => {
    expect(moduleFromHeadings(page('<h2>Home Visits</h2><h1>Dementia</h1>'))).toBe('home-visits');
    expect(moduleFromHeadings(page('<h1>Dementia</h1><h2>Home Visits</h2>'))).toBe('dementia');
    expect(moduleFromHeadings(page('<h3>Home Visits</h3><div><h1>Chronic Pain</h1></div>'))).toBe(
      'chronic-pain',
    );
  });

  it('does not look past the first heading', () => {
    expect(moduleFromHeadings(page('<h1>About Revolve</h1><h2>Home Visits</h2>'))).toBeNull();
  });

  it('finds nothing on a page without an h1 or h2', () => {
    expect(moduleFromHeadings(page('<h3>Home Visits</h3><p>Home Visits</p>'))).toBeNull();
  });
});

describe('decide', () => {
  const homeVisitsPage = page(
    '<h1>Home Visits Training Module</h1><a href="/unlock/home-visits"><span id="start">Start Training</span></a><a href="/about" id="other">About</a>',
  );
  const dementiaPage = page('<h1>Dementia</h1><button id="start">Start Training</button>');
  const start = (root: HTMLElement) => root.querySelector('#start');

  function storeMarker(value: string) {
    localStorage.setItem(TRIAL_MARKER_KEY, value);
  }
  const validMarker = () => storeMarker(JSON.stringify({ exp: now + 10 * day }));

  it('sends a visitor without a marker to the trial sign-up', () => {
    expect(
      decide({ pathname: '/', target: start(homeVisitsPage), root: homeVisitsPage, now }),
    ).toEqual({ action: 'trial-signup', href: '/trial-signup' });
    expect(
      decide({ pathname: '/about', target: start(dementiaPage), root: dementiaPage, now }),
    ).toEqual({ action: 'trial-signup', href: '/trial-signup' });
  });

  it.each([
    ['expired', JSON.stringify({ exp: now - 1 })],
    ['lapsing this very moment', JSON.stringify({ exp: now })],
    ['not JSON', '{exp:'],
    ['without exp', JSON.stringify({ expires: now + day })],
    ['with a text exp', JSON.stringify({ exp: String(now + day) })],
    ['null', 'null'],
    ['a number', String(now + day)],
  ])('treats a marker that is %s as none', (_, value) => {
    storeMarker(value);
    expect(
      decide({ pathname: '/', target: start(homeVisitsPage), root: homeVisitsPage, now }),
    ).toEqual({ action: 'trial-signup', href: '/trial-signup' });
  });

  it('opens Home Visits training directly for a visitor with a valid marker', () => {
    validMarker();
    expect(
      decide({ pathname: '/', target: start(homeVisitsPage), root: homeVisitsPage, now }),
    ).toEqual({ action: 'navigate', href: playerAddress('home-visits') });
  });

  it('lets the click through for any other module, or none, with a valid marker', () => {
    validMarker();
    expect(decide({ pathname: '/', target: start(dementiaPage), root: dementiaPage, now })).toEqual(
      { action: 'none' },
    );
    const noModule = page('<h1>About Revolve</h1><button id="start">Start Training</button>');
    expect(decide({ pathname: '/', target: start(noModule), root: noModule, now })).toEqual({
      action: 'none',
    });
  });

  it('leaves the excluded pages alone, marker or not', () => {
    for (const pathname of ['/modules/home-visits', '/modules/trial/dementia', '/rural-minds']) {
      expect(
        decide({ pathname, target: start(homeVisitsPage), root: homeVisitsPage, now }),
      ).toEqual({ action: 'none' });
    }
  });

  it('ignores clicks on anything but a start-training control', () => {
    expect(
      decide({
        pathname: '/',
        target: homeVisitsPage.querySelector('#other'),
        root: homeVisitsPage,
        now,
      }),
    ).toEqual({ action: 'none' });
    expect(decide({ pathname: '/', target: homeVisitsPage, root: homeVisitsPage, now })).toEqual({
      action: 'none',
    });
  });
});
