import { byArea, type Tree } from '../tree';

/**
 * English words bundled with the app: the marketplace, the details, the header, the cart, help,
 * sign-in and everything else a first visit can show. The screens behind a click (back office,
 * vendor and creator areas, billing...) have theirs in ./screens, a chunk of its own
 * (SCREEN_AREAS), so the marketplace's JavaScript does not carry them (budget: 250 KB).
 */
export default byArea(
  import.meta.glob<Tree>(
    [
      './*.json',
      '!./admin.json',
      '!./accounting.json',
      '!./billing.json',
      '!./creators.json',
      '!./desk.json',
      '!./formRules.json',
      '!./health.json',
      '!./integrations.json',
      '!./lender.json',
      '!./ministry.json',
      '!./outbox.json',
      '!./spikes.json',
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
