import { z } from 'zod';
import { fieldMessage } from '../../components/form/messages';
import { api, unwrap } from '../../lib/api/client';
import { useSendOnce } from '../../lib/queryClient';
import type { components } from '../../lib/api/schema';

/**
 * The Add New Product dialog's rules (03§5 Add Product), as the server checks them
 * (internal/catalogwrite CheckProduct); messages are i18n keys with the generic 03§5 wording.
 * The shared 03§5 rule table (issue 30 item 6) replaces the helpers below when it lands.
 */
const R = 'vendorServices.product.rules';
const required = fieldMessage(`${R}.required`);
const min = (n: number) => fieldMessage(`${R}.min`, { min: n });
const max = (n: number) => fieldMessage(`${R}.max`, { max: n });
const URL_RE = /^https?:\/\/\S+$/i;
export const PRICE_RE = /^[0-9]+(\.[0-9]{1,2})?$/;
export const PRICE_MAX = 100000;

const text = (lo: number, hi: number) =>
  z
    .string()
    .trim()
    .min(1, required)
    .refine((v) => v === '' || v.length >= lo, min(lo))
    .refine((v) => v.length <= hi, max(hi));

export const productSchema = z.object({
  title: text(2, 100),
  description: z.string().trim().min(1, required).max(1000, max(1000)),
  price: z
    .string()
    .trim()
    .min(1, required)
    .refine((v) => v === '' || PRICE_RE.test(v), fieldMessage(`${R}.format`))
    .refine((v) => !PRICE_RE.test(v) || Number(v) > 0, fieldMessage(`${R}.free`))
    .refine((v) => !PRICE_RE.test(v) || Number(v) <= PRICE_MAX, fieldMessage(`${R}.priceMax`)),
  category: z.string().min(1, required),
  image_url: z
    .string()
    .trim()
    .refine((v) => v === '' || (v.length <= 500 && URL_RE.test(v)), fieldMessage(`${R}.url`)),
  vendor_location: text(2, 100),
});

export type ProductValues = z.input<typeof productSchema>;
export type ProductBody = components['schemas']['ProductInput'];

/** Add a product (an inactive draft) for the caller's vendor; the services list refreshes. */
export function useAddProduct() {
  return useSendOnce((body: ProductBody) => unwrap(api.POST('/api/vendor/products', { body })), ['vendor-services']);
}
