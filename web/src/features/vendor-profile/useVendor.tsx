import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainSelect } from '../../components/form/PlainField';
import { RetryAlert } from '../../components/ui/RetryAlert';
import { profilesQuery, type ProfilesAnswer, type VendorProfile } from './api';

/**
 * The tab's vendor: the caller's only vendor, or the one chosen above the tab when they own
 * several. Renders the loading, error and no-vendor states itself.
 */
export function WithVendor({ children }: { children: (vendor: VendorProfile, data: ProfilesAnswer) => ReactNode }) {
  const { t } = useTranslation();
  const q = useQuery(profilesQuery());
  const [chosen, setChosen] = useState<string | null>(null);
  if (q.isPending) {
    return (
      <div aria-busy="true" aria-label={t('vendorProfile.loading')} className="flex flex-col gap-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-24 rounded-card bg-surface-sunken motion-safe:animate-pulse" />
        ))}
      </div>
    );
  }
  if (q.isError) {
    return (
      <RetryAlert tone="plain" message={t('vendorProfile.loadError')} retryLabel={t('vendorProfile.retry')} onRetry={() => void q.refetch()} messageClassName="text-fg" />
    );
  }
  const profiles = q.data.profiles ?? [];
  const vendor = profiles.find((p) => p.vendor_id === chosen) ?? profiles[0];
  if (!vendor) return <p className="rounded-card border border-border p-4 text-fg">{t('vendorProfile.noVendor')}</p>;
  return (
    <div className="flex flex-col gap-4">
      {profiles.length > 1 ? (
        <PlainSelect label={t('vendorProfile.vendor')} value={vendor.vendor_id} onChange={(e) => setChosen(e.target.value)} className="max-w-sm">
          {profiles.map((p) => (
            <option key={p.vendor_id} value={p.vendor_id}>
              {p.name}
            </option>
          ))}
        </PlainSelect>
      ) : null}
      {children(vendor, q.data)}
    </div>
  );
}
