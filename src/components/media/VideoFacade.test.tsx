import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteVideo } from '@/content/types';
import { VideoFacade } from './VideoFacade';

const video: SiteVideo = { id: '123', title: 'Inside the simulation', poster: '/poster.svg' };

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
let observed: { callback: Callback; options?: IntersectionObserverInit } | undefined;

class FakeIntersectionObserver {
  constructor(callback: Callback, options?: IntersectionObserverInit) {
    observed = { callback, options };
  }
  observe() {}
  disconnect() {}
}

function setReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce') }));
}

const showing = (ratio: number) =>
  act(() => observed?.callback([{ isIntersecting: ratio > 0, intersectionRatio: ratio }]));

describe('VideoFacade', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    setReducedMotion(false);
    observed = undefined;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the poster and loads nothing from the video host until play is pressed', () => {
    render(<VideoFacade video={video} />);
    expect(document.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play video: Inside the simulation' }));
    const frame = screen.getByTitle('Inside the simulation');
    expect(frame.getAttribute('src')).toMatch(/^https:\/\/player\.vimeo\.com\/video\/123\?/);
    expect(frame.getAttribute('src')).toContain('autoplay=1');
    expect(frame.getAttribute('src')).toContain('muted=0');
  });

  it('autoplays, muted, once 30% has been visible for the delay', () => {
    render(<VideoFacade video={video} autoplay={{ delayMs: 2000 }} loop />);
    expect(observed?.options?.threshold).toBe(0.3);
    showing(0.3);
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(document.querySelector('iframe')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    const src = screen.getByTitle('Inside the simulation').getAttribute('src') ?? '';
    expect(src).toContain('muted=1');
    expect(src).toContain('loop=1');
  });

  it('starts the delay again when the video leaves the view before it', () => {
    render(<VideoFacade video={video} autoplay={{ delayMs: 1000 }} />);
    showing(0.5);
    act(() => {
      vi.advanceTimersByTime(900);
    });
    showing(0);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(document.querySelector('iframe')).toBeNull();
    showing(0.4);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(document.querySelector('iframe')).not.toBeNull();
  });

  it('does not autoplay for users who prefer reduced motion', () => {
    setReducedMotion(true);
    render(<VideoFacade video={video} autoplay={{ delayMs: 1000 }} />);
    expect(observed).toBeUndefined();
  });
});
