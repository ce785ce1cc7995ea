import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Pause, Percent, TrendingDown, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledControl } from '../../components/form/LabelledControl';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { ApiError } from '../../lib/api/client';
import { toast } from '../../lib/toast';
import {
  CANCEL_REASONS,
  longDate,
  PAUSE_DAYS,
  refreshSubscription,
  useChangeSubscription,
  type Availability,
  type BillingView,
  type CancelReason,
} from './api';

export type Step = 'menu' | 'pause' | 'discount' | 'downgrade' | 'survey' | 'cancel';

/** Where Back goes from each step (03§2: Back returns to the previous step). */
export const BACK: Record<Exclude<Step, 'menu'>, Step> = {
  pause: 'menu',
  discount: 'menu',
  downgrade: 'menu',
  survey: 'menu',
  cancel: 'survey',
};

/** The retention offers the menu can start now; they never stack (server availability). */
export function offerEnabled(offers: Availability | undefined, step: 'pause' | 'discount' | 'downgrade'): boolean {
  return Boolean(offers?.[step]);
}

/** The resume date of a pause starting now. */
export function pauseResumeDate(now: Date): Date {
  const d = new Date(now);
  d.setDate(d.getDate() + PAUSE_DAYS);
  return d;
}

type Action = 'pause' | 'discount' | 'downgrade' | 'cancel';

