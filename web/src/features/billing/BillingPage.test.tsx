import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { fakeServer } from '../../test/cart';
import { renewalLine } from './renewal';
import type { SubscriptionView } from './api';
import { billingAnswer as billing } from './testFixtures';

const base: Pick<SubscriptionView, 'status' | 'resumes_at' | 'cancel_at_period_end' | 'current_period_end' | 'next_charge'> = {
  status: 'active',
  resumes_at: null,
  cancel_at_period_end: false,
  current_period_end: '2026-12-25T18:00:00Z',
  next_charge: null,
};

describe('F-PAY-10 the one date line of a membership (issue 18 item 8b)', () => {
  it('paused: Resumes only; cancel at period end: Ends; otherwise Renews; ended: none', () => {
    expect(renewalLine({ ...base, status: 'paused', resumes_at: '2027-02-23T18:00:00Z' })).toEqual({ kind: 'resumes', date: '2027-02-23T18:00:00Z', charge: null });
    expect(renewalLine({ ...base, cancel_at_period_end: true })?.kind).toBe('ends');
    expect(renewalLine({ ...base, status: 'past_due' })?.kind).toBe('renews');
    expect(renewalLine({ ...base, status: 'canceled' })).toBeNull();
    expect(renewalLine({ ...base, current_period_end: null })).toBeNull();
  });
});

describe('F-PAY-10 /billing date line (issue 18 item 8b)', { timeout: 20_000 }, () => {
  it('a paused membership shows "Resumes on" and no "Renews on"', async () => {
    fakeServer(true, { 'GET /api/billing': () => ({ body: billing({ status: 'paused', resumes_at: '2027-02-23T18:00:00Z', paused_at: '2026-11-25T18:00:00Z' }) }) });
    await renderApp('/billing');
    expect(await screen.findByText('Resumes on', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Renews on')).toBeNull();
    expect(screen.queryByText('Ends on')).toBeNull();
  });

  it('an active membership shows "Renews on" with the next charge', async () => {
    fakeServer(true, { 'GET /api/billing': () => ({ body: billing({}) }) });
    await renderApp('/billing');
    expect(await screen.findByText('Renews on', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Resumes on')).toBeNull();
  });
});
