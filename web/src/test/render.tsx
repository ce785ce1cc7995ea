import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import { vi } from 'vitest';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/routes';
import { createQueryClient } from '../lib/queryClient';
import { SIGNED_IN_COOKIE } from '../lib/session';

/** Renders the real route table at a path, with a fresh query client, inside an awaited act. */
export async function renderApp(path: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  let utils!: RenderResult;
  await act(async () => {
    utils = render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  return { ...utils, router, queryClient };
}

/** Renders one screen inside a memory router, with a fresh query client, inside an awaited act. */
export async function renderScreen(ui: ReactNode) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  let utils!: RenderResult;
  await act(async () => {
    utils = render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>,
    );
  });
  return { ...utils, queryClient };
}

/** A JSON response, as the API sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A request the stubbed API saw; body is the parsed JSON (null when there is none). */
export interface ApiCall {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

/**
 * Marks the browser signed in (unless signedIn is false) and stubs fetch with answer: a Response
 * is sent as is, undefined is a 404 JSON error, anything else is a 200 JSON body. Returns the
 * requests seen, in order.
 */
export function serveApi(answer: (call: ApiCall, url: URL) => unknown, { signedIn = true } = {}): ApiCall[] {
  if (signedIn) document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init);
      const url = new URL(req.url);
      const text = req.method === 'GET' ? '' : await req.clone().text();
      const call: ApiCall = { method: req.method, path: url.pathname, search: url.search, body: text ? (JSON.parse(text) as unknown) : null };
      calls.push(call);
      const body = answer(call, url);
      if (body instanceof Response) return body;
      if (body === undefined) return jsonResponse({ code: 'not_found', message: 'not found' }, 404);
      return jsonResponse(body);
    }),
  );
  return calls;
}

/** A fetch stub answering by path; unknown paths get a 404 JSON error. */
export function stubFetch(answers: Record<string, { status?: number; body: unknown }>) {
  return async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const a = answers[url.pathname];
    if (!a) {
      return new Response(JSON.stringify({ code: 'not_found', message: 'not found' }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return new Response(JSON.stringify(a.body), {
      status: a.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
}

export const DEFAULT_CONFIG = {
  auto_heal_enabled: false,
  maintenance_mode: false,
  maintenance_message: 'The application is currently under maintenance. Please check back soon.',
  min_build_version: '1.0.0',
  force_cache_bust_after: null,
  marketplace_enabled: true,
  security_monitoring_global: false,
  top_deals_enabled: true,
  facilitator_checkout_enabled: false,
  faq_remote_enabled: false,
  usd_to_cad_rate_e4: 13800,
  updated_at: '2026-11-22T10:00:00Z',
};
