import { describe, expect, it } from 'vitest';
import { fallback, sectionBody, type SectionSources } from './sections';

const src = (over: Partial<SectionSources> = {}): SectionSources => ({ faqs: [], heroDescription: '', description: '', ...over });
const faq = (id: string, title: string, content: string) => ({ id, title, content });

describe('F-CAT-08 FAQ section fallbacks (02§4)', () => {
  it('section 1: question-1, else the first FAQ, else hero description, else description, else the default sentence', () => {
    expect(fallback(1, src({ faqs: [faq('x', 'Other', 'first'), faq('question-1', 'Why', 'one')] }))).toEqual({ kind: 'text', text: 'one' });
    expect(fallback(1, src({ faqs: [faq('x', 'Other', 'first')], heroDescription: 'hero' }))).toEqual({ kind: 'text', text: 'first' });
    expect(fallback(1, src({ faqs: [faq('question-1', 'Why', '   ')], heroDescription: 'hero', description: 'd' }))).toEqual({ kind: 'text', text: 'hero' });
    expect(fallback(1, src({ description: 'desc' }))).toEqual({ kind: 'text', text: 'desc' });
    expect(fallback(1, src())).toEqual({ kind: 'message', key: 'detail.sections.why.default', params: {} });
  });
  it('sections 2-4: question-n, else an FAQ titled with roi / soon / included, else the default', () => {
    const faqs = [faq('a', 'What ROI can I expect?', 'roi text'), faq('b', 'How soon?', 'soon text'), faq('c', "What's included", 'inc text')];
    expect(fallback(2, src({ faqs }))).toEqual({ kind: 'text', text: 'roi text' });
    expect(fallback(3, src({ faqs }))).toEqual({ kind: 'text', text: 'soon text' });
    expect(fallback(4, src({ faqs }))).toEqual({ kind: 'text', text: 'inc text' });
    expect(fallback(2, src({ faqs: [...faqs, faq('question-2', 'x', 'q2')] }))).toEqual({ kind: 'text', text: 'q2' });
    expect(fallback(2, src())).toEqual({ kind: 'message', key: 'detail.sections.roi.unavailable', params: {} });
    expect(fallback(3, src())).toEqual({ kind: 'message', key: 'detail.sections.results.timeline', params: {} });
    expect(fallback(4, src({ faqs: [faq('z', 'Included', '')] }))).toEqual({ kind: 'message', key: 'detail.sections.included.coming_soon', params: {} });
  });
  it('section 5: question-5, else the default claim', () => {
    expect(fallback(5, src({ faqs: [faq('question-5', 'Proof', 'proof')] }))).toEqual({ kind: 'text', text: 'proof' });
    expect(fallback(5, src({ faqs: [faq('a', 'Proof', 'not picked by title')] }))).toEqual({ kind: 'message', key: 'detail.sections.proof.default', params: {} });
  });
  it("follows the server's answer: FAQ id, hero description, description, default key with params", () => {
    const s = src({ faqs: [faq('question-2', 'ROI', 'two')], heroDescription: 'hero', description: 'desc' });
    expect(sectionBody(2, { number: 2, source: 'faq', faq_id: 'question-2' }, s)).toEqual({ kind: 'text', text: 'two' });
    expect(sectionBody(1, { number: 1, source: 'hero_description' }, s)).toEqual({ kind: 'text', text: 'hero' });
    expect(sectionBody(1, { number: 1, source: 'description' }, s)).toEqual({ kind: 'text', text: 'desc' });
    expect(
      sectionBody(2, { number: 2, source: 'default', message_key: 'detail.sections.roi.verified_estimate', params: { roi_percent: '300', duration: '' } }, src()),
    ).toEqual({ kind: 'message', key: 'detail.sections.roi.verified_estimate', params: { roi_percent: '300', duration: '' } });
  });
  it('a stale or missing server answer falls back on the client chain', () => {
    expect(sectionBody(4, { number: 4, source: 'faq', faq_id: 'gone' }, src())).toEqual({
      kind: 'message',
      key: 'detail.sections.included.coming_soon',
      params: {},
    });
    expect(sectionBody(1, undefined, src({ description: 'desc' }))).toEqual({ kind: 'text', text: 'desc' });
  });
});
