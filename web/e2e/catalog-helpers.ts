/**
 * Helpers for specs that change a service through the vendor's catalogue API (the one write
 * path: PUT /api/vendor/services/{id} saves a draft, POST .../publish makes it live).
 */
import type { APIRequestContext } from '@playwright/test';
import { expect } from './support/fixtures';

interface VendorPackage {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  pro_price_cents: number | null;
  yearly_price_cents: number | null;
  features: string[] | null;
  popular: boolean;
}

/** A service as GET /api/vendor/services/{id} answers it (the fields its edit form sends back). */
export interface VendorService {
  title: string;
  title_es?: string;
  title_fr?: string;
  description: string;
  categories: string[];
  retail_price_cents: number;
  pro_price_cents: number | null;
  billing_period: string;
  copay_allowed: boolean;
  split_limit: number;
  packages: VendorPackage[] | null;
}

const dollars = (cents: number) => String(cents / 100);

/** The edit form's body for `service`, as the Services tab would send it unchanged. */
export function vendorServiceBody(service: VendorService): Record<string, unknown> {
  return {
    title: service.title,
    title_es: service.title_es || undefined,
    title_fr: service.title_fr || undefined,
    description: service.description,
    categories: service.categories,
    retail_price: dollars(service.retail_price_cents),
    pro_price: service.pro_price_cents ? dollars(service.pro_price_cents) : undefined,
    billing_period: service.billing_period,
    copay_allowed: service.copay_allowed || undefined,
    split_limit: service.copay_allowed ? service.split_limit : undefined,
    packages: (service.packages ?? []).map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description || undefined,
      price: dollars(p.price_cents),
      pro_price: p.pro_price_cents ? dollars(p.pro_price_cents) : undefined,
      yearly_price: p.yearly_price_cents ? dollars(p.yearly_price_cents) : undefined,
      features: p.features ?? [],
      popular: p.popular || undefined,
    })),
  };
}

/** Reads a service of the signed-in vendor. */
export async function vendorService(request: APIRequestContext, id: string): Promise<VendorService> {
  const res = await request.get(`/api/vendor/services/${id}`);
  expect(res.status(), `GET /api/vendor/services/${id}`).toBe(200);
  return (await res.json()) as VendorService;
}

/** Saves `body` as the service's draft and publishes it (the signed-in vendor's own service). */
export async function publishService(request: APIRequestContext, id: string, body: Record<string, unknown>): Promise<void> {
  expect((await request.put(`/api/vendor/services/${id}`, { data: body })).status(), `PUT /api/vendor/services/${id}`).toBe(200);
  expect((await request.post(`/api/vendor/services/${id}/publish`)).status(), `publish ${id}`).toBe(200);
}
