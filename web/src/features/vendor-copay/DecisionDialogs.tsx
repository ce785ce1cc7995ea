import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledControl } from '../../components/form/LabelledControl';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { ApiError } from '../../lib/api/client';
import { toast } from '../../lib/toast';
import { useMoney } from '../../lib/useMoney';
import { sharesOf, UNDO_TOAST_MS, useDecide, useUndoApproval, type IncomingRequest } from './api';

const NOTE_MAX = 1000;

function fieldError(err: unknown, field: string): string | undefined {
  return err instanceof ApiError ? err.fields.find((f) => f.field === field)?.message : undefined;
}

function useFail() {
  const { t } = useTranslation();
  return (err: unknown, onConflict: () => void) => {
    if (err instanceof ApiError && err.status === 409) {
      toast({ title: t('vendorCopay.toast.conflictTitle'), description: err.message, variant: 'error' });
      onConflict();
      return;
    }
    if (err instanceof ApiError && err.status === 403) {
      // A refused approval (issue 27: the agent owns or represents the vendor): say why.
      const key = err.fields[0]?.key?.replace(/\./g, '_');
      const known = key ? t(`vendorCopay.errors.keys.${key}`, { defaultValue: '' }) : '';
      toast({ title: t('vendorCopay.toast.refusedTitle'), description: known || err.message, variant: 'error' });
      onConflict();
      return;
    }
    if (err instanceof ApiError && err.fields.length > 0) return;
    toast({ title: t('vendorCopay.toast.failedTitle'), description: err instanceof Error ? err.message : undefined, variant: 'error' });
  };
}

/** The message key naming which limit is the one cap (the lower of the service's and RESPA's). */
export function capSourceKey(r: IncomingRequest): string {
  if (r.cap_source === 'service') return 'vendorCopay.capSource.service';
  return r.vendor_kind === 'ssp' ? 'vendorCopay.capSource.respaSsp' : 'vendorCopay.capSource.respa';
}

/**
 * Approve: a split slider from 10% (or the maximum when lower) to the most the vendor may approve
 * (the requested split, lowered to the RESPA cap), in steps of 5, with the shares and the
 * explanation live as it moves; an optional note.
 */
