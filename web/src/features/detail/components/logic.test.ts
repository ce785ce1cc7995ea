import { describe, expect, it } from 'vitest';
import type { Package, Review, ServiceDetail } from '../model/types';
import { packageOf } from '../model/testFixtures';
import { applyReviewChange } from '../api/reviews';
import { guessedWebsite, helpMail, salesPackages, SUPPORT_EMAIL } from './SalesDialog';

const review = (id: string, over: Partial<Review> = {}): Review => ({
  id,
  service_id: 's',
  user_id: 'u',
  rating: 4,
  review: null,
  review_source: 'agent',
  verified: false,
  source_url: '',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  own: false,
  author: { display_name: 'A', avatar_url: '', is_pro_member: false, anonymous: false },
  ...over,
});

const tier = (id: string, price: number | null): Package => packageOf({ id, name: id, price_cents: price, duration: '', default: true });

const detail = (over: Partial<ServiceDetail>): ServiceDetail => over as ServiceDetail;

describe('F-CAT-11 review changes update the cached detail', () => {
  const base = detail({
    reviews: { average_rating: 4, total_reviews: 1, reviews: [review('a')] },
    viewer: { signed_in: true, is_pro: false, is_admin: false, is_owner: false, saved: false, saved_notes: '', review_id: null },
  });
  it('a new review goes first, with the new average, count and the viewer review id', () => {
    const next = applyReviewChange(base, { service_id: 's', review: review('b', { own: true, rating: 2 }), average_rating: 3, total_reviews: 2 });
    expect(next.reviews.reviews!.map((r) => r.id)).toEqual(['b', 'a']);
    expect(next.reviews).toMatchObject({ average_rating: 3, total_reviews: 2 });
    expect(next.viewer.review_id).toBe('b');
  });
  it('an edit replaces in place; a delete removes and clears the viewer review id', () => {
    const withOwn = applyReviewChange(base, { service_id: 's', review: review('b', { own: true }), average_rating: 4, total_reviews: 2 });
    const edited = applyReviewChange(withOwn, { service_id: 's', review: review('b', { own: true, rating: 5 }), average_rating: 4.5, total_reviews: 2 });
    expect(edited.reviews.reviews!.find((r) => r.id === 'b')!.rating).toBe(5);
    expect(edited.reviews.reviews).toHaveLength(2);
    const deleted = applyReviewChange(edited, { service_id: 's', average_rating: 4, total_reviews: 1 }, 'b');
    expect(deleted.reviews.reviews!.map((r) => r.id)).toEqual(['a']);
    expect(deleted.viewer.review_id).toBeNull();
  });
});

describe('F-CAT-09 sales-page rules (02§5)', () => {
  it('default tiers appear only with a price; content packages replace them; 3 cards at most', () => {
    const d = (uses: boolean) =>
      detail({
        packages: [tier('p1', 100), tier('p2', 200), tier('p3', 300), tier('p4', 400)],
        sales_page: { uses_packages: uses, show_vendor_rating: false, tiers: [tier('retail', 1000), tier('pro', 0), tier('copay', null)] },
      });
    expect(salesPackages(d(false)).map((p) => p.id)).toEqual(['retail']);
    expect(salesPackages(d(true)).map((p) => p.id)).toEqual(['p1', 'p2', 'p3']);
  });
  it('guesses a vendor website from its name', () => {
    expect(guessedWebsite('Café Listing Co.')).toBe('https://www.cafelistingco.com');
    expect(guessedWebsite('  ')).toBe('');
  });
  it('the help card e-mails the vendor about the service, else Circle support', () => {
    expect(helpMail('team@nestflow.example', 'CRM & Leads')).toBe('mailto:team@nestflow.example?subject=CRM%20%26%20Leads');
    expect(helpMail(undefined, 'Yard Signs')).toBe(`mailto:${SUPPORT_EMAIL}?subject=Yard%20Signs`);
    expect(helpMail('', 'Yard Signs')).toBe(`mailto:${SUPPORT_EMAIL}?subject=Yard%20Signs`);
  });
});
