import type { UseFormRegisterReturn } from 'react-hook-form';
import { useId } from 'react';
import { FieldErrorMessage, RequiredMark } from '../../components/form/Field';

/** A group of checkboxes (platforms, niches) in a fieldset with its legend, hint and error. */
export function ChoiceGroup({
  legend,
  hint,
  error,
  options,
  register,
}: {
  legend: string;
  hint?: string;
  error?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  register: UseFormRegisterReturn;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-medium text-fg">
        {legend}
        <RequiredMark />
      </legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-3">
        {options.map((o) => (
          <label key={o.value} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-control border border-border px-3 py-2 text-sm text-fg has-[:checked]:border-primary has-[:checked]:bg-primary/5">
            <input type="checkbox" value={o.value} className="size-4 accent-[var(--color-primary)]" {...register} />
            {o.label}
          </label>
        ))}
      </div>
      {error ? <FieldErrorMessage id={`${id}-error`}>{error}</FieldErrorMessage> : null}
    </fieldset>
  );
}
