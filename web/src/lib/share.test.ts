import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText, emailHref, shareLink, shareText, slugify, smsHref, truncate } from './share';

describe('F-CAT-07 share link and text (02§2, 02§3)', () => {
  it('builds the share link with utm parameters and the referrer', () => {
    const link = shareLink('https://circle.example', { id: 'svc-1', title: 'Café-Style Open House Kits' }, 'usr-9');
    const u = new URL(link);
    expect(u.pathname).toBe('/marketplace');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      service: 'svc-1',
      view: 'funnel',
      utm_source: 'cafe-style-open-house-kits',
      utm_medium: 'share',
      utm_campaign: 'deal_share',
      ref: 'usr-9',
    });
    expect(link).toBe(
      'https://circle.example/marketplace?service=svc-1&view=funnel&utm_source=cafe-style-open-house-kits&utm_medium=share&utm_campaign=deal_share&ref=usr-9',
    );
    expect(new URL(shareLink('https://c.example', { id: 'x', title: 'A' })).searchParams.has('ref')).toBe(false);
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
