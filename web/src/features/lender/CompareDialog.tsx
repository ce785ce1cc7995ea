import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertLine } from '../../components/ui/AlertLine';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { compareQuery, type Lang, type Lender } from './api';
import { bookingLink } from './links';
import { Rating } from './Rating';

interface Row {
  key: string;
  label: string;
  value: (l: Lender) => ReactNode;
}

/**
 * The lenders side by side (the server's answer, in the order chosen): columns on a wide screen,
 * one stacked table per lender on a phone.
 */
export function CompareDialog({ ids, lang, onClose, onCoMarket }: { ids: readonly string[]; lang: Lang; onClose: () => void; onCoMarket: (l: Lender) => void }) {
  const { t } = useTranslation();
  const q = useQuery(compareQuery(ids, lang));
  const lenders = q.data?.lenders ?? [];
  const rows: Row[] = [
    { key: 'nmls', label: t('lender.table.nmls'), value: (l) => l.nmls_id || '—' },
    { key: 'rating', label: t('lender.table.rating'), value: (l) => <Rating lender={l} /> },
    { key: 'loans', label: t('lender.table.loanTypes'), value: (l) => (l.loan_types ?? []).map((lt) => t(`lender.loan.${lt}`)).join(', ') || '—' },
    { key: 'states', label: t('lender.table.states'), value: (l) => (l.states ?? []).join(', ') },
    {
      key: 'copay',
      label: t('lender.table.copay'),
      value: (l) => (l.copay_available ? t('lender.copay.available', { percent: l.cap_percent }) : t('lender.copay.none')),
    },
    { key: 'close', label: t('lender.table.closeDays'), value: (l) => (l.avg_close_days ? t('lender.closeDays', { count: l.avg_close_days }) : '—') },
    { key: 'credit', label: t('lender.table.minCredit'), value: (l) => (l.min_credit_score ? String(l.min_credit_score) : '—') },
    { key: 'partners', label: t('lender.table.partners'), value: (l) => String(l.co_marketing_agents) },
  ];
  const actions = (l: Lender) => (
    <div className="flex flex-col gap-2">
      {l.copay_available && (
        <Button variant="secondary" size="sm" className="min-h-11" onClick={() => onCoMarket(l)}>
          {t('lender.coMarket.open')}
          <span className="sr-only">{` ${l.name}`}</span>
        </Button>
      )}
      <ButtonLink variant="ghost" size="sm" className="min-h-11" to={bookingLink(l)}>
        {t('lender.book')}
        <span className="sr-only">{` ${l.name}`}</span>
      </ButtonLink>
    </div>
  );

  return (
    <Modal labelledBy="lender-compare-title" onClose={onClose} className="md:max-w-5xl">
      <div className="flex flex-col gap-4">
        <div className="flex items-center justify-between gap-2">
          <h2 id="lender-compare-title" className="text-xl font-semibold text-fg">
            {t('lender.compare.title', { count: ids.length })}
          </h2>
          <Button variant="ghost" aria-label={t('lender.close')} onClick={onClose}>
            <X aria-hidden="true" className="size-5" />
          </Button>
        </div>
        {q.isError ? (
          <AlertLine>{t('lender.error')}</AlertLine>
        ) : q.isPending ? (
          <div className="h-64 animate-pulse rounded-card bg-surface-sunken motion-reduce:animate-none" aria-hidden="true" />
        ) : (
          <>
            <div className="hidden overflow-x-auto md:block">
              <table className="w-full table-fixed border-collapse text-left text-sm" data-testid="compare-table">
                <caption className="sr-only">{t('lender.compare.caption')}</caption>
                <thead>
                  <tr>
                    <td className="w-40" />
                    {lenders.map((l) => (
                      <th key={l.id} scope="col" className="border-b border-border p-2 align-bottom text-base font-semibold text-fg">
                        {l.name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.key} className="border-b border-border">
                      <th scope="row" className="p-2 font-medium text-fg-muted">
                        {r.label}
                      </th>
                      {lenders.map((l) => (
                        <td key={l.id} className="p-2 align-top text-fg">
                          {r.value(l)}
                        </td>
                      ))}
                    </tr>
                  ))}
                  <tr>
                    <td />
                    {lenders.map((l) => (
                      <td key={l.id} className="p-2">
                        {actions(l)}
                      </td>
                    ))}
                  </tr>
                </tbody>
              </table>
            </div>
            <div className="flex flex-col gap-4 md:hidden" data-testid="compare-stacked">
              {lenders.map((l) => (
                <section key={l.id} aria-label={l.name} className="rounded-card border border-border p-3">
                  <table className="w-full text-left text-sm">
                    <caption className="pb-2 text-left text-base font-semibold text-fg">{l.name}</caption>
                    <tbody>
                      {rows.map((r) => (
                        <tr key={r.key} className="border-t border-border">
                          <th scope="row" className="w-2/5 py-2 pr-2 align-top font-medium text-fg-muted">
                            {r.label}
                          </th>
                          <td className="py-2 align-top text-fg">{r.value(l)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  <div className="pt-2">{actions(l)}</div>
                </section>
              ))}
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
