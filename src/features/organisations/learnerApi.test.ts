import { describe, expect, it } from 'vitest';
import {
  londonToday,
  serverMessage,
  toAssignment,
  toAssignments,
  type AssignmentRow,
} from './learnerApi';

const row: AssignmentRow = {
  user_id: 'a0000000-0000-4000-8000-000000000002',
  organisation_id: 'c0000000-0000-4000-8000-000000000001',
  module: 'dementia',
  due_on: '2026-12-12',
  organisation_name: 'Riverside Surgery',
  state: 'in_progress',
  completed_at: null,
};

describe('londonToday', () => {
  it("is the calendar day in London, whatever the viewer's zone", () => {
    expect(londonToday(new Date('2026-12-11T23:30:00Z'))).toBe('2026-12-11');
    // British Summer Time: 23:30 UTC is already the next day in London.
    expect(londonToday(new Date('2027-06-30T23:30:00Z'))).toBe('2027-07-01');
  });
});

describe('toAssignment', () => {
  it('is overdue only after its due day, and never once completed', () => {
    expect(toAssignment(row, '2026-12-12').overdue).toBe(false);
    expect(toAssignment(row, '2026-12-13').overdue).toBe(true);
    const done = { ...row, state: 'completed' as const, completed_at: '2026-12-20T10:00:00Z' };
    expect(toAssignment(done, '2026-12-30')).toEqual({
      module: 'dementia',
      organisationName: 'Riverside Surgery',
      dueOn: '2026-12-12',
      state: 'completed',
      completedAt: '2026-12-20T10:00:00Z',
      overdue: false,
    });
  });

  it('lists a module assigned twice once, due on its earliest date', () => {
    const later = { ...row, organisation_name: 'Hillside Surgery', due_on: '2026-12-20' };
    const other = { ...row, module: 'home-visits', due_on: '2026-12-15' };
    expect(
      toAssignments([row, other, later], '2026-12-01').map(
        ({ module, dueOn, organisationName }) => [module, dueOn, organisationName],
      ),
    ).toEqual([
      ['dementia', '2026-12-12', 'Riverside Surgery'],
      ['home-visits', '2026-12-15', 'Riverside Surgery'],
    ]);
  });
});

describe('serverMessage', () => {
  it("passes on the server's words for an invitation no longer open or without a seat", () => {
    expect(serverMessage({ code: 'PT404', message: 'This invitation is no longer open' })).toBe(
      'This invitation is no longer open',
    );
    expect(serverMessage({ code: 'PT409', message: 'No seat' })).toBe('No seat');
    expect(serverMessage({ code: '08006', message: 'connection failure' })).toBeUndefined();
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
