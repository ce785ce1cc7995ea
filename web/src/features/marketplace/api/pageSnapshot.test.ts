import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_DATA_ID, resetPageSnapshotForTests, takePageSnapshot } from './get-marketplace-data';
import { FIRST_SCREEN_SERVICES_ID, resetPageServicesForTests, takePageServices } from './search-services';
import { pageWithData } from '../../../test/pageData';

const pageWith = (lang: string, body: string) => pageWithData(FIRST_SCREEN_DATA_ID, lang, body);

const snapshot = JSON.stringify({ first_page: { services: [{ id: 'svc-1' }], total: 1, pages: 1 } });

describe('F-CAT-01 the page snapshot of a server-rendered marketplace (issue 33 item 4)', () => {
  afterEach(() => resetPageSnapshotForTests());

  it('is taken once, as the data of the first load', () => {
    const doc = pageWith('en', snapshot);
    expect(takePageSnapshot(doc)).toMatchObject({ first_page: { services: [{ id: 'svc-1' }] }, partial: false });
    expect(takePageSnapshot(doc)).toBeUndefined();
  });

  it('is not taken in another language than the app, nor when it does not parse', () => {
    expect(takePageSnapshot(pageWith('fr', snapshot))).toBeUndefined();
    resetPageSnapshotForTests();
    expect(takePageSnapshot(pageWith('en', '{not json'))).toBeUndefined();
    resetPageSnapshotForTests();
    expect(takePageSnapshot(document)).toBeUndefined();
  });
});

describe("F-CAT-01 the holdout arm's first page of a server-rendered marketplace (03§9)", () => {
  const holdout = { sort: 'ranked', page: 1, page_size: 50, ab: 'holdout' } as const;
  const cards = JSON.stringify({ services: [{ id: 'svc-new' }], total: 1, page: 1, page_size: 50, pages: 1, lang: 'en' });
  const servicesPage = (lang: string, body: string) => pageWithData(FIRST_SCREEN_SERVICES_ID, lang, body);
  afterEach(() => resetPageServicesForTests());

  it("is the data of the holdout default view's first load, once", () => {
    const doc = servicesPage('en', cards);
    // Another query (the ranked arm's, a filtered one) leaves it for the holdout's.
    expect(takePageServices({ ...holdout, ab: 'ranked' }, doc)).toBeUndefined();
    expect(takePageServices({ ...holdout, category: 'crm' }, doc)).toBeUndefined();
    expect(takePageServices(holdout, doc)).toMatchObject({ services: [{ id: 'svc-new' }] });
    expect(takePageServices(holdout, doc)).toBeUndefined();
  });

  it('is not taken in another language, nor when it does not parse', () => {
    expect(takePageServices(holdout, servicesPage('fr', cards))).toBeUndefined();
    resetPageServicesForTests();
    expect(takePageServices(holdout, servicesPage('en', '{"services": 3}'))).toBeUndefined();
    resetPageServicesForTests();
    expect(takePageServices(holdout, document)).toBeUndefined();
  });
});
