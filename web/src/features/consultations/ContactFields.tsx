import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../components/form/Field';
import { LabelledControl } from '../../components/form/LabelledControl';
import { cn } from '../../components/ui/cn';
import type { Errors, Fields } from './contactForm';

/** Full name, email, phone (optional) and, for a booking, project details (03§2). */
export function ContactFields({ fields, set, errors, withDetails }: { fields: Fields; set: (f: Fields) => void; errors: Errors; withDetails: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const field = (name: keyof Fields, key: 'client_name' | 'client_email' | 'client_phone' | 'project_details', label: string, type: string, autoComplete: string) => (
    <LabelledControl id={`${id}-${name}`} label={label}>
      {name === 'details' ? (
        <textarea
          id={`${id}-${name}`}
          value={fields.details}
          onChange={(e) => set({ ...fields, details: e.target.value })}
          rows={4}
          maxLength={1000}
          placeholder={t('consultations.book.detailsPlaceholder')}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={errors[key] ? `${id}-${name}-err` : undefined}
          className={cn(inputClass, 'h-auto min-h-28 py-2', errors[key] ? 'border-danger' : 'border-border-strong')}
        />
      ) : (
        <input
          id={`${id}-${name}`}
          type={type}
          autoComplete={autoComplete}
          value={fields[name]}
          onChange={(e) => set({ ...fields, [name]: e.target.value })}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={errors[key] ? `${id}-${name}-err` : undefined}
          className={cn(inputClass, errors[key] ? 'border-danger' : 'border-border-strong')}
        />
      )}
      {errors[key] ? (
        <p id={`${id}-${name}-err`} className="text-sm font-medium text-danger">
          {errors[key]}
        </p>
      ) : null}
    </LabelledControl>
  );
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {field('name', 'client_name', t('consultations.book.name'), 'text', 'name')}
      {field('email', 'client_email', t('consultations.book.email'), 'email', 'email')}
      {field('phone', 'client_phone', t('consultations.book.phone'), 'tel', 'tel')}
      {withDetails ? <div className="md:col-span-2">{field('details', 'project_details', t('consultations.book.details'), 'text', 'off')}</div> : null}
    </div>
  );
}

