/**
 * The services editor's form and its rules, the same as the server's (internal/catalogwrite,
 * 03§5 price rules in internal/pricing): the server checks again and names the field it refuses.
 */

export const PERIODS = ['one_time', 'monthly', 'yearly'] as const;
export type Period = (typeof PERIODS)[number];

export interface PackageForm {
  id: string;
  name: string;
  description: string;
  price: string;
  proPrice: string;
  yearlyPrice: string;
  features: string;
  popular: boolean;
}

export interface ServiceForm {
  title: string;
  titleEs: string;
  titleFr: string;
  description: string;
  categories: string[];
  retailPrice: string;
  proPrice: string;
  billingPeriod: Period;
  copayAllowed: boolean;
  splitLimit: string;
  packages: PackageForm[];
  /** The service's picture: an uploaded file's address ('' for none). */
  imageUrl: string;
}

/** The request body of create and update. */
export interface ServiceBody {
  title: string;
  title_es?: string;
  title_fr?: string;
  description: string;
  categories: string[];
  retail_price: string;
  pro_price?: string;
  billing_period: Period;
  copay_allowed?: boolean;
  split_limit?: number;
  /** The picture; always sent by the editor ('' removes it); absent keeps the service's. */
  image_url?: string;
  packages?: {
    id?: string;
    name: string;
    description?: string;
    price: string;
    pro_price?: string;
    yearly_price?: string;
    features?: string[];
    popular?: boolean;
  }[];
}

export const MAX_CATEGORIES = 3;
export const MAX_PACKAGES = 6;
const MAX_CENTS = 10_000_000;
const MAX_DISCOUNT = 95;

/** A price as typed, in cents, with the 03§5 rules: a message key when it is refused. */
export function parsePrice(text: string): { cents: number } | { error: string } {
  const t = text.trim();
  if (['free', '$0', '0', '0.00'].includes(t.toLowerCase())) return { error: 'vendorServices.errors.free' };
  const m = /(-|−)?\s*\$?\s*([0-9][0-9,]*)(\.([0-9]+))?/.exec(t);
  if (!m) return { error: 'vendorServices.errors.priceMissing' };
  if (m[1]) return { error: 'vendorServices.errors.priceNegative' };
  const whole = m[2]!;
  if (whole.includes(',') && !/^[0-9]{1,3}(,[0-9]{3})*$/.test(whole)) return { error: 'vendorServices.errors.priceFormat' };
  const frac = (m[4] ?? '').padEnd(2, '0');
  let cents = Number(whole.replace(/,/g, '')) * 100 + Number(frac.slice(0, 2));
  if (frac.length > 2 && Number(frac[2]) >= 5) cents += 1;
  if (cents === 0) return { error: 'vendorServices.errors.free' };
  if (cents > MAX_CENTS) return { error: 'vendorServices.errors.priceTooHigh' };
  return { cents };
}

/** A high price needs an administrator's approval (a warning, 03§5). */
export function isHighPrice(text: string): boolean {
  const p = parsePrice(text);
  return 'cents' in p && p.cents > 1_000_000;
}

function checkPro(errors: Record<string, string>, field: string, pro: string, retail: string) {
  if (pro.trim() === '') return;
  const p = parsePrice(pro);
  if ('error' in p) {
    errors[field] = p.error;
    return;
  }
  const r = parsePrice(retail);
  if (!('cents' in r)) return;
  if (p.cents >= r.cents) errors[field] = 'vendorServices.errors.proAbove';
  else if (p.cents * 100 < r.cents * (100 - MAX_DISCOUNT)) errors[field] = 'vendorServices.errors.proDiscount';
}

