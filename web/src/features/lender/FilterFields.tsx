import { useTranslation } from 'react-i18next';
import { LabelledControl } from '../../components/form/LabelledControl';
import { cn } from '../../components/ui/cn';
import { LOAN_TYPES, RATINGS, type LenderFilters, type LoanType } from './api';
import { STATES } from './links';

const control = 'min-h-11 w-full rounded-control border border-border-strong bg-surface px-3 text-fg focus-visible:outline-2 focus-visible:outline-primary';

/** The lender filters: state, loan type, co-pay and rating; each change goes to the address at once. */
export function FilterFields({
  filters,
  onChange,
  idPrefix,
  layout,
}: {
  filters: LenderFilters;
  onChange: (f: LenderFilters) => void;
  idPrefix: string;
  layout: 'row' | 'column';
}) {
  const { t } = useTranslation();
  const id = (name: string) => `${idPrefix}-lender-${name}`;
  return (
    <div className={cn('grid gap-4', layout === 'row' ? 'grid-cols-[1fr_1fr_1fr_auto] items-end' : 'grid-cols-1')}>
      <LabelledControl id={id('state')} label={t('lender.filters.state')} className="flex flex-col gap-1">
        <select id={id('state')} className={control} value={filters.state} onChange={(e) => onChange({ ...filters, state: e.target.value })}>
          <option value="">{t('lender.filters.anyState')}</option>
          {STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </LabelledControl>
      <LabelledControl id={id('loan')} label={t('lender.filters.loanType')} className="flex flex-col gap-1">
        <select id={id('loan')} className={control} value={filters.loanType} onChange={(e) => onChange({ ...filters, loanType: e.target.value as LoanType | '' })}>
          <option value="">{t('lender.filters.anyLoan')}</option>
          {LOAN_TYPES.map((lt) => (
            <option key={lt} value={lt}>
              {t(`lender.loan.${lt}`)}
            </option>
          ))}
        </select>
      </LabelledControl>
      <LabelledControl id={id('rating')} label={t('lender.filters.rating')} className="flex flex-col gap-1">
        <select id={id('rating')} className={control} value={String(filters.minRating)} onChange={(e) => onChange({ ...filters, minRating: Number(e.target.value) })}>
          <option value="0">{t('lender.filters.anyRating')}</option>
          {RATINGS.map((r) => (
            <option key={r} value={String(r)}>
              {t('lender.filters.ratingAtLeast', { rating: (r / 10).toFixed(1) })}
            </option>
          ))}
        </select>
      </LabelledControl>
      <label htmlFor={id('copay')} className="flex min-h-11 cursor-pointer items-center gap-2 text-fg">
        <input id={id('copay')} type="checkbox" className="size-5 accent-primary" checked={filters.copay} onChange={(e) => onChange({ ...filters, copay: e.target.checked })} />
        {t('lender.filters.copay')}
      </label>
    </div>
  );
}
