import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CreditCard, Lock } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/Button';
import { browser } from '../../lib/browser';
import { formatDateTime } from '../../lib/dates';
import { formatCents } from '../../lib/money';
import { toast } from '../../lib/toast';
import { paymentMethodQuery, useRemoveCard, useStartCardSetup, type CardOnFile } from './paymentMethod';

/** Card networks as people write them, by the provider's brand id. */
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** The short mark a card network prints on the card face. */
const BRAND_MARKS: Record<string, string> = { visa: 'VISA', mastercard: 'MC', amex: 'AMEX', discover: 'DISC', jcb: 'JCB' };

export function brandName(brand: string): string {
  return BRANDS[brand.toLowerCase()] ?? (brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : '');
}

/** How long the dashboard waits for a card Stripe's webhook is still saving, after the return. */
const WAIT_FOR_CARD_MS = 30_000;

/**
 * The Payment method card of the Profile tab (F-PAY-07): the card Circle charges when agents
 * spend the Agent Points the vendor funds, or none, with Add a card / Replace card (the payment
 * provider's hosted page) and Remove. Back from that page (?card=saved or ?card=canceled) it
 * says how it went with a toast and brings itself into view.
 */
export function PaymentMethodCard({ vendorId }: { vendorId: string }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const [params, setParams] = useSearchParams();
  const returned = params.get('card');
  // Back from Stripe, the webhook may land a moment after the owner: look again for a while.
  // (The return is a page load, so the address read when the card mounts says it.)
  const [awaitingCard, setAwaitingCard] = useState(() => returned === 'saved');
  const q = useQuery({ ...paymentMethodQuery(vendorId), refetchInterval: (query) => (awaitingCard && !query.state.data?.card ? 2000 : false) });
  const start = useStartCardSetup(vendorId);
  const remove = useRemoveCard(vendorId);
  const [confirming, setConfirming] = useState(false);
  const lang = (['en', 'es', 'fr'] as const).find((l) => l === i18n.language.slice(0, 2)) ?? 'en';

  useEffect(() => {
    if (returned !== 'saved' && returned !== 'canceled') return;
    if (returned === 'saved') {
      toast({ title: t('vendorProfile.card.saved'), description: t('vendorProfile.card.savedBody'), variant: 'success' });
    } else {
      toast({ title: t('vendorProfile.card.canceled') });
    }
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('card');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    sectionRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, [returned, setParams, t]);

  useEffect(() => {
    if (!awaitingCard) return;
    const stop = window.setTimeout(() => setAwaitingCard(false), WAIT_FOR_CARD_MS);
    return () => window.clearTimeout(stop);
  }, [awaitingCard]);

  async function openSetup() {
    try {
      const { url } = await start.mutateAsync(lang);
      browser.goTo(url);
    } catch {
      toast({ title: t('vendorProfile.card.openFailed'), variant: 'error' });
    }
  }

  function removeCard() {
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setAwaitingCard(false);
        toast({ title: t('vendorProfile.card.removed'), variant: 'success' });
      },
      onError: () => toast({ title: t('vendorProfile.card.removeFailed'), variant: 'error' }),
    });
  }

  const pm = q.data;
  const card = pm?.card;
  const savingCard = awaitingCard && !card;
  return (
    <section
      ref={sectionRef}
      aria-labelledby={headingId}
      className="flex scroll-mt-24 flex-col gap-4 rounded-card border border-border bg-surface p-4 shadow-card sm:p-5"
      data-testid="payment-method-card"
    >
      <div className="flex flex-col gap-2">
        <div className="flex items-center gap-3">
          <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            <CreditCard className="size-5" />
          </span>
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-fg focus:outline-none">
            {t('vendorProfile.card.heading')}
          </h2>
        </div>
        <p className="text-sm text-fg-muted">{t('vendorProfile.card.intro')}</p>
      </div>
      {q.isError ? (
        <div role="alert" className="flex min-h-[5.5rem] flex-col items-start justify-center gap-2">
          <p className="text-sm text-fg">{t('vendorProfile.loadError')}</p>
          <Button size="sm" variant="secondary" onClick={() => void q.refetch()}>
            {t('vendorProfile.retry')}
          </Button>
        </div>
      ) : !pm ? (
        <div aria-busy="true" aria-label={t('vendorProfile.loading')} className="h-[5.5rem] rounded-control bg-surface-sunken motion-safe:animate-pulse" />
      ) : (
        <div className="flex min-h-[5.5rem] flex-col justify-center gap-3">
          {card ? <CardLine card={card} language={i18n.language} /> : <NoCard saving={savingCard} />}
          {pm.test_mode ? <p className="text-xs text-fg-muted">{t('vendorProfile.card.testMode')}</p> : null}
        </div>
      )}
      {pm && pm.waiting_charges > 0 ? (
        <p className="flex items-start gap-2 rounded-control border border-warning-strong/30 bg-warning-soft p-3 text-sm text-warning-strong" data-testid="waiting-charges">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('vendorProfile.card.waiting', { count: pm.waiting_charges, amount: formatCents(pm.waiting_cents, { language: i18n.language, currency: 'USD' }) })}
        </p>
      ) : null}
      {confirming && card ? (
        <div role="group" aria-label={t('vendorProfile.card.confirmRemove')} className="flex flex-col gap-3 rounded-control border border-danger/30 p-3">
          <p className="text-sm text-fg">{t('vendorProfile.card.confirmRemove')}</p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="danger" onClick={removeCard} disabled={remove.isPending}>
              {remove.isPending ? t('vendorProfile.card.removing') : t('vendorProfile.card.confirmRemoveAction')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              {t('vendorProfile.card.keep')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void openSetup()} disabled={!pm || start.isPending}>
            {start.isPending ? t('vendorProfile.card.opening') : card ? t('vendorProfile.card.replace') : t('vendorProfile.card.add')}
          </Button>
          {card ? (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {t('vendorProfile.card.remove')}
            </Button>
          ) : null}
        </div>
      )}
      <p className="flex items-center gap-1.5 text-xs text-fg-muted">
        <Lock aria-hidden="true" className="size-3.5 shrink-0" />
        {t('vendorProfile.card.secure')}
      </p>
    </section>
  );
}

