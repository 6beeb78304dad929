import { describe, expect, it } from 'vitest';
import {
  announcesTrialChange,
  badgeText,
  relativeTime,
  unreadCount,
  withInserted,
  withRead,
  withUpdated,
  type AppNotification,
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

const ten = Array.from({ length: 10 }, (_, index) => notification(10 - index));

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

describe('list merges', () => {
  it('puts an insert on top and keeps the newest ten', () => {
    const merged = withInserted(ten, notification(11));
    expect(merged).toHaveLength(10);
    expect(merged[0]?.id).toBe('n11');
    expect(merged.map((item) => item.id)).not.toContain('n1');
  });

  it('does not show an insert twice', () => {
    const merged = withInserted(ten, notification(10));
    expect(merged.filter((item) => item.id === 'n10')).toHaveLength(1);
  });

  it('replaces an updated row in place and recounts unread', () => {
    const updated = withUpdated(ten, notification(5, { read: true, read_at: 'now' }));
    expect(updated.map((item) => item.id)).toEqual(ten.map((item) => item.id));
    expect(updated.find((item) => item.id === 'n5')?.read).toBe(true);
    expect(unreadCount(ten)).toBe(10);
    expect(unreadCount(updated)).toBe(9);
  });

  it('ignores an update to a row not shown', () => {
    expect(withUpdated(ten, notification(99, { read: true }))).toEqual(ten);
  });

  it('marks the given ids read with their read time', () => {
    const read = withRead(ten, ['n1', 'n2'], '2026-11-22T01:00:00.000Z');
    expect(unreadCount(read)).toBe(8);
    expect(read.find((item) => item.id === 'n1')).toMatchObject({
      read: true,
      read_at: '2026-11-22T01:00:00.000Z',
    });
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
