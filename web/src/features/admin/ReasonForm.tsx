import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainTextArea } from '../../components/form/PlainField';
import { Button } from '../../components/ui/Button';
import { ApiError } from '../../lib/api/client';

/**
 * The back office's "why" form: a required text (1 to 1000 characters) sent with a change that
 * goes to the audit log (suspend, reinstate, hide, restore, reject, request changes).
 */
export function ReasonForm({
  label,
  submit,
  pending,
  error,
  onSubmit,
  onCancel,
  tone = 'primary',
}: {
  label: string;
  submit: string;
  pending: boolean;
  error: unknown;
  onSubmit: (text: string) => void;
  onCancel: () => void;
  tone?: 'primary' | 'danger';
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const serverError = error instanceof ApiError ? (error.fields[0]?.message ?? error.message) : error ? t('admin.error') : '';
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) {
          setMissing(true);
          return;
        }
        onSubmit(text.trim());
      }}
    >
      <PlainTextArea
        label={label}
        required
        maxLength={1000}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setMissing(false);
        }}
        error={missing ? t('admin.reason.required') : serverError || undefined}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={tone === 'danger' ? 'danger' : 'primary'} disabled={pending}>
          {submit}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('admin.reason.cancel')}
        </Button>
      </div>
    </form>
  );
}
