import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { syncFeatureFlags } from '../../lib/flags';
import { SIGNED_IN_COOKIE } from '../../lib/session';
import { STORAGE_KEYS } from '../../lib/storage';
import { DEFAULT_CONFIG, renderApp, stubFetch } from '../../test/render';

function serveConfig(overrides: Partial<typeof DEFAULT_CONFIG> | { marketplace_enabled: boolean }) {
  vi.stubGlobal('fetch', vi.fn(stubFetch({ '/api/config': { body: { ...DEFAULT_CONFIG, ...overrides } } })));
}

describe('F-CAT-02 marketplace hero for visitors', () => {
  beforeEach(() => serveConfig({}));

  it.each(['/', '/marketplace'])('%s shows the three claims and the two buttons', async (path) => {
    await renderApp(path);
    // The visitors' heading (while the session loads the members' heading holds its place).
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The services your business runs on, for less' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Save up to 80%' })).toBeInTheDocument();
    expect(screen.getByText('Wholesale pricing on the tools and services agents use every day.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Advice backed by nationwide data' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Vendors cover up to 50%' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Free Account' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'Explore Marketplace' })).toHaveAttribute('href', '/lobby');
  });
});

describe('F-APP-08 feature flags are observable', () => {
  let reload: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    serveConfig({});
    reload = vi.fn();
    vi.spyOn(browser, 'reload').mockImplementation(reload as () => void);
  });
  afterEach(() => {
    syncFeatureFlags('');
  });

  it('ff_marketplace=off shows "Marketplace Temporarily Unavailable"; Clear Cache & Retry clears and reloads', async () => {
    await renderApp('/marketplace?ff_marketplace=off');
    expect(await screen.findByRole('heading', { name: 'Marketplace Temporarily Unavailable' })).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.featureFlags) ?? '{}')).toEqual({ marketplace: false });
    await userEvent.click(screen.getByRole('button', { name: 'Clear Cache & Retry' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // The stored override is a cache of the URL: cleared, so the marketplace comes back.
    expect(window.localStorage.getItem(STORAGE_KEYS.featureFlags)).toBeNull();
    expect(window.sessionStorage.getItem(STORAGE_KEYS.reloadReason)).toBe('manual');
  });

  it('a stored marketplace=false override hides the marketplace on /', async () => {
    window.localStorage.setItem(STORAGE_KEYS.featureFlags, JSON.stringify({ marketplace: false }));
    syncFeatureFlags('');
    await renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Marketplace Temporarily Unavailable' })).toBeInTheDocument();
  });

  it('app_config.marketplace_enabled=false shows the same notice', async () => {
    serveConfig({ marketplace_enabled: false });
    await renderApp('/marketplace');
    expect(await screen.findByRole('heading', { name: 'Marketplace Temporarily Unavailable' })).toBeInTheDocument();
  });

  it('ff_academy=off makes /academy say it is not available, with a link home', async () => {
    await renderApp('/academy?ff_academy=false');
    expect(await screen.findByText('The academy is not available right now. Please check back later.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Academy' })).not.toBeInTheDocument();
  });

  it('ff_adminPanel=off makes the admin area say it is not available (to an administrator: visitors are asked to sign in)', async () => {
    document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
    const profile = { user_id: 'usr-admin', email: 'admin@demo.test', display_name: 'Alex Morgan', is_admin_effective: true, is_pro_effective: false, vendor_enabled: false, is_creator: false, is_staff: false, circle_points: 0 };
    vi.stubGlobal('fetch', vi.fn(stubFetch({ '/api/config': { body: DEFAULT_CONFIG }, '/api/auth/session': { body: { profile, session: {} } } })));
    try {
      await renderApp('/admin/accounting?ff_adminPanel=off');
      expect(await screen.findByText('The admin panel is not available right now.', {}, { timeout: 5000 })).toBeInTheDocument();
    } finally {
      document.cookie = `${SIGNED_IN_COOKIE}=; path=/; max-age=0`;
      window.localStorage.clear();
    }
  });
});
