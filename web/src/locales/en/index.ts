import { byArea, type Tree } from '../tree';

/**
 * English words bundled with the app: the marketplace, the details, the header, the cart, help,
 * sign-in, every screen's title and everything else a first visit can show. The vendor
 * dashboard's tabs and forms have theirs in ./screens, a chunk of its own, so the marketplace's
 * JavaScript does not carry them (budget: 250 KB); no route title may move there (a screen
 * names itself in its error panel when that chunk cannot be downloaded).
 */
export default byArea(
  import.meta.glob<Tree>(
    [
      './*.json',
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
