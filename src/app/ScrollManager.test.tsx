import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HASH_SCROLL_DELAY_MS, ScrollManager } from './ScrollManager';

let navigateTo: (to: string) => void = () => undefined;

function NavigationHandle() {
  const navigate = useNavigate();
  useEffect(() => {
    navigateTo = (to) => void navigate(to);
  }, [navigate]);
  return null;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <ScrollManager />
      <NavigationHandle />
      <h2 id="privacy-policy">Privacy policy</h2>
    </MemoryRouter>,
  );
}

describe('ScrollManager', () => {
  const scrollIntoView = vi.fn();
  const scrollTo = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    Element.prototype.scrollIntoView = scrollIntoView;
    window.scrollTo = scrollTo as typeof window.scrollTo;
    window.matchMedia = vi.fn().mockReturnValue({ matches: false }) as typeof window.matchMedia;
    scrollIntoView.mockReset();
    scrollTo.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('scrolls to the top on a path change', () => {
    renderAt('/terms-and-conditions');
    scrollTo.mockReset();
    act(() => navigateTo('/about'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('scrolls smoothly to the hash target after 100 ms', () => {
    renderAt('/terms-and-conditions#privacy-policy');
    act(() => {
      vi.advanceTimersByTime(HASH_SCROLL_DELAY_MS - 1);
    });
    expect(scrollIntoView).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(
      screen.getByRole('heading', { name: 'Privacy policy' }),
    );
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('waits for a target that appears after the page loads', async () => {
    renderAt('/');
    act(() => navigateTo('/insights#trends'));
    act(() => {
      vi.advanceTimersByTime(HASH_SCROLL_DELAY_MS);
    });
    expect(scrollIntoView).not.toHaveBeenCalled();
    const late = document.createElement('section');
    late.id = 'trends';
    await act(async () => {
      document.body.append(late);
      await Promise.resolve();
    });
    expect(scrollIntoView.mock.contexts[0]).toBe(late);
    late.remove();
  });

  it('jumps without animation when the user prefers reduced motion', () => {
    window.matchMedia = vi.fn().mockReturnValue({ matches: true }) as typeof window.matchMedia;
    renderAt('/terms-and-conditions#privacy-policy');
    act(() => {
      vi.advanceTimersByTime(HASH_SCROLL_DELAY_MS);
    });
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
  });
});
