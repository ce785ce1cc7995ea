import { Clock, LifeBuoy, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TitledSection } from '../../components/ui/TitledSection';
import { ContactForm } from './ContactForm';
import { TicketList } from './TicketList';

/** /contact (issue 32 item 7): the contact form, support hours, the policies, and the member's tickets with their status. */
export default function ContactPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold text-fg sm:text-3xl">{t('support.contact.title')}</h1>
        <p className="max-w-2xl text-fg-muted">{t('support.contact.intro')}</p>
      </header>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <TitledSection
          id="contact-form-heading"
          title={t('support.contact.formTitle')}
          className="rounded-card border border-border bg-surface p-4 shadow-card sm:p-6"
          headingClassName="mb-4 text-lg font-semibold text-fg"
        >
          <ContactForm kind="contact" />
        </TitledSection>
        <aside className="flex flex-col gap-4 text-sm text-fg">
          <div className="flex gap-3">
            <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
            <div>
              <p className="font-semibold">{t('support.contact.hoursTitle')}</p>
              <p className="text-fg-muted">{t('support.contact.hours')}</p>
            </div>
          </div>
          <div className="flex gap-3">
            <Mail aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
            <div>
              <p className="font-semibold">{t('support.contact.emailTitle')}</p>
              <a className="text-primary underline" href="mailto:support@circle.example">
                support@circle.example
              </a>
            </div>
          </div>
          <div className="flex gap-3">
            <LifeBuoy aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
            <div className="flex flex-col gap-1">
              <p className="font-semibold">{t('support.contact.policiesTitle')}</p>
              <Link className="text-primary underline" to="/refund-policy">
                {t('support.policies.refund')}
              </Link>
              <Link className="text-primary underline" to="/dispute-resolution">
                {t('support.policies.dispute')}
              </Link>
            </div>
          </div>
        </aside>
      </div>
      <TicketList heading={t('support.tickets.title')} />
    </div>
  );
}
