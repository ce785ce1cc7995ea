import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/Field';

/** The e-mail field of the sign-in, sign-up and reset forms; onEmail hears every edit. */
export function EmailField<T extends FieldValues & { email: string }, Output>({ form, onEmail }: { form: UseFormReturn<T, unknown, Output>; onEmail: (email: string) => void }) {
  const { t } = useTranslation();
  return (
    <FormTextField
      form={form}
      label={t('auth.fields.email')}
      type="email"
      name={'email' as FieldPath<T>}
      autoComplete="email"
      inputMode="email"
      required
      onChange={(e) => onEmail(e.target.value)}
    />
  );
}
