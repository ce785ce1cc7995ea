import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, X } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LabelledControl } from '../../components/form/LabelledControl';
import { AlertLine } from '../../components/ui/AlertLine';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { ApiError } from '../../lib/api/client';
import { useViewer } from '../../lib/session';
import { copayOptionsQuery, splitQuoteQuery, useRequestCoMarketing, type CoPayOption, type Lang, type Lender } from './api';

/**
 * Request a co-marketing partnership (issue 32 item 2): the existing co-pay request, addressed to
 * this lender, for one of the services it may cover. Every figure is the server's (the lender's
 * co-pay options, then the co-pay quote of another split); RESPA caps the lender's share as a
 * settlement service provider.
 */
export function CoMarketingDialog({ lender, lang, onClose }: { lender: Lender; lang: Lang; onClose: () => void }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const here = useLocation();
  const titleId = useId();
  const back = `${here.pathname}${here.search}`;

  let body;
  if (viewer.status === 'signed-out') {
    body = (
      <Gate
        text={t('lender.coMarket.signIn')}
        action={
          <ButtonLink className="min-h-11" to={`/auth?redirect=${encodeURIComponent(back)}`}>
            {t('lender.coMarket.signInAction')}
          </ButtonLink>
        }
      />
    );
  } else if (viewer.status === 'signed-in' && !viewer.isPro && !viewer.isAdmin) {
    body = (
      <Gate
        text={t('lender.coMarket.proOnly')}
        action={
          <ButtonLink className="min-h-11" to="/pricing">
            {t('lender.coMarket.upgrade')}
          </ButtonLink>
        }
      />
    );
  } else if (viewer.status === 'loading') {
    body = <div className="h-40 animate-pulse rounded-card bg-surface-sunken motion-reduce:animate-none" aria-hidden="true" />;
  } else {
    body = <RequestForm lender={lender} lang={lang} onClose={onClose} />;
  }

  return (
    <Modal labelledBy={titleId} onClose={onClose}>
      <div className="flex flex-col gap-4">
        <div className="flex items-start justify-between gap-2">
          <h2 id={titleId} className="text-xl font-semibold text-fg">
            {t('lender.coMarket.title', { name: lender.name })}
          </h2>
          <Button variant="ghost" aria-label={t('lender.close')} onClick={onClose}>
            <X aria-hidden="true" className="size-5" />
          </Button>
        </div>
        <p className="text-sm text-fg-muted">{t('lender.coMarket.intro', { percent: lender.cap_percent })}</p>
        {body}
      </div>
    </Modal>
  );
}

function Gate({ text, action }: { text: string; action: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-card border border-border bg-surface-muted p-4">
      <p className="text-fg">{text}</p>
      {action}
    </div>
  );
}

