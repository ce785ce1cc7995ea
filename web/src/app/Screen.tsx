import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { RouteSpinner } from '../components/ui/Spinner';
import { AccessGuard } from './access/AccessGuard';
import { ErrorBoundary } from './ErrorBoundary';

/**
 * One route screen: its own error boundary (section = the screen's title), the access its route
 * declares, the route spinner while its lazy code loads, and the document title.
 */
export function Screen({
  titleKey,
  children,
}: {
  /** An i18n key, or a function of the query string for screens whose title depends on it. */
  titleKey: string | ((search: URLSearchParams) => string);
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const key = typeof titleKey === 'function' ? titleKey(new URLSearchParams(location.search)) : titleKey;
  const title = t(key);
  useEffect(() => {
    document.title = `${title} | ${t('common.appName')}`;
  }, [title, t]);
  return (
    <ErrorBoundary section={title} resetKey={location.pathname}>
      <Suspense fallback={<RouteSpinner />}>
        <AccessGuard title={title}>{children}</AccessGuard>
      </Suspense>
    </ErrorBoundary>
  );
}
