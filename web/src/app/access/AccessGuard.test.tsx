import { act, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_COOKIE } from '../../lib/session';
import { DEFAULT_CONFIG, renderApp, stubFetch } from '../../test/render';
import { routes } from '../routes';
import { accessOfPath, decideAccess } from './access';

type Roles = { admin?: boolean; pro?: boolean; vendor?: boolean; creator?: boolean; support?: boolean };

/** Serves the app as a visitor (null) or as a signed-in user holding the given roles. */
function serveAs(roles: Roles | null) {
  const answers: Record<string, { status?: number; body: unknown }> = { '/api/config': { body: DEFAULT_CONFIG } };
  if (roles) {
    document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
    answers['/api/auth/session'] = {
      body: {
        profile: {
          user_id: 'usr-1',
          email: 'agent@demo.test',
          display_name: 'Jordan Avery',
          is_admin_effective: roles.admin ?? false,
          is_pro_effective: roles.pro ?? false,
          vendor_enabled: roles.vendor ?? false,
          is_creator: roles.creator ?? false,
          is_staff: false,
          circle_points: 0,
        },
        session: {},
      },
    };
  }
  vi.stubGlobal('fetch', vi.fn(stubFetch(answers)));
}

afterEach(() => {
  document.cookie = `${SIGNED_IN_COOKIE}=; path=/; max-age=0`;
  window.localStorage.clear();
});

const h1 = () => screen.findByRole('heading', { level: 1 }, { timeout: 5000 });

describe('F-AUTH-09 screen access guard', () => {
  it('a visitor on a protected screen sees "Please sign in" under its title, with a sign-in link back to it', async () => {
    serveAs(null);
    await renderApp('/admin/accounting');
    expect(await h1()).toHaveTextContent('Accounting');
    const main = screen.getByRole('main');
    expect(within(main).getByText('Please sign in')).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth?redirect=%2Fadmin%2Faccounting');
    expect(screen.queryByText("You don't have access to this page")).not.toBeInTheDocument();
  });

  it('a signed-in agent without the role sees the 403 screen with a way back', async () => {
    serveAs({});
    const { router } = await renderApp('/admin');
    expect(await h1()).toHaveTextContent("You don't have access to this page");
    const main = screen.getByRole('main');
    expect(within(main).getByText(/This page is only for administrators/)).toBeInTheDocument();
    expect(within(main).queryByText('Please sign in')).not.toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    // The first screen of the visit: Go Back goes home.
    within(main).getByRole('button', { name: 'Go Back' }).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('inside the app, Go Back returns to the screen before', async () => {
    serveAs({ creator: true });
    const { router } = await renderApp('/lobby');
    expect(await h1()).toHaveTextContent('Browse by Category');
    await act(() => router.navigate('/vendor-analytics'));
    expect(await h1()).toHaveTextContent("You don't have access to this page");
    screen.getByRole('button', { name: 'Go Back' }).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/lobby'));
  });

  it('the role holder (and an administrator) opens the screen', async () => {
    serveAs({ vendor: true });
    await renderApp('/vendor-dashboard');
    expect(await h1()).toHaveTextContent('Service Management');
    expect(screen.queryByText("You don't have access to this page")).not.toBeInTheDocument();
    expect(screen.queryByText('Please sign in')).not.toBeInTheDocument();
  });

  it('an administrator opens the admin area', async () => {
    serveAs({ admin: true });
    await renderApp('/admin');
    expect(await h1()).toHaveTextContent('Admin Dashboard');
    expect(screen.queryByText("You don't have access to this page")).not.toBeInTheDocument();
  });

  it('a Pro agent is refused the creator area in Spanish too', async () => {
    serveAs({ pro: true });
    window.localStorage.setItem('i18nextLng', 'es');
    const { default: i18n } = await import('i18next');
    await i18n.changeLanguage('es');
    try {
      await renderApp('/creator-dashboard');
      expect(await h1()).toHaveTextContent('No tienes acceso a esta página');
      expect(screen.getByText(/solo para creadores/)).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('F-AUTH-09 the route table declares every screen', () => {
  function walk(list: RouteObject[], out: RouteObject[] = []): RouteObject[] {
    for (const r of list) {
      if (r.path !== undefined || r.index) out.push(r);
      if (r.children) walk(r.children, out);
    }
    return out;
  }

  it('every route has an access', () => {
    const undeclared = walk(routes)
      .filter((r) => !(r.handle as { access?: string } | undefined)?.access)
      .map((r) => r.path);
    expect(undeclared).toEqual([]);
  });

  it('the rule: visitor open to all, user to the signed-in, roles to holders and administrators', () => {
    const v = (status: 'loading' | 'signed-out' | 'signed-in', r: Roles = {}) => ({
      status,
      isAdmin: r.admin ?? false,
      isPro: r.pro ?? false,
      isVendor: r.vendor ?? false,
      isCreator: r.creator ?? false,
      isSupport: r.support ?? false,
    });
    expect(decideAccess(v('signed-out'), 'visitor')).toBe('open');
    expect(decideAccess(v('loading'), 'user')).toBe('loading');
    expect(decideAccess(v('signed-out'), 'user')).toBe('sign-in');
    expect(decideAccess(v('signed-in'), 'user')).toBe('open');
    expect(decideAccess(v('signed-in'), 'pro')).toBe('forbidden');
    expect(decideAccess(v('signed-in', { pro: true }), 'pro')).toBe('open');
    expect(decideAccess(v('signed-in', { creator: true }), 'vendor')).toBe('forbidden');
    expect(decideAccess(v('signed-in', { admin: true }), 'vendor')).toBe('open');
    expect(decideAccess(v('signed-in', { support: true }), 'support')).toBe('open');
    expect(decideAccess(v('signed-in', { vendor: true }), 'support')).toBe('forbidden');
    expect(decideAccess(v('signed-in', { admin: true }), 'support')).toBe('open');
    expect(accessOfPath(routes, '/admin/anything')).toBe('admin');
    expect(accessOfPath(routes, '/orders')).toBe('user');
    expect(accessOfPath(routes, '/marketplace')).toBe('visitor');
  });
});
