import { describe, expect, it } from 'vitest';
import { applyPageHead, renderPageHead } from './head';

const siteUrl = 'https://www.example.com';

describe('page head', () => {
  it('gives an indexable page its title, description, canonical link and Open Graph tags', () => {
    const head = renderPageHead(
      { title: 'About Us', description: 'Who we are & why.' },
      '/about',
      siteUrl,
    );
    expect(head).toContain('<title>About Us | Revolve</title>');
    expect(head).toContain('name="description" content="Who we are &amp; why."');
    expect(head).toContain('rel="canonical" href="https://www.example.com/about"');
    expect(head).toContain('property="og:url" content="https://www.example.com/about"');
    expect(head).toContain('property="og:title" content="About Us | Revolve"');
    expect(head).not.toContain('robots');
  });

  it('points an alias at its canonical page', () => {
    const head = renderPageHead(
      { title: 'Custom', description: 'd', canonicalPath: '/revolve-custom' },
      '/bespoke',
      siteUrl,
    );
    expect(head).toContain('rel="canonical" href="https://www.example.com/revolve-custom"');
  });

  it('keeps a noindex page out of search results, without a canonical link', () => {
    const head = renderPageHead(
      { title: 'Unlock Dementia', description: 'd', noindex: true },
      '/unlock/dementia',
      siteUrl,
    );
    expect(head).toContain('name="robots" content="noindex, nofollow"');
    expect(head).not.toContain('canonical');
  });

  it("replaces the previous page's tags after a client-side navigation", () => {
    applyPageHead({ title: 'First', description: 'one' }, '/first', siteUrl);
    applyPageHead({ title: 'Second', description: 'two', noindex: true }, '/second', siteUrl);
    expect(document.title).toBe('Second | Revolve');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'two',
    );
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
  });
});
