import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, ExternalLink, Search, ShieldCheck } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LabelledControl } from '../../components/form/LabelledControl';
import { Button } from '../../components/ui/Button';
import { Bone, SkeletonHead } from '../../components/ui/Skeleton';
import { cn } from '../../components/ui/cn';
import { Modal, ModalFooter } from '../../components/ui/Modal';
import { SplitBar } from '../../components/ui/SplitBar';
import { Spinner } from '../../components/ui/Spinner';
import { ApiError } from '../../lib/api/client';
import { openCart } from '../../lib/cart';
import { markVendorModalDismissed, type CoPayRequestIntent } from '../../lib/copay';
import { moneyText } from '../../lib/money';
import { mediaSize } from '../../lib/media';
import { toast } from '../../lib/toast';
import { partnersQuery, quoteQuery, useCreateCoPayRequest, type Lang, type Partner, type Target } from './api';

/** 02§9: 6 skeleton cards while loading, 300 ms search debounce. */
const SKELETONS = 6;
const DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return v;
}

function langOf(l: string): Lang {
  const base = l.slice(0, 2);
  return base === 'es' || base === 'fr' ? base : 'en';
}

/** A new idempotency key per request the agent composes (a retry of the same send reuses it). */
function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

/** The toast of a failed send (02§8), with the server's reason for a refused field. */
function sendErrorToast(err: unknown, t: (k: string, o?: Record<string, unknown>) => string) {
  if (err instanceof ApiError && err.status === 401) {
    return { title: t('copay.errors.authTitle'), description: t('copay.errors.authBody'), variant: 'error' as const };
  }
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
    const f = err.fields[0];
    const known = f?.key ? t(`copay.errors.keys.${f.key.replace(/\./g, '_')}`, { defaultValue: '' }) : '';
    return { title: t('copay.errors.title'), description: known || f?.message || err.message, variant: 'error' as const };
  }
  return { title: t('copay.errors.title'), description: t('copay.errors.createFailed'), variant: 'error' as const };
}

function Initials({ name }: { name: string }) {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
  return (
    <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-control bg-primary-soft text-sm font-bold text-primary-strong">
      {letters}
    </span>
  );
}

function SkeletonCard() {
  return (
    <li aria-hidden="true" className="flex h-56 flex-col gap-3 rounded-card border border-border p-4" data-testid="copay-skeleton">
      <SkeletonHead picture="size-12 rounded-control" lines={['h-4 w-3/4 rounded', 'h-3 w-1/2 rounded']} />
      <Bone className="h-3 w-full rounded" />
      <Bone className="h-3 w-5/6 rounded" />
      <Bone className="mt-auto h-9 w-full rounded-control" />
    </li>
  );
}

/** Vendor types whose people are loan officers (the lender-only actions of the picker). */
const LENDER_TYPES = new Set(['lender', 'mortgage_lender', 'mortgage_broker']);

export function isLender(p: Partner): boolean {
  return LENDER_TYPES.has(p.vendor_type);
}

/**
 * One partner of the picker (issue 28 item 8): the full name, what it may cover, one clear
 * action (Request Copay, which opens the request form inside this card), Learn More as a
 * disclosure, and the loan officers only for lenders. The form is the card's child while the
 * partner is chosen, so it opens over the chosen partner, not below a long grid.
 */
