import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/queryClient';
import { SIGNED_IN_COOKIE, useViewer } from '../../lib/session';
import { DEFAULT_CONFIG, renderApp, stubFetch } from '../../test/render';
import { sessionAnswer } from '../../test/session';
import { GoalsButton } from './GoalsButton';
import { checkGoals, percent } from './GoalsPage';

const FORM = { year: 2026, gci: '150,000', transactions: '24', leadSources: ['sphere'], gciToDate: '', transactionsToDate: '' };

describe('F-AREA-06 goal assessment rules', () => {
  it('turns dollars into cents, blanks into zero, and names every bad field', () => {
    expect(checkGoals(FORM)).toEqual({
      body: { year: 2026, gci_goal_cents: 15_000_000, transactions_goal: 24, lead_sources: ['sphere'], gci_to_date_cents: 0, transactions_to_date: 0 },
    });
    expect(checkGoals({ ...FORM, gci: '0', transactions: '0', leadSources: [], gciToDate: '-5', transactionsToDate: 'x' })).toEqual({
      errors: {
        gci: 'assessments.goals.errors.gci',
        transactions: 'assessments.goals.errors.transactions',
        leadSources: 'assessments.goals.errors.leadSource',
        gciToDate: 'assessments.goals.errors.toDate',
        transactionsToDate: 'assessments.goals.errors.toDate',
      },
    });
  });

  it('progress is a whole percent capped at 100', () => {
    expect(percent(32_500_00, 150_000_00)).toBe(22);
    expect(percent(200, 100)).toBe(100);
    expect(percent(5, 0)).toBe(0);
  });
});

/** Says when the session has been read, so an absence is asserted on the settled header. */
function ViewerStatus() {
  return <output data-testid="viewer-status">{useViewer().status}</output>;
}

function renderButton(profile: Parameters<typeof sessionAnswer>[0]) {
  document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
  const fetch = vi.fn(
    stubFetch({
      '/api/config': { body: DEFAULT_CONFIG },
      '/api/auth/session': { body: sessionAnswer(profile) },
      '/api/goals': { body: { completed: false, latest: null, history: [] } },
    }),
  );
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ViewerStatus />
        <GoalsButton />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

const goalsCalls = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).endsWith('/api/goals')).length;

describe('F-AREA-06 header Goals button', () => {
  it('shows for a signed-in agent without goals and leads to /goals, from the session alone', async () => {
    const fetch = renderButton({ goal_assessment_completed: false });
    expect(await screen.findByRole('link', { name: 'Set your goals' }, { timeout: 5000 })).toHaveAttribute('href', '/goals');
    // The session's profile decides: the header asks nothing more before showing it.
    expect(goalsCalls(fetch)).toBe(0);
  });

  it('is gone once the assessment is completed', async () => {
    renderButton({ goal_assessment_completed: true });
    await waitFor(() => expect(screen.getByTestId('viewer-status')).toHaveTextContent('signed-in'), { timeout: 5000 });
    expect(screen.queryByRole('link', { name: 'Set your goals' })).not.toBeInTheDocument();
  });

  it('is not offered to a vendor account', async () => {
    renderButton({ vendor_enabled: true });
    await waitFor(() => expect(screen.getByTestId('viewer-status')).toHaveTextContent('signed-in'), { timeout: 5000 });
    expect(screen.queryByRole('link', { name: 'Set your goals' })).not.toBeInTheDocument();
  });
});

describe('F-AREA-06 welcome', () => {
  it('resumes at the stored step and saves the next one on the server', async () => {
    document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
    const view = { step: 'goals', role: 'agent', goals: [], specialties: [], skipped: false, completed_at: null, updated_at: '2026-11-29T09:00:00Z', recommendations: [] };
    const fetch = vi.fn(
      stubFetch({
        '/api/config': { body: DEFAULT_CONFIG },
        '/api/auth/session': { body: sessionAnswer() },
        '/api/goals': { body: { completed: true, latest: null, history: [] } },
        '/api/welcome': { body: view },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    await renderApp('/welcome');
    expect(await screen.findByRole('heading', { name: 'What do you want help with first?' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one goal.');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Getting enough leads' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => {
      const put = fetch.mock.calls.map(([i]) => (i instanceof Request ? i : null)).find((r) => r?.method === 'PUT' && r.url.endsWith('/api/welcome'));
      expect(put).toBeTruthy();
    });
    const put = fetch.mock.calls.map(([i]) => (i instanceof Request ? i : null)).find((r) => r?.method === 'PUT' && r.url.endsWith('/api/welcome'));
    expect(await put!.clone().json()).toEqual({ step: 'specialties', role: 'agent', goals: ['lead_generation'], specialties: [] });
  });
});
