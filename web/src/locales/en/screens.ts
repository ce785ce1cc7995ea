import { byArea, type Tree } from '../tree';

/**
 * The English words of the screens behind a click, loaded before such a screen renders
 * (lib/i18n.ts loadScreenWords; app/Screen.tsx waits for them). The list is index.ts's
 * exclusions: a file in neither is a test failure (locales/i18n.test.ts).
 */
export default byArea(
  import.meta.glob<Tree>(
    [
      './academy.json',
      './adminTools.json',
      './adminCatalog.json',
      './consultDemo.json',
      './adminNotFound.json',
      './formRules.json',
      './partnerPay.json',
      './richText.json',
      './uploads.json',
      './vendorAnalytics.json',
      './vendorCopay.json',
      './vendorFunnel.json',
      './vendorOverview.json',
      './vendorProfile.json',
      './vendorRegistration.json',
      './vendorServices.json',
    ],
    { eager: true, import: 'default' },
  ),
);
