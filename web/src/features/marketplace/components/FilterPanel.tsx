import { Star } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledControl } from '../../../components/form/LabelledControl';
import { cn } from '../../../components/ui/cn';
import type { MarketplaceData, PriceRange } from '../api/types';
import { usePendingValue } from '../hooks';
import { CATEGORY_BLOCKS, LOBBY_KEYS } from '../model/categories';
import { changeFilters, FEATURES, LOBBY_SLUGS, RATINGS, SEARCH_DEBOUNCE_MS, type Feature, type Filters } from '../model/filters';

const FEATURE_KEYS: Record<Feature, string> = {
  copay: 'marketplace.filters.feature.copay',
  instant: 'marketplace.filters.feature.instant',
  featured: 'marketplace.filters.feature.featured',
  top_pick: 'marketplace.filters.feature.topPick',
  pro_discount: 'marketplace.filters.feature.proDiscount',
};

/**
 * The filters of 03§2 and 03§9: lobby category, category block, price range (bounds from the
 * data), minimum rating, verified vendors, the co-pay eligible rule and the five features. Featured
 * and co-pay allowed are not offered twice: they are the Featured Service and Co-Pay Available
 * features. Clear all filters sits once, beside the active-filter chips (issue 18).
 */
export function FilterPanel({
  filters,
  data,
  priceRange,
  update,
  money,
  adminSlot,
}: {
  filters: Filters;
  data: MarketplaceData | undefined;
  priceRange: PriceRange;
  update: (patch: Partial<Filters> | ((f: Filters) => Filters), opts?: { replace?: boolean }) => void;
  money: (cents: number) => string;
  adminSlot?: ReactNode;
}) {
  const { t } = useTranslation();
  const lobbyCount = (slug: string) => data?.lobby_categories?.find((c) => c.slug === slug)?.count;
  const blockCount = (tag: string) => data?.category_blocks?.find((b) => b.tag === tag)?.count;

  return (
    <div className="grid gap-6 border-t border-border pt-4 md:grid-cols-2 lg:grid-cols-4">
      <div className="flex flex-col gap-4">
        <FilterSelect label={t('marketplace.filters.category')} value={filters.category} all={t('marketplace.filters.allCategories')} onChange={(category) => update({ category })}>
          {LOBBY_SLUGS.map((slug) => (
            <CountedOption key={slug} value={slug} name={t(`lobby.categories.${LOBBY_KEYS[slug] ?? ''}`)} count={lobbyCount(slug)} />
          ))}
        </FilterSelect>
        <FilterSelect label={t('marketplace.filters.block')} value={filters.tag} all={t('marketplace.filters.allBlocks')} onChange={(tag) => update({ tag })}>
          {(['old-school', 'digital-first'] as const).map((group) => (
            <optgroup key={group} label={t(group === 'old-school' ? 'marketplace.blocks.oldSchool' : 'marketplace.blocks.digitalFirst')}>
              {CATEGORY_BLOCKS.filter((b) => b.group === group).map((b) => (
                <CountedOption key={b.tag} value={b.tag} name={t(`marketplace.blocks.names.${b.key}`)} count={blockCount(b.tag)} />
              ))}
            </optgroup>
          ))}
        </FilterSelect>
      </div>

      <PriceRangeControl
        range={priceRange}
        min={filters.minPrice}
        max={filters.maxPrice}
        money={money}
        onCommit={(minPrice, maxPrice) => update({ minPrice, maxPrice })}
      />

      <div className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-fg">{t('marketplace.filters.minRating')}</legend>
          <div className="flex flex-wrap gap-1.5">
            {RATINGS.map((r) => {
              const on = filters.minRating === r;
              return (
                <button
                  key={r}
                  type="button"
                  aria-pressed={on}
                  aria-label={t('marketplace.filters.ratingOption', { count: r })}
                  onClick={() => update((cur) => changeFilters(cur, { minRating: cur.minRating === r ? null : r }))}
                  className={cn(
                    'flex h-9 items-center gap-1 rounded-control border px-2.5 text-sm font-medium',
                    on ? 'border-primary bg-primary text-primary-fg' : 'border-border-strong bg-surface text-fg hover:bg-surface-sunken',
                  )}
                >
                  {r}
                  <Star aria-hidden="true" className={cn('size-3.5', on ? 'fill-primary-fg' : 'fill-pro text-pro')} />
                  <span aria-hidden="true">+</span>
                </button>
              );
            })}
          </div>
        </fieldset>
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1 text-sm font-medium text-fg">{t('marketplace.filters.show')}</legend>
          <Check label={t('marketplace.filters.verified')} checked={filters.verified} onChange={(v) => update({ verified: v })} />
          <Check
            label={t('marketplace.filters.copayEligible')}
            checked={filters.copayEligible}
            onChange={(v) => update({ copayEligible: v })}
          />
        </fieldset>
      </div>

      <div className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1 text-sm font-medium text-fg">{t('marketplace.filters.features')}</legend>
          {FEATURES.map((f) => (
            <Check
              key={f}
              label={t(FEATURE_KEYS[f])}
              checked={filters.features.includes(f)}
              onChange={(v) =>
                // From the latest filters, not this render's: two quick clicks must both count.
                update((cur) =>
                  changeFilters(cur, { features: v ? [...cur.features.filter((x) => x !== f), f] : cur.features.filter((x) => x !== f) }),
                )
              }
            />
          ))}
        </fieldset>
        {adminSlot ? <div className="flex flex-wrap items-center gap-2">{adminSlot}</div> : null}
      </div>
    </div>
  );
}

