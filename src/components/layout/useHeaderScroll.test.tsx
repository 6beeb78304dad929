import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useHeaderScroll } from './useHeaderScroll';

function HeaderState() {
  const { compact, hidden } = useHeaderScroll();
  return <p>{`compact=${compact} hidden=${hidden}`}</p>;
}

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

function wait(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('useHeaderScroll', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts full size and visible at the top', () => {
    render(<HeaderState />);
    expect(screen.getByText('compact=false hidden=false')).toBeInTheDocument();
  });

  it('reads the scroll position only after 50 ms without scrolling', () => {
    render(<HeaderState />);
    scrollTo(50);
    wait(49);
    expect(screen.getByText('compact=false hidden=false')).toBeInTheDocument();
    scrollTo(60);
    wait(49);
    expect(screen.getByText('compact=false hidden=false')).toBeInTheDocument();
    wait(1);
    expect(screen.getByText('compact=true hidden=false')).toBeInTheDocument();
  });

  it('compacts after 10 px, not at 10 px', () => {
    render(<HeaderState />);
    scrollTo(10);
    wait(50);
    expect(screen.getByText('compact=false hidden=false')).toBeInTheDocument();
    scrollTo(11);
    wait(50);
    expect(screen.getByText('compact=true hidden=false')).toBeInTheDocument();
  });

  it('hides when scrolling down past 100 px and reappears on scrolling up', () => {
    render(<HeaderState />);
    scrollTo(100);
    wait(50);
    expect(screen.getByText('compact=true hidden=false')).toBeInTheDocument();
    scrollTo(101);
    wait(50);
    expect(screen.getByText('compact=true hidden=true')).toBeInTheDocument();
    scrollTo(400);
    wait(50);
    expect(screen.getByText('compact=true hidden=true')).toBeInTheDocument();
    scrollTo(390);
    wait(50);
    expect(screen.getByText('compact=true hidden=false')).toBeInTheDocument();
  });

  it('shows the header again back near the top', () => {
    render(<HeaderState />);
    scrollTo(300);
    wait(50);
    expect(screen.getByText('compact=true hidden=true')).toBeInTheDocument();
    scrollTo(0);
    wait(50);
    expect(screen.getByText('compact=false hidden=false')).toBeInTheDocument();
  });
});