export function ApproveDialog({ request, onClose }: { request: IncomingRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const titleId = useId();
  const descId = useId();
  const sliderId = useId();
  const noteId = useId();
  const max = request.max_split_percentage;
  const min = Math.min(10, max);
  const [split, setSplit] = useState(max);
  const [note, setNote] = useState('');
  const decide = useDecide();
  const fail = useFail();
  const shares = sharesOf(request.base_price_cents, split);
  const explanation = t('vendorCopay.live', {
    vendor: request.vendor_name,
    split,
    vendorShare: money(shares.vendor),
    agentShare: money(shares.agent),
    agent: request.agent_name || t('vendorCopay.theAgent'),
  });
  const capNote = t('vendorCopay.capNote', { cap: request.cap_percent, source: t(capSourceKey(request)) });
  const undo = useUndoApproval();
  const submit = () =>
    decide.mutate(
      { id: request.id, approve: true, split, note },
      {
        onSuccess: (approved) => {
          // Applied at once; Undo while the server's undo window is open (issue 28 item 12).
          toast({
            title: t('vendorCopay.toast.approved', { split, agent: request.agent_name }),
            variant: 'success',
            duration: approved.undo_until ? UNDO_TOAST_MS : undefined,
            action: approved.undo_until
              ? {
                  label: t('vendorCopay.undo'),
                  // The promise, not mutate's callbacks: the dialog is closed by then.
                  onClick: () =>
                    void undo.mutateAsync(request.id).then(
                      () => toast({ title: t('vendorCopay.toast.undone', { agent: request.agent_name }) }),
                      (err: unknown) =>
                        toast({ title: t('vendorCopay.toast.undoFailed'), description: err instanceof Error ? err.message : undefined, variant: 'error' }),
                    ),
                }
              : undefined,
          });
          onClose();
        },
        onError: (err) => fail(err, onClose),
      },
    );
  const splitError = fieldError(decide.error, 'split_percentage');
  return (
    <Modal labelledBy={titleId} describedBy={descId} onClose={decide.isPending ? undefined : onClose}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <h2 id={titleId} className="text-xl font-bold text-fg">
          {t('vendorCopay.approveTitle')}
        </h2>
        <p id={descId} className="text-sm text-fg-muted">
          {t('vendorCopay.approveIntro', { agent: request.agent_name, service: request.service_title, requested: request.requested_split_percentage })}
        </p>
        <div className="flex flex-col gap-2">
          <label htmlFor={sliderId} className="flex items-center justify-between text-sm font-medium text-fg">
            <span>{t('vendorCopay.split')}</span>
            <span className="tabular text-lg font-bold">{split}%</span>
          </label>
          <input
            id={sliderId}
            type="range"
            min={min}
            max={max}
            step={5}
            value={split}
            aria-valuetext={`${split}%`}
            aria-invalid={splitError ? true : undefined}
            onChange={(e) => setSplit(Math.min(max, Number(e.target.value)))}
            className="w-full accent-primary"
          />
          <div className="flex justify-between text-xs text-fg-muted">
            <span>{min}%</span>
            <span>{t('vendorCopay.maxLabel', { max })}</span>
          </div>
          {splitError ? (
            <p role="alert" className="text-sm text-danger-strong">
              {splitError}
            </p>
          ) : null}
        </div>
        <p aria-live="polite" className="rounded-control bg-surface-sunken p-3 text-sm text-fg" data-testid="live-explanation">
          {explanation} {capNote}
        </p>
        <LabelledControl id={noteId} label={t('vendorCopay.noteOptional')} className="flex flex-col gap-1">
          <textarea
            id={noteId}
            value={note}
            maxLength={NOTE_MAX}
            rows={3}
            onChange={(e) => setNote(e.target.value)}
            className="rounded-control border border-border-strong bg-surface p-2 text-sm text-fg"
          />
        </LabelledControl>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={decide.isPending}>
            {t('vendorCopay.cancel')}
          </Button>
          <Button type="submit" disabled={decide.isPending}>
            {decide.isPending ? t('vendorCopay.approving') : t('vendorCopay.approveAt', { split })}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Decline with a note the agent reads (required). */
export function DeclineDialog({ request, onClose }: { request: IncomingRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const noteId = useId();
  const errId = useId();
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const decide = useDecide();
  const fail = useFail();
  const serverError = fieldError(decide.error, 'note');
  const error = missing ? t('vendorCopay.noteRequired') : serverError;
  return (
    <Modal labelledBy={titleId} onClose={decide.isPending ? undefined : onClose}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (note.trim() === '') {
            setMissing(true);
            return;
          }
          decide.mutate(
            { id: request.id, approve: false, note },
            {
              onSuccess: () => {
                toast({ title: t('vendorCopay.toast.declined', { agent: request.agent_name }), variant: 'success' });
                onClose();
              },
              onError: (err) => fail(err, onClose),
            },
          );
        }}
      >
        <h2 id={titleId} className="text-xl font-bold text-fg">
          {t('vendorCopay.declineTitle')}
        </h2>
        <p className="text-sm text-fg-muted">{t('vendorCopay.declineIntro', { agent: request.agent_name, service: request.service_title })}</p>
        <LabelledControl id={noteId} label={t('vendorCopay.note')} className="flex flex-col gap-1">
          <textarea
            id={noteId}
            value={note}
            maxLength={NOTE_MAX}
            rows={4}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errId : undefined}
            onChange={(e) => {
              setNote(e.target.value);
              setMissing(false);
            }}
            className="rounded-control border border-border-strong bg-surface p-2 text-sm text-fg"
          />
          {error ? (
            <p id={errId} role="alert" className="text-sm text-danger-strong">
              {error}
            </p>
          ) : null}
        </LabelledControl>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={decide.isPending}>
            {t('vendorCopay.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={decide.isPending}>
            {decide.isPending ? t('vendorCopay.declining') : t('vendorCopay.decline')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
