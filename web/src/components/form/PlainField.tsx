import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../ui/cn';
import { FieldErrorMessage, inputClass } from './Field';

/** Label, hint and error wiring shared by the plain (controlled, not react-hook-form) fields. */
function Frame({
  label,
  hint,
  error,
  required,
  className,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  className?: string;
  children: (ids: { id: string; describedBy?: string }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-danger">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children({ id, describedBy })}
      {hint ? (
        <div id={hintId} className="text-xs text-fg-muted">
          {hint}
        </div>
      ) : null}
      {error ? <FieldErrorMessage id={errorId}>{error}</FieldErrorMessage> : null}
    </div>
  );
}

type Common = { label: string; hint?: ReactNode; error?: string; className?: string };

/** A labelled input (controlled by the caller) with its hint and error (aria-invalid, aria-describedby). */
export function PlainInput({ label, hint, error, className, required, ...input }: Common & ComponentProps<'input'>) {
  return (
    <Frame label={label} hint={hint} error={error} required={required} className={className}>
      {({ id, describedBy }) => (
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          className={cn(inputClass, error ? 'border-danger' : 'border-border-strong')}
          {...input}
        />
      )}
    </Frame>
  );
}

/** A labelled select. */
export function PlainSelect({ label, hint, error, className, required, children, ...select }: Common & ComponentProps<'select'>) {
  return (
    <Frame label={label} hint={hint} error={error} required={required} className={className}>
      {({ id, describedBy }) => (
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          className={cn(inputClass, error ? 'border-danger' : 'border-border-strong')}
          {...select}
        >
          {children}
        </select>
      )}
    </Frame>
  );
}

/** A labelled text area. */
export function PlainTextArea({ label, hint, error, className, required, ...area }: Common & ComponentProps<'textarea'>) {
  return (
    <Frame label={label} hint={hint} error={error} required={required} className={className}>
      {({ id, describedBy }) => (
        <textarea
          id={id}
          rows={3}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(inputClass, 'h-auto min-h-20 py-2', error ? 'border-danger' : 'border-border-strong')}
          {...area}
        />
      )}
    </Frame>
  );
}
