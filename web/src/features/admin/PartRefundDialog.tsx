import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainInput, PlainTextArea } from '../../components/form/PlainField';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { ApiError } from '../../lib/api/client';
import { toast } from '../../lib/toast';
import { parseCents, refundableQuery, useRefundPart, type RefundableOrder } from './api/accounting';

/**
 * A partial refund of a paid order (issue 31 item 7): the admin refunds an amount (at most the
 * remaining refundable, shown) or chosen lines, with a reason. The idempotency key is made once
 * per dialog, so a repeated submit refunds once.
 */
export function PartRefundDialog({ order, money, onClose }: { order: RefundableOrder; money: (cents: number, currency: string) => string; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const detail = useQuery(refundableQuery(order.id));
  const part = useRefundPart();
  const [key] = useState(() => crypto.randomUUID());
  const [mode, setMode] = useState<'amount' | 'lines'>('amount');
  const [amount, setAmount] = useState('');
  const [lines, setLines] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<{ field: 'amount' | 'lines' | 'reason'; text: string } | null>(null);
  const d = detail.data;
  const serverError = part.error instanceof ApiError ? (part.error.fields[0]?.message ?? part.error.message) : part.error ? t('accounting.error') : '';
  const submit = () => {
    const cents = mode === 'amount' ? parseCents(amount) : null;
    if (mode === 'amount' && (cents === null || (d && cents > (d.remaining_cents ?? 0)))) return setProblem({ field: 'amount', text: t('accounting.part.badAmount') });
    if (mode === 'lines' && lines.length === 0) return setProblem({ field: 'lines', text: t('accounting.part.noLines') });
    if (!reason.trim()) return setProblem({ field: 'reason', text: t('admin.reason.required') });
    setProblem(null);
    part.mutate(
      { id: order.id, amountCents: cents ?? undefined, lineIds: mode === 'lines' ? lines : undefined, reason: reason.trim(), key },
      {
        onSuccess: (out) => {
          onClose();
          toast({ title: t('accounting.part.done', { amount: money(out.part?.amount_cents ?? 0, order.currency) }), variant: 'success' });
        },
      },
    );
  };
  return (
    <Modal labelledBy={titleId} onClose={onClose} role="dialog" className="flex max-w-lg flex-col gap-4 p-6">
      <h2 id={titleId} className="text-lg font-semibold text-fg">
        {t('accounting.part.title', { number: order.number })}
      </h2>
      {d ? (
        <p className="text-sm text-fg" data-testid="remaining">
          {t('accounting.part.remaining', { amount: money(d.remaining_cents ?? 0, order.currency), total: money(d.total_cents ?? 0, order.currency) })}
        </p>
      ) : (
        <div className="h-5 w-2/3 animate-pulse rounded bg-surface-muted" aria-hidden />
      )}
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <fieldset className="flex gap-4">
          <legend className="sr-only">{t('accounting.part.how')}</legend>
          {(['amount', 'lines'] as const).map((m) => (
            <label key={m} className="flex min-h-10 items-center gap-2 text-sm">
              <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
              {t(`accounting.part.${m}`)}
            </label>
          ))}
        </fieldset>
        {mode === 'amount' ? (
          <PlainInput
            label={t('accounting.part.amountLabel')}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={problem?.field === 'amount' ? problem.text : undefined}
          />
        ) : (
          <ul className="flex flex-col gap-1">
            {(d?.lines ?? []).map((l) => (
              <li key={l.id}>
                <label className="flex min-h-10 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    disabled={l.refunded}
                    checked={lines.includes(l.id)}
                    onChange={(e) => setLines((cur) => (e.target.checked ? [...cur, l.id] : cur.filter((x) => x !== l.id)))}
                  />
                  <span>
                    {l.title} × {l.quantity}: {money(l.line_total_cents, order.currency)}
                    {l.refunded ? ` (${t('accounting.orderStatuses.refunded')})` : ''}
                  </span>
                </label>
              </li>
            ))}
            {problem?.field === 'lines' ? (
              <li role="alert" className="text-sm text-danger">
                {problem.text}
              </li>
            ) : null}
          </ul>
        )}
        <PlainTextArea label={t('accounting.reason')} required maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} error={(problem?.field === 'reason' ? problem.text : '') || serverError || undefined} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="danger" disabled={part.isPending || !d}>
            {part.isPending ? t('accounting.refunding') : t('accounting.part.submit')}
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('admin.reason.cancel')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
