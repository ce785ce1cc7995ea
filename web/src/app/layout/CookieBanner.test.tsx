import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { STORAGE_KEYS } from '../../lib/storage';
// Loaded up front so the lazy banner renders without waiting on a real import.
import './CookieBanner';
import { CookieConsentHost } from './CookieConsentHost';
import { openCookieSettings } from './cookieSettings';

function renderHost() {
  const router = createMemoryRouter([{ path: '*', element: <CookieConsentHost /> }]);
  render(<RouterProvider router={router} />);
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  // Let the lazy banner resolve and render.
  await act(async () => {
    await Promise.resolve();
  });
}

function stored() {
  return JSON.parse(window.localStorage.getItem(STORAGE_KEYS.consent) ?? 'null') as Record<string, unknown> | null;
}

/** Shows the banner (1 s), then hands the clock back so user events run in real time. */
async function showBanner() {
  await advance(1000);
  vi.useRealTimers();
  return screen.getByRole('region', { name: 'Cookie Preferences' });
}

const user = () => userEvent.setup();

describe('F-APP-04 cookie consent banner', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'doNotTrack');
  });

  it('appears 1 s after load', async () => {
    renderHost();
    await advance(999);
    expect(screen.queryByRole('region', { name: 'Cookie Preferences' })).not.toBeInTheDocument();
    await advance(1);
    const banner = screen.getByRole('region', { name: 'Cookie Preferences' });
    expect(within(banner).getByRole('link', { name: 'Read our Cookie Policy' })).toHaveAttribute('href', '/cookies');
    const necessary = within(banner).getByRole('switch', { name: 'Necessary' });
    expect(necessary).toBeChecked();
    expect(necessary).toBeDisabled();
    for (const name of ['Analytics', 'Functional', 'Marketing']) {
      expect(within(banner).getByRole('switch', { name })).not.toBeChecked();
    }
  });

  it('Accept All stores every category with version 1.0', async () => {
    renderHost();
    await showBanner();
    await user().click(screen.getByRole('button', { name: 'Accept All' }));
    expect(screen.queryByRole('region', { name: 'Cookie Preferences' })).not.toBeInTheDocument();
    expect(stored()).toMatchObject({ necessary: true, analytics: true, functional: true, marketing: true, version: '1.0' });
    expect(typeof stored()?.timestamp).toBe('string');
  });

  it('Accept Necessary Only stores only the necessary category', async () => {
    renderHost();
    await showBanner();
    await user().click(screen.getByRole('button', { name: 'Accept Necessary Only' }));
    expect(stored()).toMatchObject({ necessary: true, analytics: false, functional: false, marketing: false, version: '1.0' });
  });

  it('Save Preferences stores the switches as set', async () => {
    renderHost();
    await showBanner();
    const u = user();
    await u.click(screen.getByRole('switch', { name: 'Analytics' }));
    await u.click(screen.getByRole('switch', { name: 'Marketing' }));
    await u.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(stored()).toMatchObject({ necessary: true, analytics: true, functional: false, marketing: true });
  });

  // Issue 28 item 16: Customize (shown on phones only, by CSS) opens the categories.
  it('Customize opens the categories and goes away', async () => {
    renderHost();
    const banner = await showBanner();
    const customize = within(banner).getByRole('button', { name: 'Customize' });
    expect(customize).toHaveAttribute('aria-expanded', 'false');
    expect(customize).toHaveAttribute('aria-controls', 'cookie-banner-categories');
    expect(within(banner).getByRole('group', { name: 'Cookie categories' })).toHaveClass('max-md:hidden');
    await user().click(customize);
    expect(within(banner).queryByRole('button', { name: 'Customize' })).not.toBeInTheDocument();
    expect(within(banner).getByRole('group', { name: 'Cookie categories' })).not.toHaveClass('max-md:hidden');
  });

  it('the close button means necessary only, stored', async () => {
    renderHost();
    await showBanner();
    await user().click(screen.getByRole('button', { name: 'Close and accept necessary cookies only' }));
    expect(stored()).toMatchObject({ analytics: false, functional: false, marketing: false, version: '1.0' });
  });

  it('Escape closes the banner as necessary only', async () => {
    renderHost();
    await showBanner();
    const u = user();
    await u.click(screen.getByRole('switch', { name: 'Functional' }));
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Cookie Preferences' })).not.toBeInTheDocument();
    expect(stored()).toMatchObject({ functional: false });
  });

  it('stays hidden with a valid stored consent', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.consent,
      JSON.stringify({ necessary: true, analytics: false, functional: true, marketing: false, timestamp: new Date().toISOString(), version: '1.0' }),
    );
    renderHost();
    await advance(5000);
    expect(screen.queryByRole('region', { name: 'Cookie Preferences' })).not.toBeInTheDocument();
  });

  it('appears again when the stored consent has another version', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.consent,
      JSON.stringify({ necessary: true, analytics: true, functional: true, marketing: true, timestamp: new Date().toISOString(), version: '0.9' }),
    );
    renderHost();
    await advance(1000);
    expect(screen.getByRole('region', { name: 'Cookie Preferences' })).toBeInTheDocument();
  });

  it('stays hidden when the browser sends do-not-track', async () => {
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    renderHost();
    await advance(5000);
    expect(screen.queryByRole('region', { name: 'Cookie Preferences' })).not.toBeInTheDocument();
    expect(stored()).toBeNull();
  });

  it('Cookie settings reopens it with the stored choice; closing keeps that choice', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.consent,
      JSON.stringify({ necessary: true, analytics: true, functional: false, marketing: false, timestamp: new Date().toISOString(), version: '1.0' }),
    );
    renderHost();
    act(() => openCookieSettings());
    await advance(0);
    vi.useRealTimers();
    const banner = screen.getByRole('region', { name: 'Cookie Preferences' });
    expect(banner).toHaveFocus();
    expect(within(banner).getByRole('switch', { name: 'Analytics' })).toBeChecked();
    await user().click(within(banner).getByRole('button', { name: 'Close and accept necessary cookies only' }));
    expect(stored()).toMatchObject({ analytics: true });
  });
});
