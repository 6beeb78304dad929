import { describe, expect, it } from 'vitest';
import {
  emptyOrganisation,
  inviteManagerSchema,
  londonDate,
  newOrganisationSchema,
  organisationSchema,
  organisationValues,
  toNewManager,
  toOrganisationDetails,
} from './adminSchemas';

const valid = {
  name: 'Coastal PCN',
  kind: 'pcn',
  seats: '40',
  termStartsOn: '2027-01-01',
  termEndsOn: '2027-12-31',
  managerEmail: 'jo@coastal.example',
  managerName: '',
};

function messages(values: Partial<typeof valid>) {
  const result = newOrganisationSchema.safeParse({ ...valid, ...values });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('the organisation forms', () => {
  it('send the trimmed name, the kind, the seats as a number and the term', () => {
    const parsed = newOrganisationSchema.parse({ ...valid, name: '  Coastal PCN ', seats: ' 40 ' });
    expect(toOrganisationDetails(parsed)).toEqual({
      name: 'Coastal PCN',
      kind: 'pcn',
      seats: 40,
      termStartsOn: '2027-01-01',
      termEndsOn: '2027-12-31',
    });
    expect(toNewManager(parsed)).toEqual({ email: 'jo@coastal.example', name: null });
  });

  it('send the manager trimmed, with their name when given', () => {
    const parsed = inviteManagerSchema.parse({
      managerEmail: ' jo@coastal.example ',
      managerName: ' Jo Lee ',
    });
    expect(toNewManager(parsed)).toEqual({ email: 'jo@coastal.example', name: 'Jo Lee' });
  });

  it.each([
    [{ name: ' A ' }, 'Name must be at least 2 characters'],
    [{ name: 'x'.repeat(201) }, 'Name must be 200 characters or fewer'],
    [{ name: 'North\u0007Clinic' }, 'Remove the special characters'],
    [{ kind: '' }, 'Choose the kind of organisation'],
    [{ kind: 'hospital' }, 'Choose the kind of organisation'],
    [{ seats: '' }, 'Seats must be a whole number from 1 to 100000'],
    [{ seats: '0' }, 'Seats must be a whole number from 1 to 100000'],
    [{ seats: '2.5' }, 'Seats must be a whole number from 1 to 100000'],
    [{ seats: '100001' }, 'Seats must be a whole number from 1 to 100000'],
    [{ termStartsOn: '' }, 'Choose the first day of the term'],
    [{ termEndsOn: '' }, 'Choose the last day of the term'],
    [{ termEndsOn: '2026-12-31' }, 'The term must end on or after the day it starts'],
    [{ managerEmail: 'jo' }, 'Enter a valid e-mail address'],
    [{ managerName: 'x'.repeat(101) }, 'Name must be 100 characters or fewer'],
  ])('refuse %j: %s', (values, message) => {
    expect(messages(values)).toEqual([message]);
  });

  it('take a term of one day, and 100000 seats', () => {
    expect(messages({ termEndsOn: '2027-01-01', seats: '100000' })).toEqual([]);
  });

  it('start a new organisation today in London, and an edit from its details', () => {
    expect(emptyOrganisation('2027-03-01')).toMatchObject({ termStartsOn: '2027-03-01', kind: '' });
    expect(londonDate(new Date('2099-06-30T23:30:00Z'))).toBe('2099-07-01');
    const values = organisationValues({
      name: 'Riverside Care Trust',
      kind: 'trust',
      seats: 50,
      term_starts_on: '2026-11-08',
      term_ends_on: '2027-11-08',
    });
    expect(organisationSchema.safeParse(values).success).toBe(true);
    expect(values.seats).toBe('50');
  });
});
