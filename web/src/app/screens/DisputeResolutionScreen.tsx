import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { DisputeForm } from '../../features/support/DisputeForm';

const LegalPage = lazy(() => import('../../features/legal/LegalPage'));

/**
 * /dispute-resolution (issue 32 item 9): the Dispute Resolution policy (the legal feature's
 * document) followed by the support feature's form to open a dispute on one of the member's
 * own paid orders, and the member's disputes with their status.
 */
export default function DisputeResolutionScreen() {
  const { t } = useTranslation();
  return (
    <>
      <Suspense fallback={<div aria-hidden className="mx-auto h-96 max-w-3xl" />}>
        <LegalPage doc="dispute-resolution" />
      </Suspense>
      <section id="open-dispute" aria-labelledby="open-dispute-heading" className="mx-auto flex max-w-3xl scroll-mt-24 flex-col gap-4 px-4 pb-12 sm:px-6 print:hidden">
        <h2 id="open-dispute-heading" className="text-2xl font-bold text-fg">
          {t('support.dispute.title')}
        </h2>
        <p className="text-fg-muted">{t('support.dispute.intro')}</p>
        <DisputeForm />
      </section>
    </>
  );
}
