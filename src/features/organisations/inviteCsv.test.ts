import { describe, expect, it } from 'vitest';
import { parseInviteCsv } from './inviteCsv';

describe('parseInviteCsv', () => {
  it('reads each row under its header, trimmed, in any column order and case', () => {
    const text =
      'Name,EMAIL,Cohort\r\n' +
      'Sam Patel, sam@example.org ,Nurses 2026\r\n' +
      '"Smith, Jo",jo@example.org,\r\n' +
      ',ali@example.org,Reception\r\n';
    expect(parseInviteCsv(text)).toEqual({
      ok: true,
      people: [
        { email: 'sam@example.org', name: 'Sam Patel', cohort: 'Nurses 2026' },
        { email: 'jo@example.org', name: 'Smith, Jo' },
        { email: 'ali@example.org', cohort: 'Reception' },
      ],
    });
  });

  it('needs only the email column, and ignores columns it does not know', () => {
    expect(parseInviteCsv('email\nsam@example.org\n')).toEqual({
      ok: true,
      people: [{ email: 'sam@example.org' }],
    });
    expect(parseInviteCsv('E-mail address,Team\nsam@example.org,Blue\n')).toEqual({
      ok: true,
      people: [{ email: 'sam@example.org' }],
    });
  });

  it('refuses a file without an email column', () => {
    expect(parseInviteCsv('name,cohort\nSam Patel,Nurses\n')).toEqual({
      ok: false,
      error: { kind: 'noEmailColumn' },
    });
  });

  it('refuses more than 500 people, counting them, and takes exactly 500', () => {
    const rows = (count: number) =>
      ['email', ...Array.from({ length: count }, (_, index) => `p${index}@example.org`)].join('\n');
    expect(parseInviteCsv(rows(501))).toEqual({
      ok: false,
      error: { kind: 'tooMany', rows: 501 },
    });
    const fiveHundred = parseInviteCsv(rows(500));
    expect(fiveHundred.ok && fiveHundred.people).toHaveLength(500);
  });

  it("reads past a spreadsheet's byte order mark", () => {
    expect(parseInviteCsv('\uFEFFemail,name\nsam@example.org,Sam\n')).toEqual({
      ok: true,
      people: [{ email: 'sam@example.org', name: 'Sam' }],
    });
  });

  it('skips blank lines and rows of empty cells, and keeps a row with an empty address', () => {
    const text = 'email,name\n\nsam@example.org,Sam\n   \n,,\n,Nameless\n\n';
    expect(parseInviteCsv(text)).toEqual({
      ok: true,
      people: [
        { email: 'sam@example.org', name: 'Sam' },
        { email: '', name: 'Nameless' },
      ],
    });
  });

  it('says when the file has nobody in it, or cannot be read', () => {
    expect(parseInviteCsv('')).toEqual({ ok: false, error: { kind: 'empty' } });
    expect(parseInviteCsv('email\n\n')).toEqual({ ok: false, error: { kind: 'empty' } });
    expect(parseInviteCsv('email,name\n"sam@example.org,Sam\n')).toEqual({
      ok: false,
      error: { kind: 'unreadable' },
    });
  });
});
