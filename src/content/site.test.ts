import { describe, expect, it } from 'vitest';
import { site, sitePlaceholders } from './site';

const listed = sitePlaceholders.map((placeholder) => placeholder.value);

describe('the placeholders in the company details', () => {
  it('list the contact e-mail, the social links and every video id', () => {
    expect(listed).toContain('hello@revolve.example');
    for (const { href } of site.social) expect(listed).toContain(href);
    for (const { id } of Object.values(site.videos)) expect(listed).toContain(id);
  });

  it('are each a value the company details hold, listed once, with what should replace it', () => {
    const details = JSON.stringify(site);
    for (const { value, missing } of sitePlaceholders) {
      expect(details).toContain(JSON.stringify(value));
      expect(missing).not.toBe('');
    }
    expect(new Set(listed).size).toBe(listed.length);
  });
});
