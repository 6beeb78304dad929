import { describe, expect, it, vi } from 'vitest';
import type * as api from './api';
import type { Lead } from './api';
import { leadCsvColumns, leadsCsvExport } from './csvExport';

const { fetchLeads } = vi.hoisted(() => ({ fetchLeads: vi.fn() }));
vi.mock('./api', async (original) => ({ ...(await original<typeof api>()), fetchLeads }));

describe('the leads as CSV rows', () => {
  it('has every field of a lead, its status in words and its times in ISO 8601', () => {
    const lead: Lead = {
      id: 'l1',
      first_name: 'Jane',
      last_name: 'Doe',
      email: 'jane@example.org',
      subject: 'Registering interest in Revolve 360 Training',
      message: 'Line one.\nLine two.',
      status: 'contacted',
      note: 'Called on Monday',
      created_at: '2026-12-13T09:05:00+00:00',
      updated_at: '2026-12-14T10:00:00+00:00',
    };
    expect(
      Object.fromEntries(leadCsvColumns.map((column) => [column.header, column.value(lead)])),
    ).toEqual({
      'Lead ID': 'l1',
      'Received at': '2026-12-13T09:05:00.000Z',
      'First name': 'Jane',
      'Last name': 'Doe',
      Email: 'jane@example.org',
      Subject: 'Registering interest in Revolve 360 Training',
      Message: 'Line one.\nLine two.',
      Status: 'Contacted',
      Note: 'Called on Monday',
      'Updated at': '2026-12-14T10:00:00.000Z',
    });
  });

  it('reads the leads with the page’s search and status filter', async () => {
    fetchLeads.mockResolvedValue({ rows: [], total: 0 });
    const request = leadsCsvExport({ search: 'jane', status: 'new' });
    expect(request.list).toBe('leads');
    const signal = new AbortController().signal;
    await request.source(2, 1000, signal);
    expect(fetchLeads).toHaveBeenCalledWith(
      { search: 'jane', status: 'new', page: 2, pageSize: 1000 },
      signal,
    );
  });
});
