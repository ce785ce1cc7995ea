import { useQuery } from '@tanstack/react-query';
import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { ApiError } from '../../lib/api/client';
import { readPendingAction } from '../../lib/pendingAction';
import { useViewer } from '../../lib/session';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { toast } from '../../lib/toast';
import { getProviders, providersQueryKey } from './api/get-providers';
import { verifyEmail } from './api/verify-email';
import { CheckEmail } from './CheckEmail';
import { messageOf } from './errors';
import { AUTH_TITLE_KEYS } from './routeTitle';
import { NewPasswordForm } from './NewPasswordForm';
import { ResetRequestForm } from './ResetRequestForm';
import { SignInForm, type AuthValues } from './SignInForm';
import { SignUpForm } from './SignUpForm';

type View = 'signin' | 'signup' | 'reset' | 'check' | 'newPassword';

const TITLE_KEYS: Record<View, string> = {
  signin: AUTH_TITLE_KEYS.signIn,
  signup: AUTH_TITLE_KEYS.signUp,
  reset: 'auth.title.reset',
  check: 'auth.title.checkEmail',
  newPassword: AUTH_TITLE_KEYS.newPassword,
};

const SUBTITLE_KEYS: Partial<Record<View, string>> = {
  signin: 'auth.subtitle.signIn',
  signup: 'auth.subtitle.signUp',
  reset: 'auth.subtitle.reset',
  newPassword: 'auth.subtitle.newPassword',
};

/** Only local paths are followed after sign-in (never another site, never back to /auth). */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value === '/auth' || value.startsWith('/auth?') || value.startsWith('/api/')) return '/';
  return value;
}

const EMPTY: AuthValues = { email: '', password: '', displayName: '' };

// Links are single use: remember what this page load already did with them (StrictMode runs
// effects twice; a second verify would report "invalid" for a link that just worked).
const verifying = new Map<string, Promise<string>>();
const toastedGoogleFailure = { done: false };

type Banner = { tone: 'info' | 'success' | 'error'; text: string; action?: ReactNode } | null;

