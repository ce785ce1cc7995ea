import { vi } from 'vitest';
import { DEFAULT_CONFIG } from './render';
import type { ResponseBody } from '../lib/api/client';
import type { components } from '../lib/api/schema';

type CartView = ResponseBody<'/api/cart', 'get'>;
type CartLine = components['schemas']['CartItemView'];
type PurchaseOffer = components['schemas']['PurchaseOffer'];

/** A request the fake server saw. */
export interface SeenRequest {
  method: string;
  path: string;
  /** The query string ("?a=1", or ""). */
  search: string;
  body: unknown;
}

/** An answer, undefined for the default one, or PENDING for a request that never answers. */
type Handler = (req: SeenRequest) => { status?: number; body: unknown } | typeof PENDING | undefined;

/** A handler's answer that keeps the request waiting: a screen's loading state stays up. */
export const PENDING = Symbol('pending');

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const AGENT_PROFILE = {
  user_id: 'usr-1',
  email: 'agent@example.test',
  display_name: 'Jordan',
  state: 'TX',
  is_admin_effective: false,
  is_pro_effective: false,
  vendor_enabled: false,
  is_creator: false,
  is_staff: false,
};

/** A US-dollar amount as the API sends it (Money), its display in whole dollars. */
export const money = (cents: number) => ({ cents, currency: 'USD' as const, usd_cents: cents, display: `$${Math.round(cents / 100).toLocaleString('en-US')}`, approximate: false });

/** What checkout does with a line, as the server decides it (cart.CheckoutAction). */
function checkoutOf(l: Omit<CartLine, 'checkout'>): CartLine['checkout'] {
  if (l.requires_consultation) return l.consultation_booked ? 'release' : 'hold_consultation';
  if (!l.available || !l.coverage) return 'blocked';
  return l.coverage_status === 'pending-vendor-approval' ? 'hold_copay' : 'pay';
}

/** A cart line as GET /api/cart shows it. */
export function line(over: Partial<CartLine> = {}): CartLine {
  const l: Omit<CartLine, 'checkout'> = {
    id: 'line-1',
    type: 'service',
    service_id: 'svc-1',
    package_id: '',
    package_name: '',
    title: 'NestFlow CRM',
    description: '',
    vendor: 'NestFlow',
    image_url: '',
    quantity: 1,
    quantity_editable: true,
    subscription: false,
    yearly: false,
    price_suffix: '/mo',
    price_kind: 'retail',
    coverage: 'retail',
    coverage_status: 'approved',
    coverage_options: [
      { coverage: 'retail', unit_price: money(12900), available: true },
      { coverage: 'pro', unit_price: money(9900), available: false, locked_reason: 'pro_only' },
    ],
    unit_price: money(12900),
    line_total: money(12900),
    points_used: 0,
    points_share: null,
    points_limit: null,
    retail_unit_price: money(12900),
    savings_percent: 0,
    requires_quote: false,
    requires_consultation: false,
    consultation_booked: false,
    available: true,
    badges: [],
    added_at: '2026-11-22T10:00:00Z',
    ...over,
  };
  return { ...l, checkout: over.checkout ?? checkoutOf(l) };
}

/** A whole cart with totals, as the server computes them. */
export function cartOf(items: CartLine[], event?: CartView['event']): CartView {
  const payable = items.filter((i) => i.checkout === 'pay');
  return {
    items,
    item_count: items.reduce((n, i) => n + i.quantity, 0),
    line_count: items.length,
    subtotal: money(payable.reduce((n, i) => n + i.line_total.cents, 0)),
    pending_coverage_count: items.filter((i) => !i.coverage && !i.requires_consultation).length,
    consultation_count: items.filter((i) => i.requires_consultation && !i.consultation_booked).length,
    consultation_booked_count: items.filter((i) => i.requires_consultation && i.consultation_booked).length,
    pending_approval_count: items.filter((i) => i.checkout === 'hold_copay').length,
    payable_count: items.filter((i) => i.checkout === 'pay' || i.checkout === 'release').length,
    ready_for_checkout: items.length > 0,
    currency: 'USD',
    usd_to_cad_rate_e4: 13800,
    tax_note: 'No tax is calculated.',
    ...(event ? { event } : {}),
  };
}

/** The service's own offer as the server resolves it for a non-Pro agent (GET /api/services/{id}). */
export function serviceOffer(retail: number | null = 12900, pro: number | null = 9900): PurchaseOffer {
  return {
    service_id: 'svc-1',
    package_id: '',
    request_names: [''],
    yearly: false,
    quote: false,
    retail_price_cents: retail,
    pro_price_cents: pro,
    default_coverage: retail ? 'retail' : '',
    coverage_options: [
      retail ? { coverage: 'retail', price_cents: retail, price: money(retail), points_needed: 0, eligible: true } : { coverage: 'retail', price_cents: retail, price: null, points_needed: 0, eligible: false, locked_reason: 'no_price' },
      ...(pro ? [{ coverage: 'pro' as const, price_cents: pro, price: money(pro), points_needed: 0, eligible: false, locked_reason: 'pro_only' as const }] : []),
      { coverage: 'points', price_cents: retail, price: retail ? money(retail) : null, points_needed: retail ? Math.ceil(retail / 100) : 0, eligible: false, locked_reason: 'pro_only' },
    ],
  };
}

/** The light offers answer of the purchase dialogs (GET /api/services/{id}/offers). */
export const SERVICE_OFFERS = { service_id: 'svc-1', offers: [serviceOffer()] };

/** A detail answer (GET /api/services/{id}) as the detail page caches it. */
export const SERVICE_DETAIL = {
  service: { id: 'svc-1', title: 'NestFlow CRM', retail_price_cents: 12900, pro_price_cents: 9900, copay_allowed: false, requires_quote: false },
  packages: [],
  offers: [serviceOffer()],
};

/**
 * Stubs fetch with a fake API: the session (signed in or not), the config, then the handlers by
 * "METHOD /path"; everything else answers 404. Returns the requests seen.
 */
export function fakeServer(signedIn: boolean, handlers: Record<string, Handler> = {}): SeenRequest[] {
  const seen: SeenRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const req = input instanceof Request ? input : new Request(String(input));
      const url = new URL(req.url, window.location.origin);
      const text = req.method === 'GET' ? '' : await req.text();
      const s: SeenRequest = { method: req.method, path: url.pathname, search: url.search, body: text ? (JSON.parse(text) as unknown) : undefined };
      seen.push(s);
      const h = handlers[`${req.method} ${url.pathname}`];
      const answer = h?.(s);
      if (answer === PENDING) return new Promise<Response>(() => {});
      if (answer) return json(answer.body, answer.status);
      if (url.pathname === '/api/config') return json(DEFAULT_CONFIG);
      if (url.pathname === '/api/auth/session') {
        return signedIn ? json({ profile: AGENT_PROFILE, session: {} }) : json({ code: 'unauthenticated', message: 'sign in' }, 401);
      }
      if (url.pathname === '/api/orders') return json({ orders: [] });
      return json({ code: 'not_found', message: 'not found' }, 404);
    }),
  );
  return seen;
}
