import type { components } from '../../lib/api/schema';
import type { PurchaseRequest } from '../../lib/purchase';
import type { Money } from './api';
import type { ChoicePrices } from './rules';

type Card = components['schemas']['Card'];
type Package = components['schemas']['Package'];

/** The sales-page dialog's default tiers by name (02§9): the service at one of its prices. */
const SALES_TIERS: Record<string, string> = { standard: 'retail', 'circle pro': 'pro', 'co-pay': 'copay' };

/** What a purchase request buys, with the prices its dialogs offer (US cents). */
export interface Offer extends ChoicePrices {
  serviceId: string;
  packageId?: string;
  yearly?: boolean;
  /** Priced after a consultation: added without a price and held back from payment. */
  quote: boolean;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Resolves a purchase request against the service's current prices: the package named in the
 * request (by name or id), else a sales-page tier, else the service itself. A shown price equal to
 * a package's yearly price picks the yearly period.
 */
export function offerFor(request: PurchaseRequest, service: Card, packages: readonly Package[]): Offer {
  const base: Offer = {
    serviceId: service.id,
    retailCents: service.retail_price_cents,
    proCents: service.pro_price_cents,
    copayAllowed: service.copay_allowed,
    quote: service.requires_quote,
  };
  const name = request.packageName?.trim();
  if (!name) return base;
  const pkg = packages.find((p) => same(p.name, name) || p.id === name);
  if (pkg) {
    const yearly =
      request.shownPriceCents !== undefined &&
      pkg.yearly_price_cents !== null &&
      request.shownPriceCents === pkg.yearly_price_cents &&
      request.shownPriceCents !== pkg.price_cents;
    return {
      serviceId: service.id,
      packageId: pkg.id,
      yearly: yearly || undefined,
      retailCents: yearly ? pkg.yearly_price_cents : pkg.price_cents,
      proCents: yearly ? null : pkg.pro_price_cents,
      copayAllowed: service.copay_allowed,
      quote: pkg.request_pricing || (pkg.price_cents === null && pkg.yearly_price_cents === null),
    };
  }
  const tier = SALES_TIERS[name.toLowerCase()];
  return tier ? { ...base, packageId: tier } : base;
}

/** A server Money for display: "≈" marks an amount converted at the admin-set rate (CAD). */
export function moneyText(m: Pick<Money, 'display' | 'approximate'> | null | undefined): string {
  if (!m) return '';
  return m.approximate && !m.display.startsWith('≈') ? `≈ ${m.display}` : m.display;
}

