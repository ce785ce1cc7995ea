import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, renderApp, stubFetch } from '../../test/render';
import type { DiscProfile } from './api';
import { DiscProfileView } from './DiscProfileView';
import { answersOf, choose } from './DiscTestPage';
import { readPendingDisc, readPendingQuestionnaire, savePendingDisc, PENDING_MAX_AGE_MS } from './pending';
import { checkQuestionnaire, dollarsToCents } from './QuestionnairePage';

const PROFILE: DiscProfile = {
  primary: 'S',
  secondary: 'C',
  categories: ['cat:crms', 'cat:client-gifting', 'cat:transaction-coordinator'],
  scores: [
    { style: 'D', raw: -10, most: 2, least: 12, percent: 29 },
    { style: 'I', raw: -2, most: 5, least: 7, percent: 45 },
    { style: 'S', raw: 9, most: 11, least: 2, percent: 68 },
    { style: 'C', raw: 3, most: 6, least: 3, percent: 56 },
  ],
};

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('F-AREA-06 DISC test rules', () => {
  it('picking the word already on the other side moves it', () => {
    expect(choose({}, 'most', 'a')).toEqual({ most: 'a' });
    expect(choose({ most: 'a', least: 'b' }, 'least', 'a')).toEqual({ least: 'a' });
    expect(choose({ most: 'a', least: 'b' }, 'most', 'c')).toEqual({ most: 'c', least: 'b' });
  });

  it('answers exist only when every item has two different choices', () => {
    const items = [
      { id: 'q01', options: ['a', 'b', 'c', 'd'] },
      { id: 'q02', options: ['a', 'b', 'c', 'd'] },
    ];
    expect(answersOf(items, { q01: { most: 'a', least: 'b' } })).toBeNull();
    expect(answersOf(items, { q01: { most: 'a', least: 'b' }, q02: { most: 'd' } })).toBeNull();
    expect(answersOf(items, { q02: { most: 'd', least: 'c' }, q01: { most: 'a', least: 'b' } })).toEqual([
      { item: 'q01', most: 'a', least: 'b' },
      { item: 'q02', most: 'd', least: 'c' },
    ]);
  });

  it('pending answers expire after a day', () => {
    savePendingDisc([{ item: 'q01', most: 'a', least: 'b' }], 1_000);
    expect(readPendingDisc(1_000 + PENDING_MAX_AGE_MS)).toHaveLength(1);
    expect(readPendingDisc(1_001 + PENDING_MAX_AGE_MS)).toBeNull();
  });
});

describe('F-AREA-06 DISC profile', () => {
  it('shows the styles, the scores as a table and the suited categories linked to the marketplace', () => {
    render(
      <MemoryRouter>
        <DiscProfileView profile={PROFILE} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Primary style: Steadiness (S)' })).toBeInTheDocument();
    expect(screen.getByText('Secondary style: Conscientiousness (C)')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Your four scores' });
    const row = within(table).getByRole('row', { name: /Steadiness \(S\)/ });
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['68', '11', '2']);
    expect(screen.getByRole('link', { name: 'Browse CRM' })).toHaveAttribute('href', '/marketplace?tag=cat%3Acrms');
    expect(screen.getByRole('link', { name: 'Browse Client Gifting' })).toBeInTheDocument();
    expect(screen.getByText('Prospecting')).toBeInTheDocument();
  });
});

describe('F-AREA-06 questionnaire rules', () => {
  it('reads dollars into cents', () => {
    expect(dollarsToCents('$150,000')).toBe(15_000_000);
    expect(dollarsToCents('99.5')).toBe(9_950);
    expect(dollarsToCents('0')).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
    expect(dollarsToCents('100000001')).toBeNull();
  });

  it('names each missing answer and builds the body', () => {
    const r = checkQuestionnaire({ years: '', transactions: '5', gci: '', leadSources: [], specialties: [], challenge: '' });
    expect(r).toEqual({
      errors: {
        years: 'assessments.questionnaire.errors.years',
        gci: 'assessments.questionnaire.errors.gci',
        leadSources: 'assessments.questionnaire.errors.leadSources',
        challenge: 'assessments.questionnaire.errors.challenge',
      },
    });
    expect(checkQuestionnaire({ years: '3', transactions: '12', gci: '120,000', leadSources: ['sphere'], specialties: [], challenge: 'time' })).toEqual({
      body: { years_licensed: 3, transactions_last_year: 12, gci_goal_cents: 12_000_000, lead_sources: ['sphere'], specialties: [], biggest_challenge: 'time' },
    });
  });
});

describe('F-AREA-06 screens for a visitor', () => {
  it('a visitor takes the test, sees the profile and is asked to sign in with the answers kept', async () => {
    const items = [
      { id: 'q01', options: ['a', 'b', 'c', 'd'] },
      { id: 'q02', options: ['a', 'b', 'c', 'd'] },
    ];
    const fetch = vi.fn(
      stubFetch({
        '/api/config': { body: DEFAULT_CONFIG },
        '/api/assessments/disc/items': { body: { items } },
        '/api/assessments/disc/score': { body: PROFILE },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    await renderApp('/disc-test');
    fireEvent.click(await screen.findByRole('button', { name: 'Start the test' }, { timeout: 5000 }));
    expect(screen.getByText('Group 1 of 2')).toBeInTheDocument();
    const most = () => screen.getByRole('group', { name: 'Most like me' });
    const least = () => screen.getByRole('group', { name: 'Least like me' });
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    fireEvent.click(within(most()).getByRole('radio', { name: 'Decisive' }));
    fireEvent.click(within(least()).getByRole('radio', { name: 'Precise' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Group 2 of 2')).toBeInTheDocument();
    fireEvent.click(within(most()).getByRole('radio', { name: 'Enthusiastic' }));
    fireEvent.click(within(least()).getByRole('radio', { name: 'Thorough' }));
    fireEvent.click(screen.getByRole('button', { name: 'See my profile' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Primary style: Steadiness (S)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in to save your profile' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth?redirect=%2Fdisc-test');
    expect(readPendingDisc()).toEqual([
      { item: 'q01', most: 'a', least: 'd' },
      { item: 'q02', most: 'a', least: 'c' },
    ]);
    const scored = fetch.mock.calls.map(([input]) => (input instanceof Request ? input : null)).find((r) => r?.url.endsWith('/api/assessments/disc/score'));
    expect(scored?.method).toBe('POST');
  });

  it('a visitor filling the questionnaire sees the errors, then is asked to sign in with the answers kept', async () => {
    vi.stubGlobal('fetch', vi.fn(stubFetch({ '/api/config': { body: DEFAULT_CONFIG } })));
    await renderApp('/agent-questionnaire');
    const saveButton = await screen.findByRole('button', { name: 'Save and see recommendations' }, { timeout: 5000 });
    fireEvent.click(saveButton);
    expect(screen.getByText('Choose at least one lead source.')).toBeInTheDocument();
    expect(screen.getByText('Choose your biggest challenge.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Years licensed/), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText(/Transactions closed last year/), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText(/Yearly GCI goal/), { target: { value: '80000' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Referrals' }));
    fireEvent.change(screen.getByLabelText(/biggest challenge/), { target: { value: 'follow_up' } });
    fireEvent.click(saveButton);
    expect(screen.getByRole('heading', { name: 'Sign in to save your answers' })).toBeInTheDocument();
    expect(readPendingQuestionnaire()).toEqual({
      years_licensed: 2,
      transactions_last_year: 4,
      gci_goal_cents: 8_000_000,
      lead_sources: ['referrals'],
      specialties: [],
      biggest_challenge: 'follow_up',
    });
  });
});
