// RFC 9116's requirements of the file: fields as "Name: value" lines, Contact at least once as a
// URI, Expires exactly once as an RFC 3339 date-time in the future (and under a year ahead, as the
// RFC recommends), Canonical and Policy as https URIs.
import { describe, expect, it } from 'vitest';
import { securityTxt } from './securityTxt';

const now = new Date('2026-11-28T12:00:00Z');
const file = securityTxt({
  securityEmail: 'security@revolve.example',
  siteUrl: 'https://www.example.co.uk',
  now,
});
const fields = file
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => {
    const match = /^([A-Za-z-]+): (.+)$/.exec(line);
    if (!match) throw new Error(`Not a field: ${line}`);
    return [match[1] ?? '', match[2] ?? ''] as const;
  });
const values = (name: string) => fields.filter(([field]) => field === name).map(([, v]) => v);

describe('security.txt', () => {
  it('names a contact URI', () => {
    expect(values('Contact')).toEqual(['mailto:security@revolve.example']);
  });

  it('expires once, in the future and less than a year after the build', () => {
    const [expires, ...more] = values('Expires');
    expect(more).toEqual([]);
    expect(expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const at = Date.parse(expires ?? '');
    expect(at).toBeGreaterThan(now.getTime());
    expect(at - now.getTime()).toBeLessThan(365 * 24 * 60 * 60 * 1000);
  });

  it('gives its canonical address and the disclosure policy on the site, over https', () => {
    expect(values('Canonical')).toEqual(['https://www.example.co.uk/.well-known/security.txt']);
    expect(values('Policy')).toEqual(['https://www.example.co.uk/trust#vulnerability-disclosure']);
    expect(values('Preferred-Languages')).toEqual(['en']);
  });

  it('ends every line with a line break', () => {
    expect(file.endsWith('\n')).toBe(true);
  });
});
