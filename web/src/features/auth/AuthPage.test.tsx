import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPendingAction, savePendingAction } from '../../lib/pendingAction';
import { DEFAULT_CONFIG, renderApp } from '../../test/render';
import { sessionAnswer } from '../../test/session';

interface Answer {
  status?: number;
  body: unknown;
}
type Handler = (body: Record<string, unknown>) => Answer;

const PROVIDERS = {
  google: { enabled: false, reason: 'Google sign-in is not set up on this server. Sign in with your email and password.' },
  bot_check: {
    kind: 'pow',
    pow: { id: 'c1', salt: 'salt', difficulty: 1, expires_at: Math.floor(Date.now() / 1000) + 600, signature: 'sig' },
  },
};

const { profile: PROFILE, session: SESSION } = sessionAnswer();

const calls: Array<{ path: string; body: Record<string, unknown> }> = [];

function serve(routes: Record<string, Answer | Handler>) {
  const all: Record<string, Answer | Handler> = {
    '/api/config': { body: DEFAULT_CONFIG },
    '/api/auth/session': { status: 401, body: { code: 'unauthenticated', message: 'Please sign in to continue.' } },
    '/api/auth/providers': { body: PROVIDERS },
    '/api/auth/lockout-status': { body: { is_locked: false, attempts_remaining: 5, time_remaining_seconds: 0 } },
    ...routes,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const req = input instanceof Request ? input : new Request(String(input));
      const url = new URL(req.url, window.location.origin);
      const text = req.method === 'GET' ? '' : await req.text();
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      calls.push({ path: url.pathname, body });
      const h = all[url.pathname];
      const a: Answer = !h
        ? { status: 404, body: { code: 'not_found', message: 'not found' } }
        : typeof h === 'function'
          ? h(body)
          : h;
      return new Response(a.status === 204 ? null : JSON.stringify(a.body), {
        status: a.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

function toastRegion() {
  return screen.getByRole('region', { name: 'Notifications' });
}

beforeEach(() => {
  calls.length = 0;
});

describe('F-AUTH-01 the /auth screen', { timeout: 30_000 }, () => {
  it('signs in by default: Welcome Back, Google disabled with the server reason, show/hide password', async () => {
    serve({});
    await renderApp('/auth');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' }, { timeout: 15_000 })).toBeInTheDocument();
    const google = await screen.findByRole('button', { name: 'Continue with Google' });
    await waitFor(() => expect(google).toBeDisabled());
    expect(screen.getByText(PROVIDERS.google.reason)).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('mode=signup opens Create Account; the switch clears the form', async () => {
    serve({});
    await renderApp('/auth?mode=signup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Account' }, { timeout: 15_000 })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Full Name'), 'Dana Agent');
    await userEvent.type(screen.getByLabelText('Email'), 'dana@demo.test');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByLabelText('Full Name')).toHaveValue('');
  });

  it("a link to the sign-up form while the sign-in form is open (the header's Get Started Free) opens it", async () => {
    serve({});
    const { router } = await renderApp('/auth');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' }, { timeout: 15_000 })).toBeInTheDocument();
    await act(() => router.navigate('/auth?mode=signup'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();
    await act(() => router.navigate('/auth'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('Forgot your password? opens Reset Password; Back to login returns', async () => {
    serve({ '/api/auth/reset-request': { body: { message: 'ok' } } });
    await renderApp('/auth');
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot your password?' }, { timeout: 15_000 }));
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'dana@demo.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await within(toastRegion()).findByText('Reset Email Sent')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Check your email for password reset instructions.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('reason=session_expired explains why', async () => {
    serve({});
    await renderApp('/auth?reason=session_expired');
    expect(await screen.findByText('Session expired. Please sign in again.', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('a signed-in visitor is sent to the redirect path, else /', async () => {
    serve({ '/api/auth/session': { body: { profile: PROFILE, session: SESSION } } });
    const { router } = await renderApp('/auth?redirect=%2Forders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
  });

  // Issue 18 item 7: signing in without ?redirect= (after the verification e-mail) still brings
  // a visitor back to the item of their pending action.
  it('without a redirect, a pending action sends the signed-in visitor back to its item', async () => {
    savePendingAction({ kind: 'save', serviceId: 'svc-1', returnTo: '/marketplace?service=svc-1&view=details' });
    serve({ '/api/auth/session': { body: { profile: PROFILE, session: SESSION } } });
    const { router } = await renderApp('/auth');
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/marketplace?service=svc-1&view=details'));
    clearPendingAction();
  });

  it('the verify link confirms the address', async () => {
    serve({ '/api/auth/verify': { body: { message: 'ok' } } });
    const { router } = await renderApp('/auth?verify=tok123');
    expect(await screen.findAllByText('Your email is verified. You can sign in now.')).not.toHaveLength(0);
    expect(calls.find((c) => c.path === '/api/auth/verify')?.body).toEqual({ token: 'tok123' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('Google failure comes back as a toast', async () => {
    serve({});
    await renderApp('/auth?reason=error&provider=google');
    expect(await within(toastRegion()).findByText('Google Sign-In Failed')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Failed to sign in with Google')).toBeInTheDocument();
  });
});

describe('F-AUTH-02 sign-in and sign-up messages', { timeout: 30_000 }, () => {
  it('an invalid e-mail is refused before any call, with the catalogue message', async () => {
    serve({});
    await renderApp('/auth');
    await userEvent.type(await screen.findByLabelText('Email', {}, { timeout: 15_000 }), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await within(toastRegion()).findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getAllByText('Please enter a valid email address.').length).toBeGreaterThan(0);
    expect(calls.some((c) => c.path === '/api/auth/signin')).toBe(false);
  });

  it('wrong credentials: the message, the typed values kept, attempts warning at 2 or fewer', async () => {
    serve({
      '/api/auth/signin': {
        status: 400,
        body: {
          code: 'invalid',
          message: 'Invalid email or password. Please check your credentials.',
          fields: [
            { field: 'credentials', key: 'auth.invalid_credentials', message: 'Invalid email or password. Please check your credentials.' },
            { field: 'attempts_remaining', key: 'auth.attempts_remaining', message: '2' },
          ],
        },
      },
      '/api/auth/lockout-status': { body: { is_locked: false, attempts_remaining: 2, time_remaining_seconds: 0 } },
    });
    await renderApp('/auth');
    await userEvent.type(await screen.findByLabelText('Email', {}, { timeout: 15_000 }), 'agent@demo.test');
    await userEvent.type(screen.getByLabelText('Password'), 'WrongPass1!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await within(toastRegion()).findByText('Invalid email or password. Please check your credentials.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('agent@demo.test');
    expect(screen.getByLabelText('Password')).toHaveValue('WrongPass1!');
    expect(await screen.findByText('Attempts left before your account is temporarily locked: 2.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/signin')?.body).toMatchObject({
      email: 'agent@demo.test',
      password: 'WrongPass1!',
      device_fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('a weak password is refused with the exact message', async () => {
    serve({
      '/api/auth/password-strength': {
        body: {
          is_strong: false,
          score: 2,
          max_score: 6,
          level: 'weak',
          feedback: ['password.long', 'password.uppercase', 'password.symbol', 'password.number'],
          feedback_text: [],
        },
      },
    });
    await renderApp('/auth?mode=signup');
    await userEvent.type(await screen.findByLabelText('Full Name', {}, { timeout: 15_000 }), 'Dana Agent');
    await userEvent.type(screen.getByLabelText('Email'), 'dana@demo.test');
    await userEvent.type(screen.getByLabelText('Password'), 'password');
    expect(await screen.findByText('Weak')).toBeInTheDocument();
    expect(screen.getByText('Add an uppercase letter')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(
      await screen.findByText('Weak Password: Please choose a stronger password that meets all requirements.'),
    ).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Weak Password')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/signup')).toBe(false);
  });

  it('a strong password with the bot check solved creates the account: Check Your Email', async () => {
    serve({
      '/api/auth/password-strength': {
        body: { is_strong: true, score: 6, max_score: 6, level: 'strong', feedback: [], feedback_text: [] },
      },
      '/api/auth/signup': { body: { message: 'ok' } },
      '/api/auth/resend': { body: { message: 'ok' } },
    });
    await renderApp('/auth?mode=signup');
    await userEvent.type(await screen.findByLabelText('Full Name', {}, { timeout: 15_000 }), 'Dana Agent');
    await userEvent.type(screen.getByLabelText('Email'), 'dana@demo.test');
    await userEvent.type(screen.getByLabelText('Password'), 'Sunny-Harbor-42');
    expect(await screen.findByText('Strong')).toBeInTheDocument();
    expect(await screen.findByText('Verified', {}, { timeout: 15_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check Your Email' })).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Account created!')).toBeInTheDocument();
    const body = calls.find((c) => c.path === '/api/auth/signup')?.body ?? {};
    expect(body).toMatchObject({ email: 'dana@demo.test', display_name: 'Dana Agent', password: 'Sunny-Harbor-42' });
    const token = String(body.bot_token);
    const solved = JSON.parse(atob(token.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((token.length + 3) % 4)));
    expect(solved).toMatchObject({ id: 'c1', salt: 'salt', difficulty: 1, signature: 'sig', nonce: expect.any(Number) });
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await within(toastRegion()).findByText('Verification Email Sent')).toBeInTheDocument();
  });
});

describe('F-AUTH-04 lockout on the sign-in screen', { timeout: 30_000 }, () => {
  it('checks the lock 500 ms after the e-mail changes and shows the countdown', async () => {
    serve({ '/api/auth/lockout-status': { body: { is_locked: true, attempts_remaining: 0, time_remaining_seconds: 900 } } });
    await renderApp('/auth');
    await userEvent.type(await screen.findByLabelText('Email', {}, { timeout: 15_000 }), 'locked@demo.test');
    expect(await screen.findByText('Account temporarily locked', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('Account is temporarily locked. Try again in 15 minutes.')).toBeInTheDocument();
    expect(screen.getByTestId('lock-countdown').textContent).toMatch(/^1[45]:\d\d$/);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
  });

  it('a locked answer shows the Account Locked toast with N minutes', async () => {
    let locked = false;
    serve({
      '/api/auth/signin': () => {
        locked = true;
        return {
          status: 423,
          body: {
            code: 'locked',
            message: 'Account is temporarily locked. Try again in 15 minutes.',
            fields: [{ field: 'email', key: 'auth.locked', message: 'Account is temporarily locked. Try again in 15 minutes.' }],
          },
        };
      },
      '/api/auth/lockout-status': () => ({
        body: locked
          ? { is_locked: true, attempts_remaining: 0, time_remaining_seconds: 840 }
          : { is_locked: false, attempts_remaining: 1, time_remaining_seconds: 0 },
      }),
    });
    await renderApp('/auth');
    await userEvent.type(await screen.findByLabelText('Email', {}, { timeout: 15_000 }), 'agent@demo.test');
    await userEvent.type(screen.getByLabelText('Password'), 'WrongPass1!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await within(toastRegion()).findByText('Account Locked')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Account is temporarily locked. Try again in 14 minutes.')).toBeInTheDocument();
    expect(screen.getByTestId('lock-countdown')).toBeInTheDocument();
  });
});

describe('F-AUTH-09 header for a signed-in user', { timeout: 30_000 }, () => {
  it('shows the wallet link, Upgrade to Pro and the user menu; sign-out failure says so', async () => {
    serve({
      '/api/auth/session': { body: { profile: PROFILE, session: SESSION } },
      '/api/auth/signout': { status: 503, body: { code: 'unavailable', message: 'down' } },
    });
    await renderApp('/lobby');
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Wallet: 0 Circle Points' })).toHaveAttribute('href', '/wallet');
    expect(within(header).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/pricing');
    const menuButton = within(header).getByRole('button', { name: 'Account menu for Dana Agent' });
    await userEvent.click(menuButton);
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Become a Creator' })).toHaveAttribute('href', '/creator-onboarding');
    expect(within(menu).getByRole('menuitem', { name: 'Profile Settings' })).toHaveAttribute('href', '/profile-settings');
    expect(within(menu).queryByRole('menuitem', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
    await userEvent.click(menuButton);
    await userEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Sign out' }));
    expect(await within(toastRegion()).findByText('Sign out failed')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Account menu for Dana Agent' })).toBeInTheDocument();
  });

  it('a Pro admin vendor sees the PRO badge and the role links, no Upgrade to Pro', async () => {
    serve({
      '/api/auth/session': {
        body: {
          profile: { ...PROFILE, is_pro_effective: true, is_pro: true, is_admin_effective: true, vendor_enabled: true, vendor_type: 'service_provider' },
          session: SESSION,
        },
      },
    });
    await renderApp('/lobby');
    const header = screen.getByRole('banner');
    await userEvent.click(await within(header).findByRole('button', { name: 'Account menu for Dana Agent' }));
    expect(within(header).queryByRole('link', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Circle Pro Member' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
    expect(within(menu).getByRole('menuitem', { name: 'Vendor Dashboard' })).toHaveAttribute('href', '/vendor-analytics');
    expect(within(menu).getByRole('menuitem', { name: 'Service Management' })).toHaveAttribute('href', '/vendor-dashboard');
    expect(within(header).getAllByText('PRO').length).toBeGreaterThan(0);
  });
});
