import { AlertTriangle, CheckCircle2, RotateCcw, ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { cn } from '../../../components/ui/cn';
import { getProviders } from '../api/get-providers';
import { powToken } from './pow';
import { startSolve } from './solve';

/** Widget states and results of spec 01§2. */
export type BotStatus = 'loading' | 'ready' | 'error';
export type BotResult = 'success' | 'error' | 'expired' | 'timeout';

/** Solving may take at most this long before "Verification timed out". */
export const POW_TIMEOUT_MS = 30_000;
/** A solved challenge is given up this long before it expires on the server. */
const EXPIRY_MARGIN_MS = 5_000;

interface WidgetState {
  status: BotStatus;
  result: BotResult | null;
  /** i18n key of the error text. */
  errorKey?: string;
}

const TURNSTILE_SRC = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileApi {
  render(
    el: HTMLElement,
    opts: {
      sitekey: string;
      action: string;
      callback: (token: string) => void;
      'error-callback': () => void;
      'expired-callback': () => void;
      'timeout-callback': () => void;
    },
  ): string;
  remove(id: string): void;
}

let turnstileScript: Promise<TurnstileApi> | null = null;

function loadTurnstile(): Promise<TurnstileApi> {
  const w = window as unknown as { turnstile?: TurnstileApi };
  if (w.turnstile) return Promise.resolve(w.turnstile);
  turnstileScript ??= new Promise<TurnstileApi>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = TURNSTILE_SRC;
    s.async = true;
    s.onload = () => (w.turnstile ? resolve(w.turnstile) : reject(new Error('render')));
    s.onerror = () => {
      turnstileScript = null;
      s.remove();
      reject(new Error('render'));
    };
    document.head.appendChild(s);
  });
  return turnstileScript;
}

/**
 * The bot check of the sign-up form: the built-in proof of work (solved in a Web Worker), or
 * Cloudflare Turnstile when the server is configured for it. Reports a token, or null when there
 * is none (yet, any more).
 */
export function BotCheck({
  kind,
  siteKey,
  onToken,
}: {
  kind: 'pow' | 'turnstile';
  siteKey?: string;
  /** Called with the token, or null when there is none any more. Remount (key) to start over. */
  onToken: (token: string | null) => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<WidgetState>({ status: 'loading', result: null });
  const [attempt, setAttempt] = useState(0);
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  }, [onToken]);
  const turnstileBox = useRef<HTMLDivElement>(null);
  const headingId = useId();

  const fail = useCallback((result: BotResult, errorKey: string) => {
    onTokenRef.current(null);
    setState({ status: 'error', result, errorKey });
  }, []);

  // Built-in proof of work.
  useEffect(() => {
    if (kind !== 'pow') return;
    let done = false;
    let cancel = () => undefined as void;
    const timers: ReturnType<typeof setTimeout>[] = [];
    getProviders()
      .catch(() => {
        // No challenge: the widget cannot be shown.
        throw new Error('render');
      })
      .then((p) => {
        if (done) return;
        const c = p.bot_check.pow;
        if (!c) throw new Error('render');
        setState({ status: 'ready', result: null });
        const solve = startSolve(c);
        cancel = solve.cancel;
        timers.push(
          setTimeout(() => {
            if (done) return;
            done = true;
            solve.cancel();
            fail('timeout', 'auth.bot.timeout');
          }, POW_TIMEOUT_MS),
        );
        return solve.promise.then((nonce) => {
          if (done) return;
          for (const tm of timers) clearTimeout(tm);
          onTokenRef.current(powToken(c, nonce));
          setState({ status: 'ready', result: 'success' });
          const left = c.expires_at * 1000 - Date.now() - EXPIRY_MARGIN_MS;
          timers.push(
            setTimeout(() => {
              if (!done) fail('expired', 'auth.bot.expired');
            }, Math.max(0, left)),
          );
        });
      })
      .catch((err: unknown) => {
        if (done) return;
        fail('error', err instanceof Error && err.message !== 'render' && err.message !== 'cancelled' ? 'auth.bot.failed' : 'auth.bot.render');
      });
    return () => {
      done = true;
      cancel();
      for (const tm of timers) clearTimeout(tm);
    };
  }, [kind, attempt, fail]);

  // Cloudflare Turnstile.
  useEffect(() => {
    if (kind !== 'turnstile') return;
    let widgetId: string | null = null;
    let gone = false;
    loadTurnstile()
      .then((ts) => {
        if (gone || !turnstileBox.current || !siteKey) throw new Error('render');
        widgetId = ts.render(turnstileBox.current, {
          sitekey: siteKey,
          // The server accepts only tokens of this widget (botcheck.Action).
          action: 'signup',
          callback: (token) => {
            onTokenRef.current(token);
            setState({ status: 'ready', result: 'success' });
          },
          'error-callback': () => fail('error', 'auth.bot.failed'),
          'expired-callback': () => fail('expired', 'auth.bot.expired'),
          'timeout-callback': () => fail('timeout', 'auth.bot.timeout'),
        });
        setState({ status: 'ready', result: null });
        return ts;
      })
      .catch(() => {
        if (!gone) fail('error', 'auth.bot.render');
      });
    return () => {
      gone = true;
      const w = window as unknown as { turnstile?: TurnstileApi };
      if (widgetId && w.turnstile) w.turnstile.remove(widgetId);
    };
  }, [kind, siteKey, attempt, fail]);

  return (
    <div
      role="group"
      aria-labelledby={headingId}
      data-status={state.status}
      data-result={state.result ?? ''}
      className={cn(
        'flex flex-col gap-2 rounded-control border p-3',
        state.status === 'error' ? 'border-danger/40 bg-danger-soft' : 'border-border bg-surface-muted',
      )}
    >
      <p id={headingId} className="sr-only">
        {t('auth.bot.label')}
      </p>
      {kind === 'turnstile' ? <div ref={turnstileBox} /> : null}
      <div aria-live="polite" className="flex items-center gap-3 text-sm">
        {state.status === 'loading' ? (
          <>
            <Spinner className="size-5 border-2" />
            <span className="text-fg-muted">{t('auth.bot.loading')}</span>
          </>
        ) : null}
        {state.status === 'ready' && state.result === null && kind === 'pow' ? (
          <>
            <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
            <span className="text-fg-muted">{t('auth.bot.working')}</span>
          </>
        ) : null}
        {state.status === 'ready' && state.result === 'success' ? (
          <>
            <CheckCircle2 aria-hidden="true" className="size-5 text-savings" />
            <span className="font-medium text-savings-strong">{t('auth.bot.success')}</span>
          </>
        ) : null}
        {state.status === 'error' ? (
          <div className="flex w-full flex-wrap items-center gap-3">
            <AlertTriangle aria-hidden="true" className="size-5 shrink-0 text-danger" />
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="font-semibold text-danger-strong">{t('auth.bot.errorTitle')}</span>
              <span className="text-danger-strong">{t(state.errorKey ?? 'auth.bot.render')}</span>
            </div>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                onTokenRef.current(null);
                setState({ status: 'loading', result: null });
                setAttempt((a) => a + 1);
              }}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('auth.bot.tryAgain')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