const selectClass = 'h-10 rounded-control border border-border-strong bg-surface px-2 text-sm text-fg';

/** A select bound to the address bar, like Check below; its first option, the empty value, is "all". */
function FilterSelect({ label, value, all, onChange, children }: { label: string; value: string; all: string; onChange: (v: string) => void; children: ReactNode }) {
  const id = useId();
  const [shown, setShown] = usePendingValue(value);
  return (
    <LabelledControl id={id} label={label} className="flex flex-col gap-1">
      <select
        id={id}
        value={shown}
        onChange={(e) => {
          setShown(e.target.value);
          onChange(e.target.value);
        }}
        className={selectClass}
      >
        <option value="">{all}</option>
        {children}
      </select>
    </LabelledControl>
  );
}

/** An option named with its count of services, when the data gives one. */
function CountedOption({ value, name, count }: { value: string; name: string; count: number | undefined }) {
  const { t } = useTranslation();
  return <option value={value}>{count === undefined ? name : t('marketplace.filters.withCount', { name, count })}</option>;
}

/**
 * A checkbox bound to the address bar. It shows the click at once: the address (and so `checked`)
 * catches up after the navigation, and the pending value is dropped when it does.
 */
function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  const [shown, setShown] = usePendingValue(checked);
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        checked={shown}
        onChange={(e) => {
          setShown(e.target.checked);
          onChange(e.target.checked);
        }}
        className="size-4 rounded-control accent-primary"
      />
      <label htmlFor={id} className="text-sm text-fg">
        {label}
      </label>
    </div>
  );
}

/**
 * Minimum and maximum price sliders (whole dollars). A thumb at its end of the range means no
 * bound. Changes are committed 300 ms after the last move.
 */
export function PriceRangeControl({
  range,
  min,
  max,
  money,
  onCommit,
}: {
  range: PriceRange;
  min: number | null;
  max: number | null;
  money: (cents: number) => string;
  onCommit: (min: number | null, max: number | null) => void;
}) {
  const { t } = useTranslation();
  const step = Math.max(1, range.step);
  // The top of the slider is the first step at or above the range's max, so the end is reachable.
  const top = range.min + Math.ceil((range.max - range.min) / step) * step;
  const clamp = (v: number) => Math.min(top, Math.max(range.min, v));
  const committedLo = clamp(min ?? range.min);
  const committedHi = clamp(max ?? top);
  const committedKey = `${committedLo}-${committedHi}-${range.min}-${range.max}`;
  const [seen, setSeen] = useState(committedKey);
  // The values this control last committed, as they come back in the props.
  const [sent, setSent] = useState<string | null>(null);
  const [lo, setLo] = useState(committedLo);
  const [hi, setHi] = useState(committedHi);
  if (seen !== committedKey) {
    setSeen(committedKey);
    // A change from elsewhere (a removed chip, Clear all, back) moves the thumbs. Our own commit
    // coming back is not one: on a slow phone it can arrive after the thumb has moved again, and
    // taking it would undo that move (and cancel its commit).
    if (committedKey === sent) {
      setSent(null);
    } else {
      setLo(committedLo);
      setHi(committedHi);
    }
  }
  const commitRef = useRef(onCommit);
  useEffect(() => {
    commitRef.current = onCommit;
  }, [onCommit]);
  useEffect(() => {
    if (lo === committedLo && hi === committedHi) return;
    const timer = setTimeout(() => {
      const nextMin = lo <= range.min ? null : lo;
      const nextMax = hi >= range.max ? null : hi;
      // The thumbs stay inside the range, so this is the key these values come back with.
      setSent(`${nextMin ?? range.min}-${nextMax ?? top}-${range.min}-${range.max}`);
      commitRef.current(nextMin, nextMax);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [lo, hi, committedLo, committedHi, range.min, range.max, top]);

  const label = (v: number, end: boolean) => (end && v >= range.max ? t('marketplace.filters.priceAny', { price: money(range.max * 100) }) : money(v * 100));

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium text-fg">{t('marketplace.filters.price')}</legend>
      <p className="text-sm tabular text-fg-muted" aria-hidden="true">
        {money(lo * 100)} – {label(hi, true)}
      </p>
      <PriceSlider label={t('marketplace.filters.priceMin')} min={range.min} max={top} step={step} value={lo} valueText={money(lo * 100)} onChange={(v) => setLo(Math.min(v, hi))} />
      <PriceSlider label={t('marketplace.filters.priceMax')} min={range.min} max={top} step={step} value={hi} valueText={label(hi, true)} onChange={(v) => setHi(Math.max(v, lo))} />
    </fieldset>
  );
}

/** One thumb of the price range: a slider over whole dollars with its value read out as a price. */
function PriceSlider({
  label,
  min,
  max,
  step,
  value,
  valueText,
  onChange,
}: {
  label: string;
  min: number;
  max: number;
  step: number;
  value: number;
  valueText: string;
  onChange: (v: number) => void;
}) {
  const id = useId();
  return (
    <LabelledControl id={id} label={label} className="flex flex-col gap-1" labelClassName="text-xs text-fg-muted">
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={valueText}
        onChange={(e) => onChange(Number(e.target.value))}
        className="accent-primary"
      />
    </LabelledControl>
  );
}