export default function AuthPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const viewer = useViewer();
  // Without ?redirect= (e.g. signing in after the verification e-mail), a visitor's pending
  // action still brings them back to the item (issue 18 item 7).
  const redirect = safeRedirect(search.get('redirect') ?? readPendingAction()?.returnTo ?? null);
  const [resetToken, setResetToken] = useState(() => search.get('reset'));
  const [view, setView] = useState<View>(() =>
    search.get('reset') ? 'newPassword' : search.get('mode') === 'signup' ? 'signup' : 'signin',
  );
  const [values, setValues] = useState<AuthValues>(() => {
    const pending = readStorage('session', STORAGE_KEYS.pendingEmail);
    removeStorage('session', STORAGE_KEYS.pendingEmail);
    return { ...EMPTY, email: pending ?? '' };
  });
  const [checkEmail, setCheckEmail] = useState('');
  const [banner, setBanner] = useState<Banner>(() => {
    const reason = search.get('reason');
    if (reason === 'session_expired') return { tone: 'info', text: t('auth.reason.session_expired') };
    if (reason === 'error') return { tone: 'error', text: t('auth.reason.error') };
    return null;
  });
  // A link to the other form while this page is open (the header's Get Started Free on the sign-in
  // form) changes ?mode= only: the form follows the address.
  const mode = search.get('mode') === 'signup' ? 'signup' : 'signin';
  const [shownMode, setShownMode] = useState(mode);
  if (mode !== shownMode) {
    setShownMode(mode);
    if (view === 'signin' || view === 'signup') {
      setView(mode);
      setValues(EMPTY);
      setBanner(null);
    }
  }
  const headingId = useId();

  const providers = useQuery({ queryKey: providersQueryKey, queryFn: getProviders, staleTime: 5 * 60_000, retry: 1 });

  // Google failure comes back as /auth?reason=error&provider=google (01§8).
  useEffect(() => {
    if (search.get('reason') === 'error' && search.get('provider') === 'google' && !toastedGoogleFailure.done) {
      toastedGoogleFailure.done = true;
      toast({ title: t('auth.toast.googleFailed'), description: t('auth.toast.googleFailedBody'), variant: 'error' });
    }
  }, [search, t]);

  // /auth?verify=TOKEN: confirm the address, then drop the token from the address bar.
  const verifyToken = search.get('verify');
  useEffect(() => {
    if (!verifyToken) return;
    let p = verifying.get(verifyToken);
    if (!p) {
      p = verifyEmail(verifyToken).then(
        () => 'ok',
        (err: unknown) => {
          const f = err instanceof ApiError ? err.fields[0] : undefined;
          throw new Error(messageOf(f?.key, f?.message ?? (err instanceof Error ? err.message : undefined), t));
        },
      );
      verifying.set(verifyToken, p);
    }
    p.then(
      () => {
        setBanner({ tone: 'success', text: t('auth.verify.success') });
        toast({ title: t('auth.toast.verified'), description: t('auth.verify.success'), variant: 'success' });
      },
      (err: unknown) => {
        const text = err instanceof Error ? err.message : t('auth.generic');
        setBanner({ tone: 'error', text });
        toast({ title: t('auth.toast.verifyFailed'), description: text, variant: 'error' });
      },
    );
    const next = new URLSearchParams(search);
    next.delete('verify');
    setSearch(next, { replace: true });
  }, [verifyToken, search, setSearch, t]);

  // A reset link's token is kept in memory, not in the address bar.
  useEffect(() => {
    if (!search.get('reset')) return;
    const next = new URLSearchParams(search);
    next.delete('reset');
    setSearch(next, { replace: true });
  }, [search, setSearch]);

  useEffect(() => {
    document.title = `${t(TITLE_KEYS[view])} | ${t('common.appName')}`;
  }, [view, t]);

  if (viewer.status === 'signed-in' && view !== 'newPassword') {
    return <Navigate to={redirect} replace />;
  }

  /** The sign-in/sign-up switch clears the form (01§2). */
  function switchTo(next: 'signin' | 'signup') {
    setValues(EMPTY);
    setBanner(null);
    setView(next);
    // The address follows, so a reload or a shared link opens the same form.
    const params = new URLSearchParams(search);
    if (next === 'signup') params.set('mode', 'signup');
    else params.delete('mode');
    params.delete('reason');
    params.delete('provider');
    setSearch(params, { replace: true });
  }

  const googleEnabled = providers.data?.google.enabled === true;
  const googleReason = providers.data
    ? (providers.data.google.reason ?? '')
    : providers.isError
      ? t('auth.google.unavailable')
      : '';
  const showGoogle = view === 'signin' || view === 'signup';

  function startGoogle() {
    writeStorage('session', STORAGE_KEYS.googlePending, '1');
    window.location.assign(`/api/auth/google/start?redirect=${encodeURIComponent(redirect)}`);
  }

  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-10 md:py-16">
      <section
        aria-labelledby={headingId}
        className="flex flex-col gap-6 rounded-card border border-border bg-surface p-6 shadow-card md:p-8"
      >
        <header className="flex flex-col gap-2 text-center">
          <h1 id={headingId} className="text-2xl font-bold tracking-tight text-fg">
            {t(TITLE_KEYS[view])}
          </h1>
          {SUBTITLE_KEYS[view] ? <p className="text-sm text-fg-muted">{t(SUBTITLE_KEYS[view] ?? '')}</p> : null}
        </header>

        {banner ? <BannerView banner={banner} /> : null}

        {showGoogle ? (
          <div className="flex flex-col gap-2">
            <Button
              variant="secondary"
              size="lg"
              onClick={startGoogle}
              disabled={!googleEnabled}
              aria-describedby={!googleEnabled && googleReason ? `${headingId}-google` : undefined}
            >
              <GoogleMark />
              {t('auth.google.continue')}
            </Button>
            {!googleEnabled && googleReason ? (
              <p id={`${headingId}-google`} className="text-center text-xs text-fg-muted">
                {googleReason}
              </p>
            ) : null}
            <div className="flex items-center gap-3 text-xs text-fg-muted" aria-hidden="true">
              <span className="h-px flex-1 bg-border" />
              {t('auth.or')}
              <span className="h-px flex-1 bg-border" />
            </div>
          </div>
        ) : null}

        {view === 'signin' ? (
          <SignInForm
            values={values}
            onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
            onForgot={() => {
              setBanner(null);
              setView('reset');
            }}
            onSignedIn={() => navigate(redirect, { replace: true })}
          />
        ) : null}
        {view === 'signup' ? (
          <SignUpForm
            values={values}
            onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
            botKind={providers.data?.bot_check.kind ?? 'pow'}
            siteKey={providers.data?.bot_check.site_key}
            onCreated={(email) => {
              setCheckEmail(email);
              setValues(EMPTY);
              setView('check');
            }}
          />
        ) : null}
        {view === 'reset' ? (
          <ResetRequestForm email={values.email} onEmail={(email) => setValues((v) => ({ ...v, email }))} />
        ) : null}
        {view === 'check' ? (
          <CheckEmail
            email={checkEmail}
            onBack={() => {
              setValues({ ...EMPTY, email: checkEmail });
              setView('signin');
            }}
          />
        ) : null}
        {view === 'newPassword' && resetToken ? (
          <NewPasswordForm
            token={resetToken}
            onDone={() => {
              setResetToken(null);
              setBanner({ tone: 'success', text: t('auth.reset.done') });
              setView('signin');
            }}
            onInvalidLink={(message) => {
              setResetToken(null);
              setBanner({ tone: 'error', text: message });
              setView('reset');
            }}
          />
        ) : null}

        <footer className="flex flex-col items-center gap-2 border-t border-border pt-4 text-sm text-fg-muted">
          {view === 'signin' ? (
            <p>
              {t('auth.switch.toSignUp')}{' '}
              <button type="button" className="font-semibold text-primary hover:underline" onClick={() => switchTo('signup')}>
                {t('auth.switch.toSignUpAction')}
              </button>
            </p>
          ) : null}
          {view === 'signup' ? (
            <p>
              {t('auth.switch.toSignIn')}{' '}
              <button type="button" className="font-semibold text-primary hover:underline" onClick={() => switchTo('signin')}>
                {t('auth.switch.toSignInAction')}
              </button>
            </p>
          ) : null}
          {view === 'reset' || view === 'newPassword' ? (
            <button
              type="button"
              className="font-semibold text-primary hover:underline"
              onClick={() => {
                setResetToken(null);
                setBanner(null);
                setView('signin');
              }}
            >
              {t('auth.backToLogin')}
            </button>
          ) : null}
        </footer>
      </section>
    </div>
  );
}

function BannerView({ banner }: { banner: NonNullable<Banner> }) {
  const Icon = banner.tone === 'success' ? CheckCircle2 : banner.tone === 'error' ? AlertCircle : Info;
  return (
    <div
      role={banner.tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex gap-3 rounded-control border p-3 text-sm font-medium',
        banner.tone === 'success' && 'border-savings/40 bg-savings-soft text-savings-strong',
        banner.tone === 'error' && 'border-danger/40 bg-danger-soft text-danger-strong',
        banner.tone === 'info' && 'border-primary/30 bg-primary-soft text-primary-strong',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>{banner.text}</p>
    </div>
  );
}

/** Google's "G" (decorative; the button says "Continue with Google"). */
function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z" />
      <path fill="#34A853" d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z" />
      <path fill="#FBBC05" d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.94l3.66-2.84z" />
      <path fill="#EA4335" d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z" />
    </svg>
  );
}
