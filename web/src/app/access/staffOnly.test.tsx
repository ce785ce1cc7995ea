import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_COOKIE } from '../../lib/session';
import { DEFAULT_CONFIG, renderApp, stubFetch } from '../../test/render';
import { routes } from '../routes';
import { accessOfPath } from './access';

// Issue 31: the operations screens are staff-only before they show data (F-AREA-04).
const STAFF_ONLY = ['/command-center', '/command-center-test', '/compliance', '/analytics', '/support', '/advanced-features', '/qa', '/admin', '/admin/users', '/admin/audit', '/admin/vendors', '/admin/vendors/ven-1', '/admin/reviews', '/admin/security'];

function serveAs(agent: boolean) {
  const answers: Record<string, { status?: number; body: unknown }> = { '/api/config': { body: DEFAULT_CONFIG } };
  if (agent) {
    document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
    answers['/api/auth/session'] = {
      body: {
        profile: {
          user_id: 'usr-1', email: 'agent@demo.test', display_name: 'Jordan Avery', is_admin_effective: false,
          is_pro_effective: true, vendor_enabled: true, is_creator: true, is_staff: false, circle_points: 0,
        },
        session: {},
      },
    };
  }
  vi.stubGlobal('fetch', vi.fn(stubFetch(answers)));
}

describe('F-AREA-04 operations screens are staff-only', () => {
  it.each(STAFF_ONLY)('%s is declared admin (the support desk: support staff) in the route table', (path) => {
    expect(accessOfPath(routes, path)).toBe(path === '/support' ? 'support' : 'admin');
  });

  it.each(STAFF_ONLY)('a signed-out visitor on %s is asked to sign in and sees no content', async (path) => {
    serveAs(false);
    await renderApp(path);
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    const main = screen.getByRole('main');
    expect(await within(main).findByText('Please sign in')).toBeInTheDocument();
  });

  it.each(STAFF_ONLY)('an agent holding every other role on %s gets the 403 screen', async (path) => {
    serveAs(true);
    await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: "You don't have access to this page" }, { timeout: 5000 })).toBeInTheDocument();
  });
});
