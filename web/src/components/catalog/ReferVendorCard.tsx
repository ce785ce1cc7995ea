import { UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { openVendorDialog } from '../../lib/vendorDialogs';

/** A small card on the service page that opens Refer Your Vendor with the service's title as the interest. */
export function ReferVendorCard({ serviceTitle }: { serviceTitle: string }) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4 shadow-card">
      <h2 className="text-base font-semibold text-fg">{t('engage.refer.cardTitle')}</h2>
      <p className="text-sm text-fg-muted">{t('engage.refer.cardBody')}</p>
      <Button variant="secondary" size="sm" className="self-start" onClick={() => openVendorDialog({ kind: 'refer', serviceTitle })}>
        <UserPlus aria-hidden="true" className="size-4" />
        {t('engage.refer.open')}
      </Button>
    </section>
  );
}
