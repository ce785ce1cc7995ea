import { ChevronDown, Globe, Mail, Phone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn';
import { Avatar } from '../../../components/catalog/Avatar';
import type { Representative } from '../model/types';
import { Pill } from './bits';

export const REPS_SHOWN_FIRST = 3;

/** Which wording a vendor type uses for its representatives. */
export function repRole(vendorType: string): 'lender' | 'title' | 'insurance' | 'default' {
  const v = vendorType.toLowerCase();
  if (/lender|mortgage|loan/.test(v)) return 'lender';
  if (/title|escrow|settlement/.test(v)) return 'title';
  if (/insurance|warranty/.test(v)) return 'insurance';
  return 'default';
}

/** Service representative picker (02§2): the primary card, then Browse All {role}s (n). */
export function RepresentativePicker({ vendorType, representatives }: { vendorType: string; representatives: readonly Representative[] }) {
  const { t } = useTranslation();
  const role = repRole(vendorType);
  const primary = representatives.find((r) => r.is_primary) ?? representatives[0];
  const [chosen, setChosen] = useState<string | null>(primary?.id ?? null);
  const [browsing, setBrowsing] = useState(false);
  const [all, setAll] = useState(false);
  if (!primary) return null;
  const others = representatives.filter((r) => r.id !== primary.id);
  const list = all ? others : others.slice(0, REPS_SHOWN_FIRST);
  return (
    <section className="flex flex-col gap-3" data-testid="rep-picker">
      <h3 className="text-lg font-semibold text-fg">{t(`detail.reps.heading.${role}`)}</h3>
      <RepCard rep={primary} chosen={chosen === primary.id} onChoose={() => setChosen(primary.id)} specialties={3} />
      {representatives.length > 1 ? (
        <div className="flex flex-col gap-2">
          <button type="button" aria-expanded={browsing} onClick={() => setBrowsing((b) => !b)} className="flex items-center gap-1 self-start text-sm font-medium text-primary hover:underline">
            {t('detail.reps.browseAll', { role: t(`detail.reps.role.${role}`), count: representatives.length })}
            <ChevronDown aria-hidden="true" className={cn('size-4', browsing && 'rotate-180')} />
          </button>
          {browsing ? (
            <>
              <ul className="flex flex-col gap-2">
                {list.map((r) => (
                  <li key={r.id}>
                    <RepCard rep={r} chosen={chosen === r.id} onChoose={() => setChosen(r.id)} specialties={2} compact />
                  </li>
                ))}
              </ul>
              {!all && others.length > REPS_SHOWN_FIRST ? (
                <button type="button" onClick={() => setAll(true)} className="self-start text-sm font-medium text-primary hover:underline">
                  {t('detail.reps.viewAll', { count: representatives.length })}
                </button>
              ) : null}
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function RepCard({ rep, chosen, onChoose, specialties, compact }: { rep: Representative; chosen: boolean; onChoose: () => void; specialties: number; compact?: boolean }) {
  const { t } = useTranslation();
  const specs = (rep.specialties ?? []).slice(0, specialties);
  return (
    <div className={cn('flex gap-3 rounded-card border bg-surface p-3', chosen ? 'border-primary ring-1 ring-primary' : 'border-border')}>
      <Avatar src={rep.profile_picture_url} name={rep.name} className={compact ? 'size-10' : 'size-14'} />
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-fg">{rep.name}</span>
          {rep.is_primary ? <Pill tone="primary">{t('detail.reps.primary')}</Pill> : null}
        </p>
        {rep.title ? <p className="text-fg-muted">{rep.title}</p> : null}
        <p className="flex flex-wrap gap-x-3 text-xs text-fg-muted">
          {rep.rating_tenths > 0 ? <span>★ {(rep.rating_tenths / 10).toFixed(1)}</span> : null}
          {rep.years_experience > 0 ? <span>{t('detail.reps.years', { count: rep.years_experience })}</span> : null}
          {rep.license_number ? <span>{t('detail.reps.license', { number: rep.license_number })}</span> : null}
        </p>
        {specs.length > 0 ? (
          <ul className="flex flex-wrap gap-1">
            {specs.map((s) => (
              <li key={s} className="rounded-pill bg-surface-sunken px-2 py-0.5 text-xs text-fg">
                {s}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex gap-2">
          {rep.email ? (
            <a href={`mailto:${rep.email}`} aria-label={t('detail.reps.mail', { name: rep.name })} className="text-primary">
              <Mail aria-hidden="true" className="size-4" />
            </a>
          ) : null}
          {rep.phone ? (
            <a href={`tel:${rep.phone}`} aria-label={t('detail.reps.call', { name: rep.name })} className="text-primary">
              <Phone aria-hidden="true" className="size-4" />
            </a>
          ) : null}
          {rep.website ? (
            <a href={rep.website} target="_blank" rel="noopener noreferrer" aria-label={t('detail.reps.website', { name: rep.name })} className="text-primary">
              <Globe aria-hidden="true" className="size-4" />
            </a>
          ) : null}
        </div>
      </div>
      <button
        type="button"
        aria-pressed={chosen}
        aria-label={t('detail.reps.choose', { name: rep.name })}
        onClick={onChoose}
        className={cn('self-center rounded-control border px-3 py-1.5 text-xs font-medium', chosen ? 'border-primary bg-primary text-primary-fg' : 'border-border-strong text-fg hover:bg-surface-sunken')}
      >
        {chosen ? t('detail.reps.chosen') : t('detail.reps.select')}
      </button>
    </div>
  );
}
