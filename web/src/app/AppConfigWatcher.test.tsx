import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../lib/browser';
import { consumeReloadReason, reloadWithReason } from '../lib/reload';
import { STORAGE_KEYS } from '../lib/storage';
import { getToasts } from '../lib/toast';
import { DEFAULT_CONFIG, renderApp, stubFetch } from '../test/render';
import { showReloadReasonToast } from './reloadToast';

function serveConfig(overrides: Partial<Record<keyof typeof DEFAULT_CONFIG, unknown>>) {
  vi.stubGlobal('fetch', vi.fn(stubFetch({ '/api/config': { body: { ...DEFAULT_CONFIG, ...overrides } } })));
}

let reload: ReturnType<typeof vi.fn>;
beforeEach(() => {
  reload = vi.fn();
  vi.spyOn(browser, 'reload').mockImplementation(reload as () => void);
});

describe('F-APP-03 maintenance overlay', () => {
  it('covers the app with the configured message and a Retry that reloads', async () => {
    serveConfig({ maintenance_mode: true, maintenance_message: 'Back at 10:00 after the upgrade.' });
    await renderApp('/lobby');
    const dialog = await screen.findByRole('alertdialog', { name: 'Under Maintenance' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText('Back at 10:00 after the upgrade.')).toBeInTheDocument();
    const retry = within(dialog).getByRole('button', { name: 'Retry' });
    expect(retry).toHaveFocus();
    // The app behind it cannot be reached.
    expect(screen.getByRole('main', { hidden: true }).closest('[inert]')).not.toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await userEvent.click(retry);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows the default message when none is configured', async () => {
    serveConfig({ maintenance_mode: true, maintenance_message: '' });
    await renderApp('/');
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText('The application is currently under maintenance. Please check back soon.'),
    ).toBeInTheDocument();
  });

  it('shows nothing when maintenance is off', async () => {
    serveConfig({});
    await renderApp('/lobby');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('F-APP-03 outdated build', () => {
  it('clears caches keeping the session and the choices, then reloads with reason version_update', async () => {
    window.localStorage.setItem('circle-auth-session-v1', 'token');
    window.localStorage.setItem(STORAGE_KEYS.language, 'en');
    window.localStorage.setItem(STORAGE_KEYS.featureFlags, '{"topDeals":true}');
    window.localStorage.setItem('some-cache', 'x');
    serveConfig({ min_build_version: '1.0.1' });
    await renderApp('/lobby');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(window.sessionStorage.getItem(STORAGE_KEYS.reloadReason)).toBe('version_update');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.versionReload)).toBe('1.0.1');
    expect(window.localStorage.getItem('circle-auth-session-v1')).toBe('token');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
    expect(window.localStorage.getItem(STORAGE_KEYS.featureFlags)).toBeNull();
    expect(window.localStorage.getItem('some-cache')).toBeNull();
  });

  it('does not reload twice for the same version in one session: it shows the notice', async () => {
    window.sessionStorage.setItem(STORAGE_KEYS.versionReload, '1.0.1');
    serveConfig({ min_build_version: '1.0.1' });
    await renderApp('/lobby');
    const alert = await screen.findByText('A newer version of Circle is required. Please refresh the page.');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('does nothing when the build is recent enough', async () => {
    serveConfig({ min_build_version: '1.0' });
    await renderApp('/lobby');
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await screen.findByRole('heading', { level: 1 });
    expect(reload).not.toHaveBeenCalled();
    expect(screen.queryByText(/A newer version of Circle is required/)).not.toBeInTheDocument();
  });
});

describe('F-APP-03 remote cache bust', () => {
  it('reloads once when force_cache_bust_after is later than the last bust, and stores it', async () => {
    window.localStorage.setItem(STORAGE_KEYS.lastCacheBust, '2026-11-01T00:00:00Z');
    serveConfig({ force_cache_bust_after: '2026-11-22T10:00:00Z' });
    await renderApp('/lobby');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(window.localStorage.getItem(STORAGE_KEYS.lastCacheBust)).toBe('2026-11-22T10:00:00Z');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.reloadReason)).toBe('default');
  });

  it('does not reload for a bust already done', async () => {
    window.localStorage.setItem(STORAGE_KEYS.lastCacheBust, '2026-11-22T10:00:00Z');
    serveConfig({ force_cache_bust_after: '2026-11-22T10:00:00Z' });
    await renderApp('/lobby');
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await screen.findByRole('heading', { level: 1 });
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('F-APP-03 reload-reason toasts', () => {
  it.each([
    ['self_heal', 'Circle refreshed itself to fix a problem.'],
    ['cookie_recovery', 'Circle cleared oversized cookies and reloaded the page.'],
    ['version_update', 'Circle has been updated to the latest version.'],
    ['recovery_fallback', 'The page was reloaded to recover from an error.'],
    ['manual', 'The page was reloaded with fresh data.'],
    ['session_recovery', 'The page was reloaded to restore your session.'],
    ['default', 'The page was reloaded to load the latest version.'],
  ] as const)('after a %s reload, one toast says "%s" and the reason is cleared', (reason, text) => {
    reloadWithReason(reason);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem('circle-reload-reason')).toBe(reason);
    act(() => {
      showReloadReasonToast();
    });
    expect(getToasts().map((t) => t.title)).toEqual([text]);
    expect(consumeReloadReason()).toBeNull();
  });

  it('shows no toast after an ordinary load', () => {
    expect(showReloadReasonToast()).toBeNull();
    expect(getToasts()).toEqual([]);
  });

  it('an unknown stored reason counts as default', () => {
    window.sessionStorage.setItem('circle-reload-reason', 'weird');
    expect(showReloadReasonToast()).toBe('default');
  });
});