function PartnerCard({
  partner,
  selected,
  officerId,
  onRequest,
  onOfficer,
  children,
}: {
  partner: Partner;
  selected: boolean;
  officerId: string;
  onRequest: () => void;
  onOfficer: (id: string) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [more, setMore] = useState(false);
  const [officers, setOfficers] = useState(false);
  const reps = isLender(partner) ? (partner.representatives ?? []) : [];
  const listId = useId();
  const moreId = useId();
  return (
    <li
      className={cn(
        'flex flex-col gap-3 rounded-card border p-4',
        selected ? 'border-primary bg-primary-soft md:col-span-2 lg:col-span-3' : 'border-border bg-surface',
      )}
      data-testid="copay-partner"
    >
      <div className="flex gap-3">
        {partner.logo_url ? (
          <img src={mediaSize(partner.logo_url, 'thumb')} alt="" className="size-12 shrink-0 rounded-control object-contain" width={48} height={48} />
        ) : (
          <Initials name={partner.name} />
        )}
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-fg">{partner.name}</h3>
          {partner.location ? <p className="text-xs text-fg-muted">{partner.location}</p> : null}
          <div className="mt-1 flex flex-wrap gap-1">
            {partner.kind === 'ssp' ? (
              <span className="rounded-pill bg-warning-soft px-2 py-0.5 text-xs font-semibold text-warning-strong">{t('copay.card.ssp')}</span>
            ) : null}
            <span className="rounded-pill bg-savings-soft px-2 py-0.5 text-xs font-semibold text-savings-strong">
              {t('copay.card.upTo', { pct: partner.cap.percent })}
            </span>
          </div>
        </div>
      </div>
      <p className={cn('text-sm text-fg-muted', !more && 'line-clamp-2')}>{partner.description}</p>
      {more ? (
        <div id={moreId} className="flex flex-col gap-1 text-xs text-fg-muted">
          {(partner.specialties ?? []).length > 0 ? (
            <p>
              {(partner.specialties ?? []).join(', ')}
              {partner.more_specialties > 0 ? ` ${t('copay.card.moreSpecialties', { count: partner.more_specialties })}` : ''}
            </p>
          ) : null}
          <p>{partner.explanation}</p>
          {partner.website_url ? (
            <a href={partner.website_url} target="_blank" rel="noreferrer" className="inline-flex min-h-11 items-center gap-1 font-medium text-primary underline">
              {t('copay.card.website')}
              <ExternalLink aria-hidden="true" className="size-3" />
            </a>
          ) : null}
        </div>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-2">
        {selected ? (
          <p className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-primary-strong" data-testid="copay-selected">
            <CheckCircle2 aria-hidden="true" className="size-4" />
            {t('copay.card.selected')}
          </p>
        ) : (
          <Button className="max-sm:w-full" onClick={onRequest}>
            {t('copay.card.requestCopay')}
          </Button>
        )}
        <Button variant="ghost" size="sm" aria-expanded={more} aria-controls={more ? moreId : undefined} onClick={() => setMore((m) => !m)}>
          {t('copay.card.learnMore')}
        </Button>
        {reps.length > 0 ? (
          <Button variant="ghost" size="sm" aria-expanded={officers} aria-controls={officers ? listId : undefined} onClick={() => setOfficers((o) => !o)}>
            {officers ? t('copay.card.hideOfficers', { count: reps.length }) : t('copay.card.viewOfficers', { count: reps.length })}
          </Button>
        ) : null}
      </div>
      {officers ? (
        <ul id={listId} className="flex flex-col gap-2 border-t border-border pt-2">
          {reps.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="min-w-0">
                <span className="block font-medium break-words text-fg">{r.name}</span>
                <span className="block text-xs text-fg-muted">{r.title}</span>
              </span>
              <span className="flex gap-1">
                <Button
                  size="sm"
                  variant={selected && officerId === r.id ? 'primary' : 'secondary'}
                  aria-pressed={selected && officerId === r.id}
                  onClick={() => onOfficer(r.id)}
                >
                  {t('copay.card.selectOfficer')}
                </Button>
                {partner.website_url ? (
                  <a
                    href={partner.website_url}
                    target="_blank"
                    rel="noreferrer"
                    aria-label={t('copay.card.learnAbout', { name: r.name })}
                    className="inline-flex min-h-9 items-center rounded-control border border-border px-2 text-xs font-medium text-primary"
                  >
                    {t('copay.card.learn')}
                  </a>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {children}
    </li>
  );
}

function RequestForm({
  target,
  partner,
  officerId,
  onOfficer,
  split,
  onSplit,
  notes,
  onNotes,
  lang,
}: {
  target: Target;
  partner: Partner;
  officerId: string;
  onOfficer: (id: string) => void;
  split: number;
  onSplit: (v: number) => void;
  notes: string;
  onNotes: (v: string) => void;
  lang: Lang;
}) {
  const { t } = useTranslation();
  const sliderId = useId();
  const notesId = useId();
  const officerSel = useId();
  const explainId = useId();
  const debounced = useDebounced(split, 150);
  const quote = useQuery(quoteQuery(target, partner.id, debounced, lang));
  const q = quote.data;
  const s = partner.slider;
  const lender = isLender(partner);
  const sliderRef = useRef<HTMLInputElement>(null);
  // The form replaces the card's Request Copay button, which had focus: focus moves to the
  // first field so keyboard and screen-reader users land in the form they opened.
  useEffect(() => {
    const el = sliderRef.current;
    el?.focus({ preventScroll: true });
    el?.closest('section')?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <section aria-label={t('copay.form.label', { name: partner.name })} className="flex flex-col gap-3 rounded-card border border-primary bg-surface p-4" data-testid="copay-form">
      <p className="text-sm font-semibold text-fg">{t('copay.form.heading', { name: partner.name })}</p>
      <div className="flex flex-col gap-1">
        <label htmlFor={sliderId} className="flex items-center justify-between gap-2 text-sm font-medium text-fg">
          <span>{t('copay.form.split')}</span>
          <span className="tabular" data-testid="copay-split">
            {t('copay.form.pct', { pct: split })}
          </span>
        </label>
        <input
          ref={sliderRef}
          id={sliderId}
          type="range"
          min={s.min}
          max={s.max}
          step={s.step}
          value={split}
          onChange={(e) => onSplit(Number(e.target.value))}
          aria-describedby={explainId}
          aria-valuetext={t('copay.form.pct', { pct: split })}
          className="w-full accent-primary"
        />
        <p className="flex justify-between text-xs text-fg-muted tabular">
          <span>{t('copay.form.pct', { pct: s.min })}</span>
          <span>{t('copay.form.max', { pct: s.max })}</span>
        </p>
      </div>
      {q ? (
        <div className="flex flex-col gap-2">
          <SplitBar vendorPercent={q.breakdown.split_percent} size="md" />
          <p className="flex flex-wrap justify-between gap-2 text-sm tabular">
            <span>{t('copay.form.youPay', { amount: moneyText(q.agent_share) })}</span>
            <span className="text-savings-strong">{t('copay.form.theyCover', { name: partner.name, amount: moneyText(q.vendor_share) })}</span>
          </p>
        </div>
      ) : null}
      <p id={explainId} className="flex gap-2 rounded-control bg-surface-sunken p-2 text-xs text-fg" aria-live="polite" data-testid="copay-explanation">
        <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <span>{q?.explanation ?? partner.explanation}</span>
      </p>
      {(partner.representatives ?? []).length > 0 ? (
        <LabelledControl id={officerSel} label={lender ? t('copay.form.officer') : t('copay.form.representative')} className="flex flex-col gap-1">
          <select
            id={officerSel}
            value={officerId}
            onChange={(e) => onOfficer(e.target.value)}
            className="rounded-control border border-border bg-surface px-2 py-2 text-sm"
          >
            <option value="">{lender ? t('copay.form.anyOfficer') : t('copay.form.anyRepresentative')}</option>
            {(partner.representatives ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {r.title ? `${r.name} (${r.title})` : r.name}
              </option>
            ))}
          </select>
        </LabelledControl>
      ) : null}
      <LabelledControl id={notesId} label={t('copay.form.notes')} className="flex flex-col gap-1">
        <textarea
          id={notesId}
          value={notes}
          maxLength={1000}
          rows={3}
          onChange={(e) => onNotes(e.target.value)}
          placeholder={t('copay.form.notesDefault')}
          className="rounded-control border border-border bg-surface px-2 py-2 text-sm"
        />
        <p className="text-xs text-fg-muted">{t('copay.form.notesHint')}</p>
      </LabelledControl>
    </section>
  );
}

/**
 * Select Co-Pay Partner (02§2): search, a grid of partner vendors (6 skeletons while loading),
 * Request Your Vendors and Cancel; per card Learn More, Request Copay, View/Hide Loan Officers (n),
 * Select Partner, Select Officer and Learn; the slider, notes and the live RESPA explanation; the
 * Sending co-pay request... overlay; the Request Sent! view with Send Another Request, View Cart
 * and Finish; the 3-day notice. Closing sets the session flag; qa=1 shows the vendor counts.
 */
/** The success view replaces the focused button: focus its heading, so it is read out and keys still reach the dialog. */
const focusOnMount = (el: HTMLElement | null) => el?.focus({ preventScroll: true });

export function CoPayPartnerDialog({ intent, onClose }: { intent: CoPayRequestIntent; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const titleId = useId();
  const searchId = useId();
  const target = useMemo<Target>(() => ({ serviceId: intent.serviceId, packageId: intent.packageId, yearly: intent.yearly }), [intent]);
  const [query, setQuery] = useState('');
  const q = useDebounced(query.trim(), DEBOUNCE_MS);
  const partners = useQuery(partnersQuery(target, q, lang));
  const [selectedId, setSelectedId] = useState('');
  const [officerId, setOfficerId] = useState('');
  const [split, setSplit] = useState(0);
  const [notes, setNotes] = useState('');
  const [sent, setSent] = useState<{ vendor: string } | null>(null);
  const key = useRef(newKey());
  const create = useCreateCoPayRequest();
  const sending = create.isPending;
  const qa = new URLSearchParams(useLocation().search).get('qa') === '1';

  const list = partners.data?.partners ?? [];
  const selected = list.find((p) => p.id === selectedId) ?? null;

  // Load failures: 02§8 toasts, an empty list.
  const failed = partners.isError;
  useEffect(() => {
    if (!failed) return;
    const err = partners.error;
    if (err instanceof ApiError && err.status === 401) {
      toast({ title: t('copay.errors.authTitle'), description: t('copay.errors.authBody'), variant: 'error' });
    } else if (err instanceof ApiError && err.status >= 500) {
      toast({ title: t('copay.errors.loadTitle'), description: t('copay.errors.loadDatabase'), variant: 'error' });
    } else {
      toast({ title: t('copay.errors.title'), description: t('copay.errors.loadFailed'), variant: 'error' });
    }
  }, [failed, partners.error, t]);

  const choose = (p: Partner, officer = '') => {
    if (p.id !== selectedId) {
      setSplit(p.slider.initial);
      key.current = newKey();
    }
    setSelectedId(p.id);
    setOfficerId(officer);
  };

  const close = () => {
    if (sending) return;
    markVendorModalDismissed();
    onClose();
  };

  const send = async () => {
    if (!selected || sending) return;
    try {
      await create.mutateAsync({
        service_id: target.serviceId,
        package_id: target.packageId,
        yearly: target.yearly,
        vendor_id: selected.id,
        representative_id: officerId,
        requested_split_percentage: split,
        agent_notes: notes.trim(),
        idempotency_key: key.current,
        lang,
      });
      setSent({ vendor: selected.name });
      toast({ title: t('copay.sent.toastTitle'), description: t('copay.sent.toastBody', { vendor: selected.name }), variant: 'success' });
    } catch (err) {
      // The success view is undone (02§8): the form stays as typed.
      setSent(null);
      toast(sendErrorToast(err, t));
    }
  };

  const again = () => {
    setSent(null);
    setSelectedId('');
    setOfficerId('');
    setNotes('');
    key.current = newKey();
  };

  return (
    <Modal
      labelledBy={titleId}
      onClose={sending ? undefined : close}
      className="relative flex max-h-full w-full max-w-4xl! flex-col gap-4 overflow-y-auto max-md:h-full max-md:rounded-none"
    >
      {sent ? (
        <div className="flex flex-col items-center gap-4 py-6 text-center" data-testid="copay-sent">
          <CheckCircle2 aria-hidden="true" className="size-12 text-savings" />
          <h2 id={titleId} ref={focusOnMount} tabIndex={-1} className="text-2xl font-semibold text-fg outline-none">
            {t('copay.sent.title')}
          </h2>
          <p className="text-sm text-fg">{t('copay.sent.body', { vendor: sent.vendor })}</p>
          <p className="flex items-center gap-2 text-sm text-fg-muted">
            <Clock aria-hidden="true" className="size-4" />
            {t('copay.notice')}
          </p>
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
            <Button variant="secondary" onClick={again}>
              {t('copay.sent.another')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                markVendorModalDismissed();
                onClose();
                openCart();
              }}
            >
              {t('copay.sent.viewCart')}
            </Button>
            <Button
              onClick={() => {
                markVendorModalDismissed();
                onClose();
                openCart();
              }}
            >
              {t('copay.sent.finish')}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <div className="flex flex-col gap-1">
            <h2 id={titleId} className="text-xl font-semibold text-fg">
              {t('copay.title')}
            </h2>
            <p className="text-sm text-fg-muted">{t('copay.subtitle', { service: intent.serviceName })}</p>
            <p className="flex items-center gap-2 text-xs text-fg-muted">
              <Clock aria-hidden="true" className="size-4" />
              {t('copay.notice')}
            </p>
          </div>
          {qa && partners.data ? (
            <p role="status" className="rounded-control bg-warning-soft px-3 py-2 text-xs font-semibold text-warning-strong" data-testid="copay-qa">
              {t('copay.qa', { total: partners.data.total, filtered: partners.data.filtered })}
            </p>
          ) : null}
          <LabelledControl id={searchId} label={t('copay.search')} className="relative" labelClassName="sr-only">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted" />
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder={t('copay.searchPlaceholder')}
              className="w-full rounded-control border border-border bg-surface py-2 pr-3 pl-9 text-sm"
            />
          </LabelledControl>
          {partners.isPending ? (
            <ul aria-busy="true" aria-label={t('copay.loading')} className="grid grid-cols-1 gap-3 md:grid-cols-2 lg:grid-cols-3">
              {Array.from({ length: SKELETONS }, (_, i) => (
                <SkeletonCard key={i} />
              ))}
            </ul>
          ) : list.length === 0 ? (
            <p className="py-6 text-center text-sm text-fg-muted">{q ? t('copay.emptySearch') : t('copay.empty')}</p>
          ) : (
            <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 lg:grid-cols-3" aria-label={t('copay.listLabel')}>
              {list.map((p) => (
                <PartnerCard
                  key={p.id}
                  partner={p}
                  selected={p.id === selectedId}
                  officerId={officerId}
                  onRequest={() => choose(p, p.id === selectedId ? officerId : '')}
                  onOfficer={(id) => choose(p, id)}
                >
                  {p.id === selectedId ? (
                    <RequestForm
                      target={target}
                      partner={p}
                      officerId={officerId}
                      onOfficer={setOfficerId}
                      split={split}
                      onSplit={setSplit}
                      notes={notes}
                      onNotes={setNotes}
                      lang={lang}
                    />
                  ) : null}
                </PartnerCard>
              ))}
            </ul>
          )}
          {/* The footer covers the panel's padding (-mb-6 pb-*) so nothing scrolls visibly under it,
              and lifts the toasts above its buttons while it is shown. */}
          <ModalFooter className="-mx-6 -mb-6 -bottom-6! mt-auto flex flex-col gap-2 border-t border-border px-6 pt-3 pb-6 max-md:pb-[max(1.5rem,env(safe-area-inset-bottom))]">
            {!selected && list.length > 0 ? <p className="text-sm text-fg-muted">{t('copay.choosePrompt')}</p> : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={close} disabled={sending}>
                {t('copay.cancel')}
              </Button>
              <Button onClick={() => void send()} disabled={!selected || sending}>
                {t('copay.requestVendors')}
              </Button>
            </div>
          </ModalFooter>
        </>
      )}
      {sending ? (
        <div role="status" className="absolute inset-0 flex items-center justify-center gap-2 bg-surface/90 text-sm font-medium text-fg" data-testid="copay-sending">
          <Spinner />
          {t('copay.sending')}
        </div>
      ) : null}
    </Modal>
  );
}

export default CoPayPartnerDialog;
