import { describe, expect, it, vi } from 'vitest';
import type * as api from './api';
import type { ActiveTrialRow, ExpiredTrialRow, PendingTrialRow, UnlockRow, UserRow } from './api';
import { adminCsvColumns, adminCsvExport } from './csvExport';

const { fetchAdminList } = vi.hoisted(() => ({ fetchAdminList: vi.fn() }));
vi.mock('./api', async (original) => ({ ...(await original<typeof api>()), fetchAdminList }));

function csvRow<Row>(columns: { header: string; value: (row: Row) => unknown }[], row: Row) {
  return Object.fromEntries(columns.map((column) => [column.header, column.value(row)]));
}

describe('the admin lists as CSV rows', () => {
  it('pending trial requests', () => {
    const row: PendingTrialRow = {
      id: 'p1',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.org',
      submitted_at: '2026-11-23T09:05:00+00:00',
    };
    expect(csvRow(adminCsvColumns.pending, row)).toEqual({
      'Request ID': 'p1',
      'First name': 'Ada',
      'Last name': 'Lovelace',
      Email: 'ada@example.org',
      'Submitted at': '2026-11-23T09:05:00.000Z',
    });
  });

  it('active trials, with the profile’s name and e-mail', () => {
    const row: ActiveTrialRow = {
      id: 't1',
      user_id: 'u1',
      email: 'old@example.org',
      granted_at: '2026-11-01T10:00:00Z',
      expires_at: '2026-12-01T10:00:00Z',
      profile_name: 'Ada Lovelace',
      profile_email: 'ada@example.org',
    };
    expect(csvRow(adminCsvColumns.active, row)).toEqual({
      'Trial ID': 't1',
      'User ID': 'u1',
      Name: 'Ada Lovelace',
      Email: 'ada@example.org',
      'Granted at': '2026-11-01T10:00:00.000Z',
      'Expires at': '2026-12-01T10:00:00.000Z',
    });
  });

  it('expired trials, with whether a re-trial is allowed', () => {
    const row: ExpiredTrialRow = {
      id: 'e1',
      email: 'ada@example.org',
      expired_at: '2026-10-01T00:00:00Z',
      can_retrial: true,
      profile_name: 'Ada Lovelace',
      profile_email: 'ada@example.org',
    };
    expect(csvRow(adminCsvColumns.expired, row)).toEqual({
      'Trial ID': 'e1',
      Name: 'Ada Lovelace',
      Email: 'ada@example.org',
      'Expired at': '2026-10-01T00:00:00.000Z',
      'Re-trial allowed': true,
    });
  });

  it('users, with their roles in one cell', () => {
    const row: UserRow = {
      id: 'u1',
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      created_at: '2026-01-02T03:04:05Z',
      user_roles: [{ role: 'admin' }],
    };
    expect(csvRow(adminCsvColumns.users, row)).toEqual({
      'User ID': 'u1',
      Name: 'Ada Lovelace',
      Email: 'ada@example.org',
      'Joined at': '2026-01-02T03:04:05.000Z',
      Roles: 'admin',
    });
  });

  it('module unlocks, with the module’s title and slug', () => {
    const row: UnlockRow = {
      id: 'm1',
      module_name: 'dementia',
      unlocked_at: '2026-05-06T07:08:09Z',
      profile_name: 'Ada Lovelace',
      profile_email: 'ada@example.org',
    };
    expect(csvRow(adminCsvColumns.unlocks, row)).toEqual({
      'Unlock ID': 'm1',
      Name: 'Ada Lovelace',
      Email: 'ada@example.org',
      Module: 'Dementia',
      'Module slug': 'dementia',
      'Unlocked at': '2026-05-06T07:08:09.000Z',
    });
  });
});

describe('adminCsvExport', () => {
  it('reads the list with its search, in the pages asked for', async () => {
    fetchAdminList.mockResolvedValue({ rows: [], total: 0 });
    const request = adminCsvExport('users', 'ada');
    expect(request.list).toBe('users');
    const signal = new AbortController().signal;
    await request.source(3, 1000, signal);
    expect(fetchAdminList).toHaveBeenCalledWith(
      'users',
      { page: 3, search: 'ada', pageSize: 1000 },
      signal,
    );
  });
});
