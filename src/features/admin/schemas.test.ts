import { describe, expect, it } from 'vitest';
import {
  accessCodeSchema,
  lastDayOfAccess,
  londonDate,
  lrsClientSchema,
  toNewAccessCode,
  toNewLrsClient,
} from './schemas';

const valid = { organisationId: 'o1', lastDay: '', seatLimit: '', modules: [] };

function messages(values: Partial<typeof valid>) {
  const result = accessCodeSchema.safeParse({ ...valid, ...values });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('the access code form', () => {
  it('takes an organisation alone: no expiry, no seat limit, every module', () => {
    const parsed = accessCodeSchema.parse(valid);
    expect(toNewAccessCode(parsed)).toEqual({
      organisationId: 'o1',
      expiresAt: null,
      seatLimit: null,
      moduleSlugs: null,
    });
  });

  it('sends the ticked modules, the seat limit, and an expiry at the end of the last day in London', () => {
    const parsed = accessCodeSchema.parse({
      ...valid,
      lastDay: '2099-03-31',
      seatLimit: ' 25 ',
      modules: ['dementia', 'home-visits'],
    });
    const code = toNewAccessCode(parsed);
    expect(code.seatLimit).toBe(25);
    expect(code.moduleSlugs).toEqual(['dementia', 'home-visits']);
    // British Summer Time: midnight in London is 23:00 UTC.
    expect(code.expiresAt).toBe('2099-03-31T23:00:00.000Z');
    expect(londonDate(lastDayOfAccess(code.expiresAt ?? ''))).toBe('2099-03-31');
  });

  it('ends a winter day at midnight GMT', () => {
    const parsed = accessCodeSchema.parse({ ...valid, lastDay: '2099-12-24' });
    expect(toNewAccessCode(parsed).expiresAt).toBe('2099-12-25T00:00:00.000Z');
  });

  it('ends the day before the clocks change by the clock that day shows', () => {
    // Clocks go forward at 01:00 on Sunday 29 March 2099 and back at 02:00 on 25 October.
    const spring = accessCodeSchema.parse({ ...valid, lastDay: '2099-03-28' });
    expect(toNewAccessCode(spring).expiresAt).toBe('2099-03-29T00:00:00.000Z');
    const autumn = accessCodeSchema.parse({ ...valid, lastDay: '2099-10-24' });
    expect(toNewAccessCode(autumn).expiresAt).toBe('2099-10-24T23:00:00.000Z');
  });

  it("reads today's date in London, not in the browser's zone", () => {
    expect(londonDate(new Date('2099-06-30T23:30:00Z'))).toBe('2099-07-01');
    expect(londonDate(new Date('2099-12-31T23:30:00Z'))).toBe('2099-12-31');
  });

  it.each([
    [{ organisationId: '' }, 'Choose an organisation'],
    [{ lastDay: '2000-01-01' }, 'Choose today or a later day'],
    [{ seatLimit: '0' }, 'Seat limit must be a whole number from 1 to 100000'],
    [{ seatLimit: '2.5' }, 'Seat limit must be a whole number from 1 to 100000'],
    [{ seatLimit: '-3' }, 'Seat limit must be a whole number from 1 to 100000'],
    [{ seatLimit: '100001' }, 'Seat limit must be a whole number from 1 to 100000'],
  ])('refuses %j: %s', (values, message) => {
    expect(messages(values)).toEqual([message]);
  });

  it('takes today as the last day', () => {
    expect(messages({ lastDay: londonDate() })).toEqual([]);
  });
});

describe('the LRS client form', () => {
  const validClient = { name: 'Player host', scopes: ['statements/write'] };

  function clientMessages(values: Partial<Record<keyof typeof validClient, unknown>>) {
    const result = lrsClientSchema.safeParse({ ...validClient, ...values });
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  }

  it("sends the trimmed name and the ticked scopes in xAPI's order", () => {
    const parsed = lrsClientSchema.parse({
      name: '  Moodle at North Clinic ',
      scopes: ['all/read', 'statements/write', 'state'],
    });
    expect(toNewLrsClient(parsed)).toEqual({
      name: 'Moodle at North Clinic',
      scopes: ['statements/write', 'state', 'all/read'],
    });
  });

  it('takes 2 to 200 characters, counted as the database counts them', () => {
    expect(clientMessages({ name: 'ab' })).toEqual([]);
    expect(clientMessages({ name: 'x'.repeat(200) })).toEqual([]);
    // 200 characters that JavaScript counts as 400 code units.
    expect(clientMessages({ name: '\u{1F3E5}'.repeat(200) })).toEqual([]);
  });

  it.each([
    [{ name: ' a ' }, 'Name must be at least 2 characters'],
    [{ name: 'x'.repeat(201) }, 'Name must be 200 characters or fewer'],
    [{ name: 'Player\thost' }, 'Name cannot contain tabs, line breaks or other control characters'],
    [
      { name: 'Player\u0085host' },
      'Name cannot contain tabs, line breaks or other control characters',
    ],
    [{ scopes: [] }, 'Choose at least one scope'],
  ])('refuses %j: %s', (values, message) => {
    expect(clientMessages(values)).toEqual([message]);
  });

  it('refuses a scope xAPI does not name', () => {
    expect(clientMessages({ scopes: ['statements/delete'] })).toHaveLength(1);
  });
});
