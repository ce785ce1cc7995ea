import type { ReactNode } from 'react';
import { inputClass } from '../form/Field';
import { LabelledControl } from '../form/LabelledControl';
import { cn } from '../ui/cn';

/**
 * A labelled control of a filter row (above a table, or a short form's row): the label over the
 * control. grow lets it take the row's free width (a search box).
 */
export function FilterField({ id, label, grow = false, children }: { id: string; label: string; grow?: boolean; children: ReactNode }) {
  return (
    <LabelledControl id={id} label={label} className={grow ? 'flex min-w-56 flex-1 flex-col gap-1.5' : undefined}>
      {children}
    </LabelledControl>
  );
}

/** A filter row's search box: it fills the row's free width; the caller applies it on submit. */
export function FilterSearch({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (v: string) => void }) {
  return (
    <FilterField id={id} label={label} grow>
      <input id={id} type="search" value={value} onChange={(e) => onChange(e.target.value)} className={cn(inputClass, 'border-border-strong')} />
    </FilterField>
  );
}

/** A labelled select of a filter row: one option a value, named by text. */
export function FilterSelect<T extends string | number>({
  id,
  label,
  value,
  options,
  text,
  onChange,
  className,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  text: (o: T) => string;
  onChange: (v: string) => void;
  /** Extra classes of the select (a width cap). */
  className?: string;
}) {
  return (
    <FilterField id={id} label={label}>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={cn(inputClass, className, 'border-border-strong')}>
        {options.map((o) => (
          <option key={o} value={o}>
            {text(o)}
          </option>
        ))}
      </select>
    </FilterField>
  );
}