/** The subscription management dialog of 03§2. */
export function SubscriptionDialog({ billing, onClose }: { billing: BillingView; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('menu');
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [feedback, setFeedback] = useState('');
  const change = useChangeSubscription();
  // Stays set after success: the dialog closes.
  const busy = change.isPending || change.isSuccess;
  const reasonName = useId();
  const feedbackId = useId();
  const sub = billing.subscription as BillingView['subscription'] | null;
  const offers = billing.offers;

  const act = async (action: Action) => {
    if (busy) return;
    try {
      const view = await change.mutateAsync(action === 'cancel' ? { kind: 'cancel', reason: reason ?? 'other', feedback } : { kind: action });
      const s = view.subscription as BillingView['subscription'] | null;
      const message =
        action === 'pause'
          ? t('billing.manage.done.pause', { date: longDate(s?.resumes_at, i18n.language) })
          : action === 'cancel'
            ? t('billing.manage.done.cancel', { date: longDate(s?.current_period_end, i18n.language) })
            : t(`billing.manage.done.${action}`);
      toast({ title: t('billing.manage.doneTitle'), description: message, variant: 'success' });
      onClose();
      await refreshSubscription(queryClient);
    } catch (err) {
      // A refused offer says why (offers never stack); a failure says the spec's "Failed to ...".
      const said = err instanceof ApiError && (err.status === 409 || err.status === 403) ? err.message : null;
      toast({ title: t('billing.errorTitle'), description: said ?? t(`billing.errors.${action}`), variant: 'error' });
    }
  };

  const back = step !== 'menu' ? (
    <Button variant="secondary" onClick={() => setStep(BACK[step])} disabled={busy}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('billing.manage.back')}
    </Button>
  ) : null;

  const confirm = (action: Action, label: string, danger = false) => (
    <Button variant={danger ? 'danger' : 'primary'} onClick={() => void act(action)} disabled={busy}>
      {busy ? t('cart.processing') : label}
    </Button>
  );

  return (
    <Modal labelledBy={titleId} onClose={busy ? undefined : onClose} className="flex flex-col gap-4">
      <h2 id={titleId} className="text-xl font-semibold text-fg">
        {t(`billing.manage.titles.${step}`)}
      </h2>
      {step === 'menu' ? (
        <>
          <p className="text-sm text-fg-muted">{t('billing.manage.intro')}</p>
          {offers.message && !offers.pause && !offers.discount && !offers.downgrade ? (
            <p className="rounded-control bg-surface-muted p-3 text-sm text-fg-muted">{offers.message}</p>
          ) : null}
          <ul className="flex flex-col gap-2">
            {(
              [
                ['pause', Pause],
                ['discount', Percent],
                ['downgrade', TrendingDown],
              ] as const
            ).map(([id, Icon]) => (
              <li key={id}>
                <button
                  type="button"
                  disabled={!offerEnabled(offers, id)}
                  onClick={() => setStep(id)}
                  className="flex w-full items-start gap-3 rounded-control border border-border px-4 py-3 text-left hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-60"
                >
                  <Icon aria-hidden="true" className="mt-0.5 size-5 text-primary" />
                  <span className="flex flex-col">
                    <span className="font-medium text-fg">{t(`billing.manage.menu.${id}`)}</span>
                    <span className="text-sm text-fg-muted">{t(`billing.manage.menu.${id}Hint`)}</span>
                  </span>
                </button>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={() => setStep('survey')}
                disabled={Boolean(sub?.cancel_at_period_end)}
                className="flex w-full items-start gap-3 rounded-control border border-border px-4 py-3 text-left hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-60"
              >
                <XCircle aria-hidden="true" className="mt-0.5 size-5 text-danger" />
                <span className="flex flex-col">
                  <span className="font-medium text-fg">{t('billing.manage.menu.cancel')}</span>
                  <span className="text-sm text-fg-muted">{t('billing.manage.menu.cancelHint')}</span>
                </span>
              </button>
            </li>
          </ul>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              {t('billing.manage.close')}
            </Button>
          </div>
        </>
      ) : step === 'pause' ? (
        <>
          <p className="text-sm text-fg">{t('billing.manage.pauseBody', { date: longDate(pauseResumeDate(new Date()), i18n.language) })}</p>
          <div className="flex justify-between gap-2">
            {back}
            {confirm('pause', t('billing.manage.pauseConfirm'))}
          </div>
        </>
      ) : step === 'discount' ? (
        <>
          <p className="text-sm text-fg">{t('billing.manage.discountBody')}</p>
          <div className="flex justify-between gap-2">
            {back}
            {confirm('discount', t('billing.manage.discountConfirm'))}
          </div>
        </>
      ) : step === 'downgrade' ? (
        <>
          <p className="text-sm text-fg">{t('billing.manage.downgradeBody')}</p>
          <div className="flex justify-between gap-2">
            {back}
            {confirm('downgrade', t('billing.manage.downgradeConfirm'))}
          </div>
        </>
      ) : step === 'survey' ? (
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (reason) setStep('cancel');
          }}
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-fg">{t('billing.manage.surveyQuestion')}</legend>
            {CANCEL_REASONS.map((r) => (
              <label key={r} className="flex items-center gap-2 text-sm text-fg">
                <input type="radio" name={reasonName} value={r} checked={reason === r} onChange={() => setReason(r)} className="size-4 accent-primary" />
                {t(`billing.manage.reasons.${r}`)}
              </label>
            ))}
          </fieldset>
          <LabelledControl id={feedbackId} label={t('billing.manage.feedback')} className="flex flex-col gap-1">
            <textarea
              id={feedbackId}
              value={feedback}
              maxLength={2000}
              rows={3}
              onChange={(e) => setFeedback(e.target.value)}
              className="rounded-control border border-border-strong p-2 text-sm"
            />
          </LabelledControl>
          <div className="flex justify-between gap-2">
            {back}
            <Button type="submit" disabled={!reason}>
              {t('billing.manage.continue')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className="text-sm text-fg">
            {sub?.current_period_end
              ? t('billing.manage.cancelBody', { date: longDate(sub.current_period_end, i18n.language) })
              : t('billing.manage.cancelBodyNoDate')}
          </p>
          <div className="flex justify-between gap-2">
            {back}
            {confirm('cancel', t('billing.manage.cancelConfirm'), true)}
          </div>
        </>
      )}
    </Modal>
  );
}
