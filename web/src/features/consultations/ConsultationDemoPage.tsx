import { BadgePercent, CalendarCheck, Handshake, MailCheck, Store, Video, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TitledSection } from '../../components/ui/TitledSection';
import { AdvisorsBooking } from './BookMeetingPage';

const COVERS: ReadonlyArray<{ key: string; icon: LucideIcon }> = [
  { key: 'marketplace', icon: Store },
  { key: 'savings', icon: BadgePercent },
  { key: 'copay', icon: Handshake },
  { key: 'plan', icon: CalendarCheck },
];

const STEPS = ['pick', 'confirm', 'call'] as const;

/**
 * /consultation-demo (issue 32 item 7): what Circle is and what a 30-minute demo call with one of
 * Circle's advisors covers, then the booking form of the advisors' calendar (visitors are asked
 * to sign in to book, as on every booking).
 */
export default function ConsultationDemoPage() {
  const { t } = useTranslation();
  const coversId = useId();
  const stepsId = useId();
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-8">
      <header className="flex flex-col gap-3">
        <p className="inline-flex items-center gap-2 text-sm font-semibold text-primary">
          <Video aria-hidden="true" className="size-4" />
          {t('consultDemo.eyebrow')}
        </p>
        <h1 className="text-2xl font-bold tracking-tight text-fg md:text-4xl">{t('areas.consultationDemo.title')}</h1>
        <p className="text-xl font-semibold text-fg">{t('consultDemo.title')}</p>
        <p className="max-w-2xl text-lg text-fg-muted">{t('consultDemo.lead')}</p>
      </header>

      <TitledSection id={coversId} title={t('consultDemo.covers.title')} className="flex flex-col gap-4" headingClassName="text-xl font-semibold tracking-tight text-fg md:text-2xl">
        <ul className="grid gap-3 sm:grid-cols-2">
          {COVERS.map(({ key, icon: Icon }) => (
            <li key={key} className="flex gap-3 rounded-card border border-border bg-surface p-4 shadow-card">
              <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
              <div className="flex flex-col gap-1">
                <h3 className="font-semibold text-fg">{t(`consultDemo.covers.${key}.title`)}</h3>
                <p className="text-sm text-fg-muted">{t(`consultDemo.covers.${key}.body`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </TitledSection>

      <TitledSection id={stepsId} title={t('consultDemo.steps.title')} className="flex flex-col gap-4" headingClassName="text-xl font-semibold tracking-tight text-fg md:text-2xl">
        <ol className="grid gap-3 sm:grid-cols-3">
          {STEPS.map((key, i) => (
            <li key={key} className="flex gap-3 rounded-card bg-surface-sunken p-4">
              <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-fg">
                {i + 1}
              </span>
              <p className="text-sm text-fg">{t(`consultDemo.steps.${key}`)}</p>
            </li>
          ))}
        </ol>
        <p className="inline-flex items-start gap-2 text-sm text-fg-muted">
          <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('consultDemo.noObligation')}
        </p>
      </TitledSection>

      <AdvisorsBooking title={t('consultDemo.pickTitle')} source="consultation_demo" />
    </div>
  );
}
