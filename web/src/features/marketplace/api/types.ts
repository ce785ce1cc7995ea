import type { components } from '../../../lib/api/schema';

type Schemas = components['schemas'];
export type ServiceCard = Schemas['Card'];
export type ServicePage = Schemas['Page'];
export type VendorCard = Schemas['VendorCard'];
export type BlockCount = Schemas['BlockCount'];
export type ProductCount = Schemas['ProductCount'];
export type PriceRange = Schemas['PriceRange'];
export type CacheHealth = Schemas['CacheHealth'];
export type DisplayedPriceKind = Schemas['DisplayedPrice']['kind'];

/**
 * What the page paints from: the snapshot, or (when it cannot be read) the direct loads, which
 * have no category counts, Top Deals or price range (partial).
 */
export type MarketplaceData = Schemas['Snapshot'] & { partial: boolean };
