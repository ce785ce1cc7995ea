import { CheckCircle2, PartyPopper } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { openVendorDialog } from '../../lib/vendorDialogs';
import type { Consultation } from './api';
import { dayLabel } from './SlotPicker';

/** Where Continue leads after an internal booking: the booking's preparation course. */
export const prepCourseRoute = (bookingId: string) => `/consultation-prep/${encodeURIComponent(bookingId)}`;

/** Meeting Confirmed (03§2): See Vetted Vendors, Add My Current Vendor, Continue. */
export function MeetingConfirmedDialog({ booking, onClose }: { booking: Consultation; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const go = (to: string) => {
    onClose();
    void navigate(to);
  };
  return (
    <CelebrationDialog
      icon={<CheckCircle2 aria-hidden="true" className="size-12 text-savings" />}
      title={t('consultations.confirmed.title')}
      onClose={onClose}
      className="max-h-full overflow-y-auto max-md:h-full max-md:max-w-none max-md:rounded-none"
    >
      <p className="text-fg-muted">
        {t('consultations.confirmed.body', {
          title: booking.service_title,
          date: dayLabel(booking.scheduled_date, i18n.language, 'long'),
          time: booking.scheduled_time,
        })}
      </p>
      <p className="text-sm text-fg-muted">{t('consultations.confirmed.email', { email: booking.client_email })}</p>
      <div className="flex w-full flex-col gap-2">
        <Button onClick={() => go('/marketplace')} variant="secondary">
          {t('consultations.confirmed.seeVendors')}
        </Button>
        <Button
          onClick={() => {
            onClose();
            openVendorDialog({ kind: 'refer', serviceTitle: booking.service_title });
          }}
          variant="secondary"
        >
          {t('consultations.confirmed.addVendor')}
        </Button>
        <Button onClick={() => go(prepCourseRoute(booking.id))}>{t('consultations.confirmed.continue')}</Button>
      </div>
    </CelebrationDialog>
  );
}

/** A full-screen-on-phones dialog that marks a step done: a big icon, the title, then what comes next (children). */
function CelebrationDialog({ icon, title, onClose, className, children }: { icon: ReactNode; title: string; onClose: () => void; className: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Modal labelledBy={titleId} onClose={onClose} className={className}>
      <div className="flex flex-col items-center gap-4 text-center">
        {icon}
        <h2 id={titleId} className="text-2xl font-bold text-fg">
          {title}
        </h2>
        {children}
      </div>
    </Modal>
  );
}

/** Thank You (03§2), after an external lead capture: the vendor's calendar opened in a new tab. */
export function ThankYouDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <CelebrationDialog
      icon={<PartyPopper aria-hidden="true" className="size-12 text-primary" />}
      title={t('consultations.thankYou.title')}
      onClose={onClose}
      className="max-md:h-full max-md:max-w-none max-md:rounded-none"
    >
      <p className="text-fg-muted">{t('consultations.thankYou.body')}</p>
      <Button onClick={onClose} className="w-full">
        {t('consultations.thankYou.done')}
      </Button>
    </CelebrationDialog>
  );
}
