import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../ui/cn';
import { FieldFrame as Frame, inputClass } from './Field';

type Common = { label: string; hint?: ReactNode; error?: string; className?: string; id?: string };

/** A labelled input (controlled by the caller) with its hint and error (aria-invalid, aria-describedby). */
export function PlainInput({ label, hint, error, className, required, id: fieldId, ...input }: Common & ComponentProps<'input'>) {
  return (
    <Frame id={fieldId} label={label} hint={hint} error={error} required={required} className={className}>
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
export function PlainSelect({ label, hint, error, className, required, children, id: fieldId, ...select }: Common & ComponentProps<'select'>) {
  return (
    <Frame id={fieldId} label={label} hint={hint} error={error} required={required} className={className}>
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
export function PlainTextArea({ label, hint, error, className, required, id: fieldId, ...area }: Common & ComponentProps<'textarea'>) {
  return (
    <Frame id={fieldId} label={label} hint={hint} error={error} required={required} className={className}>
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
