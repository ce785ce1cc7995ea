import { describe, expect, it } from 'vitest';
import { checkRule, sanitizeText } from '../../lib/formRules';
import { CONTENT } from './testFixtures';
import { checkFunnel, contentOf, emptyPackage, emptyTestimonial, formOf, tabOf } from './model';


describe('F-ENG-07 the generated 03§5 rules on the client', () => {
  it('gives the field table messages as the server does', () => {
    expect(checkRule('', { kind: 'email' })).toEqual({ key: 'formRules.required', values: {} });
    expect(checkRule('a@b', { kind: 'email' })).toEqual({ key: 'formRules.email', values: {} });
    expect(checkRule('Abcdefgh', { kind: 'password' })).toEqual({ key: 'formRules.password.number', values: {} });
    expect(checkRule('Ab1', { kind: 'password' })).toEqual({ key: 'formRules.password.length', values: { n: 8 } });
    expect(checkRule('555 CALL', { kind: 'phone' })).toEqual({ key: 'formRules.phone', values: {} });
    expect(checkRule('example.com', { kind: 'url', optional: true })).toEqual({ key: 'formRules.url', values: {} });
    expect(checkRule('', { kind: 'url', optional: true })).toBeNull();
    expect(checkRule('12345-6789', { kind: 'zipCode' })).toBeNull();
    expect(checkRule('A', { kind: 'name' })).toEqual({ key: 'formRules.min', values: { n: 2 } });
    expect(checkRule('x'.repeat(1001), { kind: 'description' })).toEqual({ key: 'formRules.max', values: { n: 1000 } });
  });

  it('previews text as the server sanitiser leaves it', () => {
    expect(sanitizeText('Fast<script>alert(1)</script> closings')).toBe('Fast closings');
    expect(sanitizeText('<img src=x onerror=alert(1)>Keys')).toBe('Keys');
    expect(sanitizeText('<a href="javascript:alert(1)">Book</a> now onclick=x')).toBe('Book now x');
    expect(sanitizeText('&lt;script&gt;x()&lt;/script&gt;Kept')).toBe('Kept');
    expect(sanitizeText('3 < 5 & "fine"')).toBe('3 < 5 & "fine"');
  });
});

describe('F-ENG-05 funnel form', () => {
  it('round-trips the content, with five sections first and prices in dollars', () => {
    const f = formOf(CONTENT);
    expect(f.sections.map((s) => s.id)).toEqual(['question-1', 'question-2', 'question-3', 'question-4', 'question-5']);
    expect(f.sections[1]?.content).toBe('Agents close 2 more files a quarter.');
    expect(f.packages[0]?.price).toBe('299');
    expect(f.badges).toBe('Licensed, Insured');
    expect(f.media).toEqual([{ url: '/media/demo/a.jpg', kind: 'image', title: 'Desk' }]);
    const back = contentOf(f);
    expect(back.faqs?.map((q) => q.id)).toEqual(['question-1', 'question-2', 'question-3', 'question-4', 'question-5', 'extra']);
    expect(back.packages).toEqual(CONTENT.packages);
    expect(back.media).toEqual(CONTENT.media);
    expect(back.proofItWorks.vendorVerificationBadges).toEqual(['Licensed', 'Insured']);
    expect(checkFunnel(f)).toEqual({});
  });

  it('starts a package at $299 and a testimonial at 5 stars', () => {
    expect(emptyPackage().price).toBe('299');
    expect(emptyTestimonial().rating).toBe(5);
  });

  it('names wrong fields by the server paths, and the tab that holds them', () => {
    const f = formOf(CONTENT);
    f.headline = ' ';
    f.packages = [{ ...emptyPackage(), name: 'A', price: '0', popular: true }, { ...emptyPackage(), name: 'Bee', popular: true }];
    f.testimonials = [{ ...emptyTestimonial(), name: 'Dana', content: '', rating: 6 }];
    f.cta = { ...f.cta, email: 'nope' };
    f.urgencyEnabled = true;
    f.media = [{ url: 'ftp://x', kind: 'image', title: '' }];
    const p = checkFunnel(f);
    expect(Object.keys(p).sort()).toEqual([
      'callToAction.email',
      'headline',
      'media[0].url',
      'packages',
      'packages[0].name',
      'packages[0].priceCents',
      'proofItWorks.testimonials[0].content',
      'proofItWorks.testimonials[0].rating',
      'urgency.message',
    ]);
    expect(p.headline).toMatchObject({ key: 'formRules.required', label: 'vendorFunnel.fields.headline' });
    expect(tabOf('proofItWorks.testimonials[0].rating')).toBe('proof');
    expect(tabOf('trustIndicators.guarantee')).toBe('cta');
    expect(tabOf('faqs[2].content')).toBe('hero');
  });
});
