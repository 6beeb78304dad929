import { describe, expect, it } from 'vitest';
import {
  announcesTrialChange,
  badgeText,
  relativeTime,
  shownNotifications,
  unreadAfterReading,
  withInserted,
  withRead,
  withUpdated,
  type AppNotification,
  type NotificationPages,
} from './notifications';

function notification(id: number, overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id: `n${id}`,
    user_id: 'u1',
    title: `Title ${id}`,
    message: `Message ${id}`,
    type: 'info',
    read: false,
    read_at: null,
    created_at: new Date(Date.UTC(2026, 10, 22, 0, id)).toISOString(),
    ...overrides,
  };
}

describe('badgeText', () => {
  it.each([
    [0, null],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [42, '9+'],
  ])('%i unread -> %s', (count, text) => {
    expect(badgeText(count)).toBe(text);
  });
});

/** Two pages loaded: n13..n4, then n3..n1. */
const newest = {
  items: Array.from({ length: 10 }, (_, index) => notification(13 - index)),
  more: true,
};
const loaded: NotificationPages = {
  pages: [newest, { items: [3, 2, 1].map((id) => notification(id)), more: false }],
  pageParams: [0, 10],
};
const ids = (data: NotificationPages | undefined) =>
  shownNotifications(data).map((item) => item.id);

describe('list merges', () => {
  it('shows the pages in order, newest first', () => {
    expect(ids(loaded)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((n) => `n${n}`));
  });

  it('shows a notification once when a live insert shifted the next page onto it', () => {
    const shifted: NotificationPages = {
      ...loaded,
      pages: [newest, { items: [4, 3].map((id) => notification(id)), more: true }],
    };
    expect(ids(shifted).filter((id) => id === 'n4')).toHaveLength(1);
  });

  it('puts an insert on top and keeps 10 when one page is loaded', () => {
    const firstPage: NotificationPages = { pages: [newest], pageParams: [0] };
    const merged = withInserted(firstPage, notification(14));
    expect(ids(merged)).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6, 5].map((n) => `n${n}`));
    expect(merged?.pages[0]?.more).toBe(true);
  });

  it('adds an insert to a list of fewer than 10', () => {
    const few: NotificationPages = {
      pages: [{ items: [2, 1].map((id) => notification(id)), more: false }],
      pageParams: [0],
    };
    const merged = withInserted(few, notification(3));
    expect(ids(merged)).toEqual(['n3', 'n2', 'n1']);
    expect(merged?.pages[0]?.more).toBe(false);
    const empty: NotificationPages = { pages: [{ items: [], more: false }], pageParams: [0] };
    expect(ids(withInserted(empty, notification(1)))).toEqual(['n1']);
  });

  it('keeps as many as were loaded across pages: the oldest moves to the next Show earlier', () => {
    const merged = withInserted(loaded, notification(14));
    expect(ids(merged)).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((n) => `n${n}`));
    expect(merged?.pages.map((page) => page.items.length)).toEqual([10, 3]);
    expect(merged?.pages[1]?.more).toBe(true);
  });

  it('does not show an insert twice, nor drop anything for it', () => {
    const merged = withInserted(loaded, notification(2, { title: 'Read again' }));
    expect(ids(merged)).toEqual(ids(loaded));
    expect(shownNotifications(merged).find((item) => item.id === 'n2')?.title).toBe('Read again');
  });

  it('leaves nothing loaded as it is: the first read brings the insert', () => {
    expect(withInserted(undefined, notification(1))).toBeUndefined();
  });

  it('replaces an updated row in place, on any page', () => {
    const updated = withUpdated(loaded, notification(2, { read: true, read_at: 'now' }));
    expect(ids(updated)).toEqual(ids(loaded));
    expect(shownNotifications(updated).find((item) => item.id === 'n2')?.read).toBe(true);
  });

  it('ignores an update to a row not loaded', () => {
    expect(withUpdated(loaded, notification(99, { read: true }))).toEqual(loaded);
  });

  it('marks the given ids read with their read time', () => {
    const read = withRead(loaded, ['n1', 'n13'], '2026-11-22T01:00:00.000Z');
    const unread = shownNotifications(read).filter((item) => !item.read);
    expect(unread).toHaveLength(11);
    expect(shownNotifications(read).find((item) => item.id === 'n1')).toMatchObject({
      read: true,
      read_at: '2026-11-22T01:00:00.000Z',
    });
  });

  it('marks every one read for all', () => {
    const read = withRead(loaded, 'all', '2026-11-22T01:00:00.000Z');
    expect(shownNotifications(read).every((item) => item.read)).toBe(true);
  });
});

describe('unreadAfterReading', () => {
  const shown = shownNotifications(loaded);
  it('counts down by the unread ones marked', () => {
    expect(unreadAfterReading(20, shown, ['n1', 'n2'])).toBe(18);
  });

  it('does not count one already read, or one not loaded', () => {
    const withRead1 = shown.map((item) => (item.id === 'n1' ? { ...item, read: true } : item));
    expect(unreadAfterReading(20, withRead1, ['n1', 'n99'])).toBe(20);
  });

  it('is zero once all are read, loaded or not', () => {
    expect(unreadAfterReading(20, shown, 'all')).toBe(0);
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it.each([
    ['2026-11-22T10:00:00Z', 'about 2 hours ago'],
    ['2026-11-22T11:59:50Z', 'less than a minute ago'],
    ['2026-11-21T12:00:00Z', '1 day ago'],
  ])('%s -> %s', (timestamp, text) => {
    expect(relativeTime(timestamp, now)).toBe(text);
  });
});

describe('announcesTrialChange', () => {
  it.each(['Trial approved', 'Trial request declined', 'Trial ended'])(
    "'%s' means the trial must be read again",
    (title) => {
      expect(announcesTrialChange(notification(1, { title }))).toBe(true);
    },
  );

  it.each(['Welcome', 'trial approved', 'Trial approved!'])('%j does not', (title) => {
    expect(announcesTrialChange(notification(1, { title }))).toBe(false);
  });
});
