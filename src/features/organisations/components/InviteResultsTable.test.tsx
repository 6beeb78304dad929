import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inviteResult } from '@/test/organisationServer';
import { InviteResultsTable, inviteResultLabel } from './InviteResultsTable';

describe('the invitation results', () => {
  it('words every result invite_organisation_members gives', () => {
    expect(
      [
        'invited',
        'already_invited',
        'already_member',
        'invalid_email',
        'invalid_name',
        'invalid_cohort',
        'duplicate',
        'no_seat',
      ].map(inviteResultLabel),
    ).toEqual([
      'Invited',
      'Already invited',
      'Already a member',
      'Invalid e-mail address',
      'Invalid name',
      'Invalid cohort name',
      'Listed twice',
      'No seat left',
    ]);
    expect(inviteResultLabel('something_new')).toBe('Not invited');
  });

  it('lists each row with its result, under a summary announced as a status', () => {
    render(
      <InviteResultsTable
        rows={[
          inviteResult({ row_number: 1, email: 'a@example.org', result: 'invited' }),
          inviteResult({ row_number: 2, email: 'b@example.org', result: 'invited' }),
          inviteResult({ row_number: 3, email: 'not-an-address', result: 'invalid_email' }),
          inviteResult({ row_number: 4, email: 'a@example.org', result: 'duplicate' }),
          inviteResult({ row_number: 5, email: '', result: 'invalid_email' }),
          inviteResult({ row_number: 6, email: 'c@example.org', result: 'no_seat' }),
        ]}
      />,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('2 people invited out of 6.');
    expect(status).toHaveTextContent(
      'Invited: 2, Invalid e-mail address: 2, Listed twice: 1, No seat left: 1',
    );
    expect(screen.getByText(/ask Revolve for more seats/)).toBeVisible();

    const table = screen.getByRole('table', { name: 'Invitation results' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '1a@example.orgInvited',
      '2b@example.orgInvited',
      '3not-an-addressInvalid e-mail address',
      '4a@example.orgListed twice',
      '5(no address)Invalid e-mail address',
      '6c@example.orgNo seat left',
    ]);
  });

  it('says so when one person was invited', () => {
    render(<InviteResultsTable rows={[inviteResult()]} />);
    expect(screen.getByRole('status')).toHaveTextContent('1 person invited out of 1.');
  });
});
