import { byArea, type Tree } from '../tree';

/**
 * English words bundled with the app: the marketplace, the details, the header, the cart, help,
 * sign-in, every screen's title and everything else a first visit can show. The screens' words
 * (../screenAreas.ts, left out here: a glob takes only literal patterns) are a chunk of their own.
 */
export default byArea(
  import.meta.glob<Tree>(
    [
      './*.json',
      '!./ministry.json',
      '!./lender.json',
      '!./integrations.json',
      '!./desk.json',
      '!./creators.json',
      '!./affiliates.json',
      '!./admin.json',
      '!./accounting.json',
      '!./academy.json',
      '!./adminTools.json',
      '!./adminCatalog.json',
      '!./consultDemo.json',
      '!./adminNotFound.json',
      '!./formRules.json',
      '!./partnerPay.json',
      '!./richText.json',
      '!./uploads.json',
      '!./vendorAnalytics.json',
      '!./vendorCopay.json',
      '!./vendorFunnel.json',
      '!./vendorOverview.json',
      '!./vendorProfile.json',
      '!./vendorRegistration.json',
      '!./vendorServices.json',
    ],
    { eager: true, import: 'default' },
  ),
);