function RequestForm({ lender, lang, onClose }: { lender: Lender; lang: Lang; onClose: () => void }) {
  const { t } = useTranslation();
  const options = useQuery(copayOptionsQuery(lender.id, lang));
  const [serviceId, setServiceId] = useState('');
  const [split, setSplit] = useState<number | null>(null);
  const [notes, setNotes] = useState('');
  const send = useRequestCoMarketing();
  const [key] = useState(() => `lender-${lender.id}-${crypto.randomUUID()}`);
  const list = options.data?.options ?? [];
  const chosen: CoPayOption | undefined = list.find((o) => o.service_id === serviceId) ?? list[0];
  const currentSplit = chosen ? (split ?? chosen.split) : 0;
  const live = useQuery(splitQuoteQuery(chosen?.service_id ?? '', lender.id, currentSplit, lang, !!chosen && currentSplit !== chosen.split));
  const figures = chosen && currentSplit !== chosen.split && live.data ? live.data : chosen;

  if (options.isPending) return <div className="h-40 animate-pulse rounded-card bg-surface-sunken motion-reduce:animate-none" aria-hidden="true" />;
  if (options.isError) {
    const e = options.error;
    const text = e instanceof ApiError && e.status === 409 ? t('lender.coMarket.unavailable') : t('lender.error');
    return (
      <AlertLine>{text}</AlertLine>
    );
  }
  if (send.isSuccess) {
    return (
      <div className="flex flex-col items-start gap-3" role="status">
        <p className="inline-flex items-center gap-2 font-semibold text-savings-strong">
          <CheckCircle2 aria-hidden="true" className="size-5" />
          {t('lender.coMarket.sent', { name: lender.name })}
        </p>
        <p className="text-sm text-fg-muted">{t('lender.coMarket.sentBody')}</p>
        <div className="flex flex-wrap gap-2">
          <ButtonLink className="min-h-11" to="/cart">
            {t('lender.coMarket.viewCart')}
          </ButtonLink>
          <Button variant="secondary" className="min-h-11" onClick={onClose}>
            {t('lender.close')}
          </Button>
        </div>
      </div>
    );
  }
  if (!chosen) return <p className="text-fg-muted">{t('lender.coMarket.noOptions')}</p>;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate({
      service_id: chosen.service_id,
      vendor_id: lender.id,
      requested_split_percentage: currentSplit,
      agent_notes: notes.trim() || undefined,
      idempotency_key: key,
      lang,
    });
  };
  const sendError = send.error instanceof ApiError ? (send.error.fields[0]?.message ?? send.error.message) : send.error ? t('lender.error') : '';

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-fg">{t('lender.coMarket.service')}</legend>
        {list.map((o) => (
          <label key={o.service_id} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-card border border-border p-3 has-[:checked]:border-primary">
            <input
              type="radio"
              name="lender-comarket-service"
              className="mt-1 size-4 accent-primary"
              value={o.service_id}
              checked={o.service_id === chosen.service_id}
              onChange={() => {
                setServiceId(o.service_id);
                setSplit(null);
              }}
            />
            <span className="flex flex-col">
              <span className="font-medium text-fg">{o.service_title}</span>
              <span className="text-sm text-fg-muted">
                {t('lender.coMarket.optionLine', { price: o.base_price.display, share: o.vendor_share.display, percent: o.split })}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <LabelledControl id="lender-comarket-split" label={t('lender.coMarket.split', { percent: currentSplit })} className="flex flex-col gap-1">
        <input
          id="lender-comarket-split"
          type="range"
          className="min-h-11 accent-primary"
          min={chosen.slider.min}
          max={chosen.slider.max}
          step={chosen.slider.step}
          value={currentSplit}
          aria-valuetext={`${currentSplit}%`}
          onChange={(e) => setSplit(Number(e.target.value))}
        />
        <p className="text-xs text-fg-muted">{t('lender.coMarket.range', { min: chosen.slider.min, max: chosen.slider.max })}</p>
      </LabelledControl>
      {figures && (
        <div className="flex flex-col gap-1 rounded-card bg-savings-soft p-3 text-sm" aria-live="polite" data-testid="comarket-figures">
          <p className="flex justify-between gap-2 text-fg">
            <span>{t('lender.coMarket.lenderPays', { name: lender.name })}</span>
            <span className="font-semibold tabular-nums">{figures.vendor_share.display}</span>
          </p>
          <p className="flex justify-between gap-2 text-fg">
            <span>{t('lender.coMarket.youPay')}</span>
            <span className="font-semibold tabular-nums">{figures.agent_share.display}</span>
          </p>
          <p className="text-fg-muted">{figures.explanation}</p>
        </div>
      )}
      <LabelledControl id="lender-comarket-notes" label={t('lender.coMarket.notes')} className="flex flex-col gap-1">
        <textarea
          id="lender-comarket-notes"
          className="min-h-24 rounded-control border border-border-strong bg-surface p-2 text-fg"
          maxLength={1000}
          value={notes}
          placeholder={t('lender.coMarket.notesHint')}
          onChange={(e) => setNotes(e.target.value)}
        />
      </LabelledControl>
      {sendError && (
        <p role="alert" className="text-sm text-danger">
          {sendError}
        </p>
      )}
      <Button type="submit" className="min-h-11" disabled={send.isPending}>
        {send.isPending ? t('lender.coMarket.sending') : t('lender.coMarket.send')}
      </Button>
    </form>
  );
}
