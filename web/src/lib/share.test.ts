import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText, emailHref, serviceSlug, shareLink, shareText, slugify, slugServiceId, smsHref, truncate } from './share';

describe('F-CAT-07 share link and text (02§2, 02§3)', () => {
  it('builds the share link to the service page (issue 33) with utm parameters and the referrer', () => {
    const link = shareLink('https://circle.example', { id: 'svc-1', title: 'Café-Style Open House Kits' }, 'usr-9');
    const u = new URL(link);
    expect(u.pathname).toBe('/services/cafe-style-open-house-kits--svc-1');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      utm_source: 'cafe-style-open-house-kits',
      utm_medium: 'share',
      utm_campaign: 'deal_share',
      ref: 'usr-9',
    });
    expect(link).toBe(
      'https://circle.example/services/cafe-style-open-house-kits--svc-1?utm_source=cafe-style-open-house-kits&utm_medium=share&utm_campaign=deal_share&ref=usr-9',
    );
    expect(new URL(shareLink('https://c.example', { id: 'x', title: 'A' })).searchParams.has('ref')).toBe(false);
  });

  it('names the service in its page slug as the server does (internal/catalog/pageslug_test.go)', () => {
    expect(serviceSlug({ id: 'svc-listingloop-hdr-photos', title: 'HDR Listing Photography' })).toBe('hdr-listing-photography--svc-listingloop-hdr-photos');
    expect(serviceSlug({ id: 'abc', title: 'Café-Style  Open House Kits!' })).toBe('cafe-style-open-house-kits--abc');
    expect(serviceSlug({ id: 'x--y', title: '日本' })).toBe('service--x--y');
    expect(serviceSlug({ id: '-lead', title: 'Title' })).toBe('title---lead');
    for (const [id, title] of [['x--y', '日本'], ['-lead', 'Title'], ['svc-1', 'A'.repeat(79) + ' b']] as const) {
      expect(slugServiceId(serviceSlug({ id, title }))).toBe(id);
    }
  });

  it('slugifies titles', () => {
    expect(slugify('Señalización Bilingüe: Bilingual Open House Signs')).toBe('senalizacion-bilingue-bilingual-open-house-signs');
    expect(slugify('  3D Tours & Floor Plans!! ')).toBe('3d-tours-floor-plans');
  });

  it('truncates the description to 100 characters', () => {
    expect(truncate('short')).toBe('short');
    const long = 'x'.repeat(150);
    expect(truncate(long)).toBe(`${'x'.repeat(100)}…`);
    expect(shareText('T', long, 'L')).toBe(`T: ${'x'.repeat(100)}… L`);
  });

  it('encodes the SMS and e-mail links', () => {
    expect(smsHref('a b&c')).toBe('sms:?&body=a%20b%26c');
    expect(emailHref('Hi there', 'x?y')).toBe('mailto:?subject=Hi%20there&body=x%3Fy');
  });
});

describe('F-CAT-07 copy link', () => {
  afterEach(() => {
    Reflect.deleteProperty(document, 'execCommand');
  });

  it('falls back to a text area and execCommand when the Clipboard API is missing', async () => {
    const exec = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    await expect(copyText('https://x')).resolves.toBe(true);
    expect(exec).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
  });
});
