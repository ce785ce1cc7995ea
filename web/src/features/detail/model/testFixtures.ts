import type { Package } from './types';

/** A monthly $100 package with nothing special, with fields overridden. */
export const packageOf = (over: Partial<Package> = {}): Package => ({
  id: 'p',
  name: 'P',
  description: '',
  price_cents: 10000,
  original_price_cents: null,
  pro_price_cents: null,
  co_pay_price_cents: null,
  yearly_price_cents: null,
  yearly_original_price_cents: null,
  duration: 'monthly',
  price_suffix: '/mo',
  features: [],
  popular: false,
  pro_only: false,
  request_pricing: false,
  savings_percent: 0,
  default: false,
  sort_order: 1,
  ...over,
});
