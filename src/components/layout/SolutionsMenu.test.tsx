import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOLUTIONS_CLOSE_DELAY_MS, SolutionsMenu } from './SolutionsMenu';

function CurrentPath() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderMenu() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <SolutionsMenu />
      <Routes>
        <Route path="*" element={<CurrentPath />} />
      </Routes>
    </MemoryRouter>,
  );
  return screen.getByRole('button', { name: 'Solutions' });
}

const hover = (element: Element) => fireEvent.pointerEnter(element, { pointerType: 'mouse' });
const leave = (element: Element) => fireEvent.pointerLeave(element, { pointerType: 'mouse' });

describe('SolutionsMenu', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists Revolve VR, Revolve 360 and all solutions', () => {
    const button = renderMenu();
    fireEvent.click(button);
    expect(screen.getByRole('link', { name: /Revolve VR/ })).toHaveAttribute(
      'href',
      '/surgical-training',
    );
    expect(screen.getByRole('link', { name: /Revolve 360/ })).toHaveAttribute(
      'href',
      '/training-library',
    );
    expect(screen.getByRole('link', { name: /All solutions/ })).toHaveAttribute(
      'href',
      '/solutions',
    );
  });

  it('opens on hover and closes 180 ms after the pointer leaves', () => {
    const button = renderMenu();
    const group = button.parentElement as HTMLElement;
    hover(group);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    leave(group);
    act(() => {
      vi.advanceTimersByTime(SOLUTIONS_CLOSE_DELAY_MS - 1);
    });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: /Revolve VR/ })).not.toBeInTheDocument();
  });

  it('stays open when the pointer comes back within the delay', () => {
    const button = renderMenu();
    const group = button.parentElement as HTMLElement;
    hover(group);
    leave(group);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    hover(group);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });

  it('ignores touch pointers, which open it with a tap instead', () => {
    const button = renderMenu();
    fireEvent.pointerEnter(button.parentElement as HTMLElement, { pointerType: 'touch' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });

  it('moves through the links with the arrow keys, Home and End, wrapping around', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    const button = renderMenu();
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: /Revolve VR/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: /Revolve 360/ })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('link', { name: /All solutions/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: /Revolve VR/ })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('link', { name: /All solutions/ })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('link', { name: /Revolve VR/ })).toHaveFocus();
  });

  it('closes on Escape and returns focus to the button', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    const button = renderMenu();
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('link', { name: /All solutions/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('follows the focused link with Enter and closes', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    const button = renderMenu();
    button.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('path')).toHaveTextContent('/training-library');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when focus leaves the group', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    const button = renderMenu();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
