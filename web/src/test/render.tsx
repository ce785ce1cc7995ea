import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/routes';
import { createQueryClient } from '../lib/queryClient';

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
