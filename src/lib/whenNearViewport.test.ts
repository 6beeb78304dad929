import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenNearViewport } from './whenNearViewport';

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
let report: Callback | undefined;

class FakeIntersectionObserver {
  constructor(callback: Callback) {
    report = callback;
  }
  observe() {}
  disconnect() {}
}

/** The observer's report that the element is within the margin, at `top` px from the viewport's top. */
function nearAt(top: number) {
  report?.([{ isIntersecting: true, boundingClientRect: { top, bottom: top + 400 } as DOMRect }]);
}

async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('whenNearViewport', () => {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    document.body.innerHTML = '<main><div data-part></div></main>';
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(900);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    report = undefined;
    document.body.innerHTML = '';
  });

  it('resolves at once when there is no such element', async () => {
    expect(await settled(whenNearViewport('[data-missing]'))).toBe(true);
  });

  it('resolves when the part is on screen', async () => {
    const near = whenNearViewport('[data-part]');
    nearAt(700);
    expect(await settled(near)).toBe(true);
  });

  it('waits, within the margin but below the screen, until the visitor scrolls', async () => {
    const near = whenNearViewport('[data-part]');
    nearAt(1_300);
    expect(await settled(near)).toBe(false);
    window.dispatchEvent(new Event('scroll'));
    expect(await settled(near)).toBe(true);
  });

  it('after the visitor has scrolled, resolves as soon as the part is within the margin', async () => {
    const near = whenNearViewport('[data-part]');
    window.dispatchEvent(new Event('wheel'));
    expect(await settled(near)).toBe(false);
    nearAt(1_300);
    expect(await settled(near)).toBe(true);
  });

  it('resolves when the part leaves the document unseen, so that it renders if it comes back', async () => {
    const near = whenNearViewport('[data-part]');
    document.querySelector('main')?.replaceChildren();
    expect(await settled(near)).toBe(true);
  });
  // Last: the page counts as used from then on.
  it('releases every waiting part at the first key or press anywhere, and from then on', async () => {
    const near = whenNearViewport('[data-part]');
    nearAt(2_000);
    expect(await settled(near)).toBe(false);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(await settled(near)).toBe(true);
    expect(await settled(whenNearViewport('[data-part]'))).toBe(true);
  });
});
