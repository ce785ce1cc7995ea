import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderRow } from '../../components/table/HeaderRow';
import { PlainInput, PlainSelect } from '../../components/form/PlainField';
import { AlertLine } from '../../components/ui/AlertLine';
import { Button } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { TitledSection } from '../../components/ui/TitledSection';
import { formatDateTime } from '../../lib/dates';
import { toast } from '../../lib/toast';
import { goalsQuery, useSaveGoals, type GoalsInput, type GoalsView } from './api';
import { Checkboxes, dollarsToCents, LEAD_SOURCES } from './QuestionnairePage';

type Field = 'gci' | 'transactions' | 'leadSources' | 'gciToDate' | 'transactionsToDate';
type Errors = Partial<Record<Field, string>>;
export interface GoalsForm {
  year: number;
  gci: string;
  transactions: string;
  leadSources: string[];
  gciToDate: string;
  transactionsToDate: string;
}

function count(v: string, min: number): number | null {
  const s = v.trim().replace(/[,\s]/g, '');
  if (!/^\d+$/.test(s)) return null;
  const n = Number(s);
  return n >= min && n <= 2000 ? n : null;
}

/** The form checked with the server's rules: the body to send, or the errors (i18n keys). */
export function checkGoals(f: GoalsForm): { body: GoalsInput } | { errors: Errors } {
  const errors: Errors = {};
  const gci = dollarsToCents(f.gci);
  const transactions = count(f.transactions, 1);
  const gciToDate = f.gciToDate.trim() === '' || f.gciToDate.trim() === '0' ? 0 : dollarsToCents(f.gciToDate);
  const transactionsToDate = f.transactionsToDate.trim() === '' ? 0 : count(f.transactionsToDate, 0);
  if (gci === null) errors.gci = 'assessments.goals.errors.gci';
  if (transactions === null) errors.transactions = 'assessments.goals.errors.transactions';
  if (f.leadSources.length === 0) errors.leadSources = 'assessments.goals.errors.leadSource';
  if (gciToDate === null) errors.gciToDate = 'assessments.goals.errors.toDate';
  if (transactionsToDate === null) errors.transactionsToDate = 'assessments.goals.errors.toDate';
  if (gci === null || transactions === null || gciToDate === null || transactionsToDate === null || errors.leadSources) return { errors };
  return {
    body: { year: f.year, gci_goal_cents: gci, transactions_goal: transactions, lead_sources: f.leadSources, gci_to_date_cents: gciToDate, transactions_to_date: transactionsToDate },
  };
}

function formOf(v: GoalsView | undefined, year: number): GoalsForm {
  const l = v?.latest;
  if (!l) return { year, gci: '', transactions: '', leadSources: [], gciToDate: '', transactionsToDate: '' };
  return {
    year: l.year,
    gci: String(l.gci_goal_cents / 100),
    transactions: String(l.transactions_goal),
    leadSources: l.lead_sources ?? [],
    gciToDate: String(l.gci_to_date_cents / 100),
    transactionsToDate: String(l.transactions_to_date),
  };
}

/** Whole-percent progress, capped at 100 for the bar. */
export function percent(done: number, goal: number): number {
  return goal > 0 ? Math.min(100, Math.round((done / goal) * 100)) : 0;
}

/**
 * /goals: the goal assessment (the header's Goals button leads here): the year's GCI and
 * transactions goals, the lead sources counted on and the figures so far. Every save is kept,
 * so the table below shows progress over time.
 */
export default function GoalsPage() {
  const { t } = useTranslation();
  const goals = useQuery(goalsQuery(true));
  const year = new Date().getFullYear();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <PageHeader title={t('assessments.goals.title')} intro={t('assessments.goals.intro')} />
      {goals.isError ? (
        <AlertLine>{t('assessments.goals.error')}</AlertLine>
      ) : !goals.data ? (
        <div aria-busy="true" className="h-[36rem] animate-pulse rounded-card bg-surface-sunken motion-reduce:animate-none" />
      ) : (
        <>
          {goals.data.latest ? <Progress view={goals.data} /> : null}
          <GoalsFormView key={goals.data.latest?.id ?? 'new'} initial={formOf(goals.data, year)} year={year} />
          <History view={goals.data} />
        </>
      )}
    </div>
  );
}

