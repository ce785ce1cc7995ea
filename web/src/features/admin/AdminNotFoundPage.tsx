import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { TitledSection } from '../../components/ui/TitledSection';
import { ADMIN_SECTIONS, AdminShell } from './AdminShell';

/**
 * /admin/* that is no back-office page (issue 32): says so, with the address asked for, and
 * offers every section of the back office so the admin can go on.
 */
export default function AdminNotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <AdminShell title={t('areas.adminNotFound.title')}>
      <p role="status" className="text-fg-muted">
        {t('adminNotFound.body', { path: pathname })}
      </p>
      <TitledSection id="admin-not-found-sections" title={t('adminNotFound.sections')} className="flex flex-col gap-3">
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {ADMIN_SECTIONS.map((s) => (
            <li key={s.to}>
              <Link
                to={s.to}
                className="flex min-h-11 items-center rounded-card border border-border bg-surface px-4 py-2 text-primary hover:bg-surface-sunken"
              >
                {t(`admin.nav.${s.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </TitledSection>
    </AdminShell>
  );
}
