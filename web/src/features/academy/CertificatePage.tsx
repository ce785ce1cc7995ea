import { useQuery } from '@tanstack/react-query';
import { Award, Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/Button';
import { formatDateTime } from '../../lib/dates';
import { currentLanguage } from '../../lib/i18n';
import { certificateQuery, pick } from './api';
import { AcademyGate, LoadError } from './Gate';

// Printing shows the certificate alone, on one landscape page, without the app's header and menus.
const PRINT_CSS = `@media print {
  @page { size: landscape; margin: 12mm; }
  body * { visibility: hidden !important; }
  #academy-certificate, #academy-certificate * { visibility: visible !important; }
  #academy-certificate { position: absolute; inset: 0; box-shadow: none !important; }
}`;

/** /academy/certificates/:id (F-AREA-05): the printable certificate, public so it can be verified. */
export default function CertificatePage() {
  return (
    <AcademyGate>
      <CertificateScreen />
    </AcademyGate>
  );
}

function CertificateScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const lang = currentLanguage();
  const cert = useQuery(certificateQuery(id));
  if (cert.isError) return <LoadError error={cert.error} />;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 py-6">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <h1 className="text-2xl font-bold tracking-tight text-fg">{t('areas.academyCertificate.title')}</h1>
        <Button onClick={() => window.print()} disabled={cert.isPending}>
          <Printer className="size-4" aria-hidden="true" />
          {t('academy.certificate.print')}
        </Button>
      </div>
      {cert.isPending ? (
        <div className="aspect-[1.414] w-full animate-pulse rounded-card bg-surface-sunken motion-reduce:animate-none" aria-hidden="true" />
      ) : (
        <article
          id="academy-certificate"
          data-testid="certificate"
          className="flex aspect-[1.414] w-full flex-col items-center justify-center gap-3 rounded-card border-8 border-double border-primary bg-surface p-6 text-center shadow-card sm:gap-5 sm:p-12"
        >
          <Award className="size-10 text-primary sm:size-14" aria-hidden="true" />
          <p className="text-xs font-semibold uppercase tracking-widest text-fg-muted sm:text-sm">{t('academy.certificate.heading')}</p>
          <p className="text-sm text-fg-muted sm:text-base">{t('academy.certificate.presented')}</p>
          <p className="text-2xl font-bold text-fg sm:text-4xl">{cert.data.member_name}</p>
          <p className="text-sm text-fg-muted sm:text-base">{t('academy.certificate.for')}</p>
          <p className="text-lg font-semibold text-fg sm:text-2xl">
            <Link to={`/academy/${cert.data.course_slug}`} className="hover:underline print:no-underline">
              {pick(cert.data.course_title, lang)}
            </Link>
          </p>
          <p className="text-sm text-fg-muted">
            {t('academy.certificate.issued', { date: formatDateTime(cert.data.issued_at, lang, { dateStyle: 'long' }) })}
          </p>
          <p className="font-mono text-xs text-fg-muted">{t('academy.certificate.id', { id: cert.data.id })}</p>
        </article>
      )}
    </div>
  );
}
