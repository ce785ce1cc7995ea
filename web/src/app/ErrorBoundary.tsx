import { AlertTriangle, ExternalLink, RefreshCw, RotateCcw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '../components/ui/Button';
import { Notice } from '../components/ui/Notice';
import { browser } from '../lib/browser';
import { reportError } from '../lib/monitoring';
import { reloadWithReason } from '../lib/reload';

/** QA mode (query qa=1) shows error details and the QA Runner button (spec 01§2). */
export function isQaMode(search: string = typeof window === 'undefined' ? '' : window.location.search): boolean {
  return new URLSearchParams(search).get('qa') === '1';
}

/** The error fallback panel of spec 01§8: "Something went wrong in {section}". */
export function ErrorPanel({ section, error, onReset }: { section: string; error: unknown; onReset: () => void }) {
  const { t } = useTranslation();
  const qa = isQaMode();
  const message = error instanceof Error && error.message ? error.message : t('common.error.fallback');
  const stack = error instanceof Error ? error.stack : undefined;
  return (
    <div role="alert" className="px-4">
      <Notice
        tone="danger"
        icon={<AlertTriangle className="size-6" />}
        title={t('common.error.title', { section })}
        actions={
          <>
            <Button onClick={onReset}>
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('common.error.tryAgain')}
            </Button>
            <Button variant="secondary" onClick={() => reloadWithReason('recovery_fallback')}>
              <RefreshCw aria-hidden="true" className="size-4" />
              {t('common.error.reload')}
            </Button>
            {qa ? (
              <Button variant="ghost" onClick={() => browser.openInNewTab('/qa')}>
                <ExternalLink aria-hidden="true" className="size-4" />
                {t('common.error.qaRunner')}
              </Button>
            ) : null}
          </>
        }
      >
        <p>{message}</p>
        {qa && stack ? (
          <details className="mt-2 text-left">
            <summary className="cursor-pointer text-sm font-medium text-fg">{t('common.error.details')}</summary>
            <pre className="mt-2 max-h-64 overflow-auto rounded-control bg-surface-sunken p-3 text-xs whitespace-pre-wrap">
              {stack}
            </pre>
          </details>
        ) : null}
      </Notice>
    </div>
  );
}

interface Props {
  /** The section named in the panel: the screen's title, or the app. */
  section: string;
  /** When this changes (a navigation), a shown error is cleared. */
  resetKey?: string;
  /**
   * An optional layer (the help widget) that fails disappears instead of showing the panel: its
   * failure is reported, and the screen around it goes on working.
   */
  quiet?: boolean;
  children: ReactNode;
}

interface State {
  error: unknown;
  hasError: boolean;
  resetKey?: string;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) {
      return { resetKey: props.resetKey, error: null, hasError: false };
    }
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // React reports the error to the console itself; the client error monitor records it (F-APP-05).
    reportError({
      type: 'render_error',
      message: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? `${error.stack ?? ''}${info.componentStack ?? ''}` : (info.componentStack ?? undefined),
      section: this.props.section,
    });
  }

  reset = () => {
    // React.lazy keeps a screen whose code failed to download failed for the life of the page,
    // so trying again in place cannot work: load the page again instead.
    if (isChunkLoadError(this.state.error)) {
      reloadWithReason('recovery_fallback');
      return;
    }
    this.setState({ error: null, hasError: false });
  };

  override render() {
    if (this.state.hasError) {
      if (this.props.quiet) return null;
      return <ErrorPanel section={this.props.section} error={this.state.error} onReset={this.reset} />;
    }
    return this.props.children;
  }
}

/** The router's last-resort error element (an error outside every screen's boundary). */
export function RouteErrorPanel() {
  const { t } = useTranslation();
  const error = useRouteError();
  return <ErrorPanel section={t('common.sections.app')} error={error} onReset={() => reloadWithReason('recovery_fallback')} />;
}

/** A screen's code could not be downloaded (offline, or a deploy removed the old chunk). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(
    message,
  );
}
