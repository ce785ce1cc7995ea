import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_DATA_ID, resetPageSnapshotForTests, takePageSnapshot } from './get-marketplace-data';
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
