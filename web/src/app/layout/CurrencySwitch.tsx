import { Coins, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';
import { CURRENCY_CHOICES, isCurrencyChoice, useSetCurrency, useViewerCurrency } from '../../lib/currency';

/**
 * The USD/CAD switch (spec 01§9, F-APP-06), beside the language picker in the header and in the
 * footer: Automatic (CAD for a Canadian province or in French without a US state, else USD),
 * US dollars or Canadian dollars. The server stores the choice (a member's profile, a visitor's
 * cookie) and prices everything in it; the screen's prices refetch when it changes.
 */
export function CurrencySwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const current = useViewerCurrency();
  const setCurrency = useSetCurrency();
  const pending = setCurrency.isPending ? setCurrency.variables : undefined;
  const value = pending ?? current?.choice ?? 'auto';
  const autoLabel = current
    ? t('common.header.currencyAutoIs', { currency: current.currency === 'CAD' ? 'C$' : 'US$' })
    : t('common.header.currencyAuto');
  return (
    <div className={cn('relative flex items-center', className)}>
      <label htmlFor={id} className="sr-only">
        {t('common.header.currency')}
      </label>
      <Coins aria-hidden="true" className="pointer-events-none absolute left-2.5 size-4 text-fg-muted" />
      <select
        id={id}
        data-testid="currency-switch"
        value={value}
        aria-busy={setCurrency.isPending ? true : undefined}
        disabled={current === undefined}
        onChange={(e) => {
          const next = e.target.value;
          if (isCurrencyChoice(next) && next !== current?.choice && !setCurrency.isPending) setCurrency.mutate(next);
        }}
        className="h-10 w-36 appearance-none truncate rounded-control border border-border bg-surface pr-2 pl-8 text-sm text-fg hover:bg-surface-sunken disabled:opacity-70"
      >
        {CURRENCY_CHOICES.map((c) => (
          <option key={c} value={c}>
            {c === 'auto' ? autoLabel : c === 'USD' ? t('common.header.currencyUSD') : t('common.header.currencyCAD')}
          </option>
        ))}
      </select>
      {setCurrency.isPending ? (
        <LoaderCircle aria-hidden="true" className="pointer-events-none absolute right-2 size-4 text-fg-muted motion-safe:animate-spin" />
      ) : null}
      {setCurrency.isError ? (
        <p role="alert" className="sr-only">
          {t('common.header.currencyError')}
        </p>
      ) : null}
    </div>
  );
}