function CardLine({ card, language }: { card: CardOnFile; language: string }) {
  const { t } = useTranslation();
  const brand = brandName(card.brand);
  return (
    <div className="flex items-center gap-3" data-testid="card-on-file">
      <span
        aria-hidden="true"
        className="flex h-9 w-14 shrink-0 items-center justify-center rounded-md border border-border-strong bg-surface-sunken text-xs font-bold tracking-wide text-fg"
      >
        {BRAND_MARKS[card.brand.toLowerCase()] ?? <CreditCard className="size-5" />}
      </span>
      <div className="flex min-w-0 flex-col">
        <p className="font-medium text-fg tabular-nums">{t('vendorProfile.card.onFile', { brand, last4: card.last4 })}</p>
        <p className="text-sm text-fg-muted tabular-nums">
          {card.exp_month > 0 && card.exp_year > 0
            ? `${t('vendorProfile.card.expires', { month: String(card.exp_month).padStart(2, '0'), year: card.exp_year })} · `
            : ''}
          {t('vendorProfile.card.added', { date: formatDateTime(card.updated_at, language, { dateStyle: 'medium' }) })}
        </p>
      </div>
    </div>
  );
}

function NoCard({ saving }: { saving: boolean }) {
  const { t } = useTranslation();
  if (saving) {
    return (
      <p role="status" className="text-sm text-fg">
        {t('vendorProfile.card.saving')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-0.5" data-testid="no-card">
      <p className="font-medium text-fg">{t('vendorProfile.card.none')}</p>
      <p className="text-sm text-fg-muted">{t('vendorProfile.card.noneBody')}</p>
    </div>
  );
}
