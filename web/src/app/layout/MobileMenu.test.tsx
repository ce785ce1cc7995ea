import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SessionAnswer, Viewer } from '../../lib/session';
import { toViewer } from '../../lib/session';
import { sessionAnswer } from '../../test/session';
import { MobileMenu } from './MobileMenu';
// Loaded up front so the lazy sheet renders without waiting on a real import.
import './MobileMenuSheet';

const VISITOR: Viewer = { status: 'signed-out', isAdmin: false, isPro: false, isVendor: false, isCreator: false, isSupport: false };

function member(p: Partial<SessionAnswer['profile']>): Viewer {
  return toViewer(sessionAnswer({ circle_points: 1250, ...p }), false);
}

async function renderMenu(viewer: Viewer) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <div data-testid="page">
            <MobileMenu viewer={viewer} />
            <a href="/elsewhere">behind</a>
          </div>
        ),
      },
    ],
    { initialEntries: ['/marketplace'] },
  );
  await act(async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  return router;
}

const menuButton = () => screen.getByRole('button', { name: 'Menu' });

describe('F-APP-07 phone menu (issue 18)', () => {
  it('a visitor: the button opens a labelled dialog with the header navigation, Sign In and Get Started; the page behind is inert', async () => {
    await renderMenu(VISITOR);
    const button = menuButton();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).not.toHaveAttribute('aria-controls');

    await userEvent.click(button);
    const sheet = await screen.findByRole('dialog', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', sheet.id);
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    const nav = within(sheet).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Marketplace', '/marketplace'],
      ['Categories', '/lobby'],
      ['Academy', '/academy'],
      ['Pricing', '/pricing'],
    ]);
    expect(within(sheet).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(within(sheet).getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/auth?mode=signup');
    expect(within(sheet).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    // Focus moved into the sheet; the page behind left the accessibility tree.
    expect(sheet).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByTestId('page').closest('[inert]')).not.toBeNull();
  });

  it('Escape closes the sheet and returns focus to the menu button', async () => {
    await renderMenu(VISITOR);
    await userEvent.click(menuButton());
    await screen.findByRole('dialog', { name: 'Menu' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('page').closest('[inert]')).toBeNull();
  });

  it('the close button closes the sheet and returns focus', async () => {
    await renderMenu(VISITOR);
    await userEvent.click(menuButton());
    const sheet = await screen.findByRole('dialog', { name: 'Menu' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();
  });

  it('following a link closes the sheet', async () => {
    const router = await renderMenu(VISITOR);
    await userEvent.click(menuButton());
    const sheet = await screen.findByRole('dialog', { name: 'Menu' });
    await userEvent.click(within(sheet).getByRole('link', { name: 'Sign In' }));
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a signed-in agent: the user menu entries by role, Upgrade to Pro, sessions and Sign out; no Sign In', async () => {
    await renderMenu(member({}));
    await userEvent.click(menuButton());
    const sheet = await screen.findByRole('dialog', { name: 'Menu' });
    const account = within(sheet).getByRole('region', { name: 'Account' });
    expect(within(account).getByText('Dana Agent')).toBeInTheDocument();
    expect(within(account).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/pricing');
    for (const [name, href] of [
      ['1,250 Circle Points', '/wallet'],
      ['Become a Creator', '/creator-onboarding'],
      ['My Orders', '/orders'],
      ['Saved Services', '/saved'],
      ['Agent Wallet', '/wallet'],
      ['Profile Settings', '/profile-settings'],
      ['Manage Subscription', '/billing'],
    ] as const) {
      expect(within(account).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(account).getByRole('button', { name: 'Active sessions' })).toBeInTheDocument();
    expect(within(account).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(account).queryByRole('link', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
    expect(within(sheet).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('an admin Pro member sees the admin entries and no Upgrade to Pro', async () => {
    await renderMenu(member({ is_admin: true, is_admin_effective: true, is_pro: true, is_pro_effective: true, is_pro_member: true }));
    await userEvent.click(menuButton());
    const sheet = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(sheet).getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
    expect(within(sheet).getByRole('link', { name: 'Email Outbox' })).toHaveAttribute('href', '/admin/outbox');
    expect(within(sheet).getByRole('link', { name: 'Circle Pro Member' })).toBeInTheDocument();
    expect(within(sheet).queryByRole('link', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
  });

  describe('Goals (hidden from a phone bar)', () => {
    it('an agent who has not set goals finds Set your goals in the sheet', async () => {
      await renderMenu(member({ goal_assessment_completed: false }));
      await userEvent.click(menuButton());
      const account = within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('region', { name: 'Account' });
      expect(within(account).getByRole('link', { name: 'Set your goals' })).toHaveAttribute('href', '/goals');
    });

    it('an agent with goals saved has no Goals entry', async () => {
      await renderMenu(member({ goal_assessment_completed: true }));
      await userEvent.click(menuButton());
      const account = within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('region', { name: 'Account' });
      // The sheet is drawn from the viewer it is given: the account's entries are there, Goals not.
      expect(within(account).getAllByRole('link').length).toBeGreaterThan(0);
      expect(within(account).queryByRole('link', { name: 'Set your goals' })).not.toBeInTheDocument();
    });

    it('a vendor account has no Goals entry', async () => {
      await renderMenu(member({ vendor_enabled: true }));
      await userEvent.click(menuButton());
      const account = within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('region', { name: 'Account' });
      expect(within(account).queryByRole('link', { name: 'Set your goals' })).not.toBeInTheDocument();
    });
  });
});