function Progress({ view }: { view: GoalsView }) {
  const { t, i18n } = useTranslation();
  const l = view.latest;
  if (!l) return null;
  const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  const gci = percent(l.gci_to_date_cents, l.gci_goal_cents);
  const deals = percent(l.transactions_to_date, l.transactions_goal);
  return (
    <TitledSection
      id="goals-progress"
      title={t('assessments.goals.progressTitle', { year: l.year })}
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4"
      headingClassName="text-xl font-semibold text-fg"
    >
      <div className="flex flex-col gap-1">
        <span id="goals-gci-label" className="text-sm font-medium text-fg">
          {t('assessments.goals.gciProgress', { done: money.format(l.gci_to_date_cents / 100), goal: money.format(l.gci_goal_cents / 100), percent: gci })}
        </span>
        <progress aria-labelledby="goals-gci-label" value={gci} max={100} className="h-3 w-full accent-primary" />
      </div>
      <div className="flex flex-col gap-1">
        <span id="goals-deals-label" className="text-sm font-medium text-fg">
          {t('assessments.goals.transactionsProgress', { done: l.transactions_to_date, goal: l.transactions_goal, percent: deals })}
        </span>
        <progress aria-labelledby="goals-deals-label" value={deals} max={100} className="h-3 w-full accent-primary" />
      </div>
    </TitledSection>
  );
}

function GoalsFormView({ initial, year }: { initial: GoalsForm; year: number }) {
  const { t } = useTranslation();
  const save = useSaveGoals();
  const [form, setForm] = useState<GoalsForm>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const set = (k: 'gci' | 'transactions' | 'gciToDate' | 'transactionsToDate') => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [k]: e.target.value }));
    setErrors((x) => ({ ...x, [k]: undefined }));
  };
  const err = (k: Field) => (errors[k] ? t(errors[k]) : undefined);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (save.isPending) return;
    const checked = checkGoals(form);
    if ('errors' in checked) return setErrors(checked.errors);
    save.mutate(checked.body, {
      onSuccess: () => toast({ title: t('assessments.goals.saved'), variant: 'success' }),
      onError: () => toast({ title: t('assessments.goals.failed'), variant: 'error' }),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-labelledby="goals-form">
      <h2 id="goals-form" className="text-xl font-semibold text-fg">
        {t('assessments.goals.formTitle')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <PlainSelect label={t('assessments.goals.year')} value={String(form.year)} onChange={(e) => setForm((f) => ({ ...f, year: Number(e.target.value) }))}>
          {[year, year + 1].map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </PlainSelect>
        <PlainInput label={t('assessments.goals.gci')} hint={t('assessments.goals.gciHint')} required inputMode="decimal" value={form.gci} onChange={set('gci')} error={err('gci')} />
        <PlainInput label={t('assessments.goals.transactions')} required inputMode="numeric" value={form.transactions} onChange={set('transactions')} error={err('transactions')} />
        <PlainInput label={t('assessments.goals.gciToDate')} inputMode="decimal" value={form.gciToDate} onChange={set('gciToDate')} error={err('gciToDate')} />
        <PlainInput label={t('assessments.goals.transactionsToDate')} inputMode="numeric" value={form.transactionsToDate} onChange={set('transactionsToDate')} error={err('transactionsToDate')} />
      </div>
      <Checkboxes
        name="goals-sources"
        legend={t('assessments.goals.leadSources')}
        hint={t('assessments.questionnaire.leadSourcesHint')}
        error={err('leadSources')}
        options={LEAD_SOURCES.map((s) => ({ v: s, label: t(`assessments.questionnaire.sources.${s}`) }))}
        chosen={form.leadSources}
        onToggle={(v) => {
          setForm((f) => ({ ...f, leadSources: f.leadSources.includes(v) ? f.leadSources.filter((x) => x !== v) : [...f.leadSources, v] }));
          setErrors((x) => ({ ...x, leadSources: undefined }));
        }}
        required
      />
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('assessments.goals.saving') : t('assessments.goals.save')}
        </Button>
      </div>
    </form>
  );
}

function History({ view }: { view: GoalsView }) {
  const { t, i18n } = useTranslation();
  const rows = view.history ?? [];
  const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  return (
    <TitledSection id="goals-history" title={t('assessments.goals.historyTitle')} className="flex flex-col gap-3" headingClassName="text-xl font-semibold text-fg">
      {rows.length === 0 ? (
        <p className="text-fg-muted">{t('assessments.goals.historyEmpty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('assessments.goals.historyTitle')}</caption>
            <thead>
              <HeaderRow
                className="border-b border-border"
                cellClassName="py-2 pr-3"
                columns={[
                  { label: t('assessments.goals.when') },
                  { label: t('assessments.goals.gciToDate') },
                  { label: t('assessments.goals.gci') },
                  { label: t('assessments.goals.transactionsShort') },
                ]}
              />
            </thead>
            <tbody>
              {rows.map((g) => (
                <tr key={g.id} className="border-b border-border">
                  <td className="py-2 pr-3">{formatDateTime(g.created_at, i18n.language, { dateStyle: 'medium' })}</td>
                  <td className="py-2 pr-3 tabular">
                    {money.format(g.gci_to_date_cents / 100)} ({percent(g.gci_to_date_cents, g.gci_goal_cents)}%)
                  </td>
                  <td className="py-2 pr-3 tabular">{money.format(g.gci_goal_cents / 100)}</td>
                  <td className="py-2 pr-3 tabular">
                    {g.transactions_to_date} / {g.transactions_goal}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </TitledSection>
  );
}