/** Every refused field of the form, by the server's field name, with a message key. */
export function checkService(f: ServiceForm, splitCap: number): Record<string, string> {
  const errors: Record<string, string> = {};
  const title = f.title.trim().length;
  if (title < 3 || title > 200) errors.title = 'vendorServices.errors.title';
  const desc = f.description.trim().length;
  if (desc < 10 || desc > 5000) errors.description = 'vendorServices.errors.description';
  if (f.categories.length < 1 || f.categories.length > MAX_CATEGORIES) errors.categories = 'vendorServices.errors.categories';
  const retail = parsePrice(f.retailPrice);
  if ('error' in retail) errors.retail_price = retail.error;
  checkPro(errors, 'pro_price', f.proPrice, f.retailPrice);
  const split = Number(f.splitLimit || '0');
  if (f.copayAllowed && (!Number.isInteger(split) || split < 1 || split > splitCap)) errors.split_limit = 'vendorServices.errors.split';
  if (f.packages.length > MAX_PACKAGES) errors.packages = 'vendorServices.errors.packages';
  if (f.packages.filter((p) => p.popular).length > 1) errors.packages = 'vendorServices.errors.popular';
  f.packages.forEach((p, i) => {
    const at = `packages[${i}].`;
    const name = p.name.trim().length;
    if (name < 1 || name > 100) errors[`${at}name`] = 'vendorServices.errors.packageName';
    const price = parsePrice(p.price);
    if ('error' in price) errors[`${at}price`] = price.error;
    checkPro(errors, `${at}pro_price`, p.proPrice, p.price);
    if (p.yearlyPrice.trim() !== '') {
      if (f.billingPeriod !== 'monthly') errors[`${at}yearly_price`] = 'vendorServices.errors.yearlyPeriod';
      else {
        const y = parsePrice(p.yearlyPrice);
        if ('error' in y) errors[`${at}yearly_price`] = y.error;
      }
    }
  });
  return errors;
}

/** The request body of a form. */
export function bodyOf(f: ServiceForm): ServiceBody {
  return {
    title: f.title.trim(),
    title_es: f.titleEs.trim() || undefined,
    title_fr: f.titleFr.trim() || undefined,
    description: f.description.trim(),
    categories: f.categories,
    retail_price: f.retailPrice.trim(),
    pro_price: f.proPrice.trim() || undefined,
    billing_period: f.billingPeriod,
    copay_allowed: f.copayAllowed || undefined,
    split_limit: f.copayAllowed ? Number(f.splitLimit || '0') : undefined,
    image_url: f.imageUrl.trim(),
    packages: f.packages.map((p) => ({
      id: p.id || undefined,
      name: p.name.trim(),
      description: p.description.trim() || undefined,
      price: p.price.trim(),
      pro_price: p.proPrice.trim() || undefined,
      yearly_price: p.yearlyPrice.trim() || undefined,
      features: p.features
        .split('\n')
        .map((x) => x.trim())
        .filter(Boolean),
      popular: p.popular || undefined,
    })),
  };
}

const dollars = (cents: number | null | undefined) => (cents == null ? '' : (cents / 100).toFixed(2).replace(/\.00$/, ''));

/** The form of a stored service (or an empty one). */
export function formOf(s?: {
  title: string;
  title_es: string;
  title_fr: string;
  description: string;
  categories: string[] | null;
  retail_price_cents?: number | null;
  pro_price_cents?: number | null;
  billing_period: string;
  copay_allowed: boolean;
  split_limit: number;
  image_url?: string;
  packages:
    | { id: string; name: string; description: string; price_cents?: number | null; pro_price_cents?: number | null; yearly_price_cents?: number | null; features: string[] | null; popular: boolean }[]
    | null;
}): ServiceForm {
  if (!s) {
    return { title: '', titleEs: '', titleFr: '', description: '', categories: [], retailPrice: '', proPrice: '', billingPeriod: 'monthly', copayAllowed: false, splitLimit: '', packages: [], imageUrl: '' };
  }
  return {
    title: s.title,
    titleEs: s.title_es,
    titleFr: s.title_fr,
    description: s.description,
    categories: s.categories ?? [],
    retailPrice: dollars(s.retail_price_cents),
    proPrice: dollars(s.pro_price_cents),
    billingPeriod: (PERIODS as readonly string[]).includes(s.billing_period) ? (s.billing_period as Period) : 'monthly',
    copayAllowed: s.copay_allowed,
    splitLimit: s.split_limit ? String(s.split_limit) : '',
    imageUrl: s.image_url ?? '',
    packages: (s.packages ?? []).map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      price: dollars(p.price_cents),
      proPrice: dollars(p.pro_price_cents),
      yearlyPrice: dollars(p.yearly_price_cents),
      features: (p.features ?? []).join('\n'),
      popular: p.popular,
    })),
  };
}

export function emptyPackage(): PackageForm {
  return { id: '', name: '', description: '', price: '', proPrice: '', yearlyPrice: '', features: '', popular: false };
}
