import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type ChangeEvent, type ComponentProps, type ReactNode } from 'react';
import { get, type FieldError, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cn } from '../ui/cn';
import { parseFieldMessage, SERVER_ERROR } from './messages';

export const inputClass =
  'h-11 w-full rounded-control border bg-surface px-3 text-base text-fg placeholder:text-fg-muted ' +
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary disabled:bg-surface-sunken';

type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  trailing?: ReactNode;
};

/** The text of a form error: a message from the server as is, otherwise its i18n key translated with the field's label. */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: { type?: string | number; message?: string } | undefined, label: string): string | undefined => {
    if (!error?.message) return undefined;
    if (error.type === SERVER_ERROR) return error.message;
    const { key, values } = parseFieldMessage(error.message);
    return t(key, { field: label, ...values });
  };
}

/** The error line under a field; its id is what the field's aria-describedby names. */
export function FieldErrorMessage({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm font-medium text-danger">
      {children}
    </p>
  );
}

/** The star after a required field's label (the control itself says aria-required). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-danger">
      {' '}
      *
    </span>
  );
}

/** A field's hint and error lines under its control: the ids its aria-describedby names. */
export function FieldNotes({ hintId, hint, errorId, error }: { hintId: string; hint?: ReactNode; errorId: string; error?: string }) {
  return (
    <>
      {hint ? (
        <div id={hintId} className="text-xs text-fg-muted">
          {hint}
        </div>
      ) : null}
      {error ? <FieldErrorMessage id={errorId}>{error}</FieldErrorMessage> : null}
    </>
  );
}

type FormFieldProps<T extends FieldValues, Output> = Omit<TextFieldProps, 'form' | 'name' | 'error' | 'value' | 'defaultValue' | 'trailing'> & {
  form: UseFormReturn<T, unknown, Output>;
  name: FieldPath<T>;
  /** Whether typing clears the server's error on the field (otherwise errors stay until the next submit). */
  editClearsServerError?: boolean;
};

/** The input props of a field registered with a form: its value, and its error from the form state translated. */
function useFormField<T extends FieldValues, Output>({ form, name, label, editClearsServerError, ...input }: FormFieldProps<T, Output>) {
  const errorText = useErrorText();
  const error = get(form.formState.errors, name) as FieldError | undefined;
  const { onChange, ...registered } = form.register(name);
  return {
    ...input,
    ...registered,
    label,
    error: errorText(error, label),
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      if (editClearsServerError && error?.type === SERVER_ERROR) form.clearErrors(name);
      input.onChange?.(e);
      void onChange(e);
    },
  };
}

/** A TextField registered with a form. */
export function FormTextField<T extends FieldValues, Output>(props: FormFieldProps<T, Output>) {
  return <TextField {...useFormField(props)} />;
}

/** A PasswordField registered with a form. */
export function FormPasswordField<T extends FieldValues, Output>(props: Omit<FormFieldProps<T, Output>, 'type'>) {
  return <PasswordField {...useFormField(props)} />;
}

/**
 * A field row: its label (with a star when required), the control, its hint and its error; the
 * control gets the id the label names and the aria-describedby of the hint and the error. Every
 * field of the form kit (TextField, PlainInput, PlainSelect, PlainTextArea) is drawn by it.
 */
export function FieldFrame({
  id: given,
  label,
  hint,
  error,
  required,
  className,
  children,
}: {
  /** The control's id (an error summary links to it); one is made when not given. */
  id?: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  className?: string;
  children: (ids: { id: string; describedBy?: string }) => ReactNode;
}) {
  const made = useId();
  const id = given ?? made;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {children({ id, describedBy })}
      <FieldNotes hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}

/** A labelled text input with its hint and error (aria-invalid, aria-describedby). */
function TextField({
  label,
  error,
  hint,
  className,
  trailing,
  ...input
}: TextFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {({ id, describedBy }) => (
        <div className="relative">
          <input
            id={id}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={cn(inputClass, error ? 'border-danger' : 'border-border-strong', trailing ? 'pr-12' : undefined)}
            {...input}
          />
          {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
        </div>
      )}
    </FieldFrame>
  );
}

/** A password input with a show/hide toggle. */
function PasswordField(props: Omit<TextFieldProps, 'trailing' | 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={t('auth.showPassword')}
          title={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          className="flex size-9 items-center justify-center rounded-control text-fg-muted hover:bg-surface-sunken hover:text-fg"
        >
          {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
        </button>
      }
    />
  );
}
