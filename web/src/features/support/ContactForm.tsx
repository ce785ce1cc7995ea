import { CheckCircle2 } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PlainInput, PlainTextArea } from '../../components/form/PlainField';
import { buttonClass } from '../../components/ui/button';
import { useViewer } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useFormFields } from './useFormFields';
import { useCreateTicket } from './api';

interface Form {
  subject: string;
  message: string;
  email: string;
}
type Errors = Partial<Record<keyof Form, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The contact form's rules (03§5): subject and message required; e-mail optional for members (the account's is used), required for visitors. */
export function checkContact(form: Form, signedIn: boolean): Errors {
  const errors: Errors = {};
  if (!form.subject.trim()) errors.subject = 'support.contact.errors.subject';
  if (!form.message.trim()) errors.message = 'support.contact.errors.message';
  const email = form.email.trim();
  if (email && !EMAIL.test(email)) errors.email = 'support.contact.errors.email';
  if (!email && !signedIn) errors.email = 'support.contact.errors.emailRequired';
  return errors;
}

/**
 * The contact form (03§2 help widget, /contact): subject, message and e-mail; creates a support
 * ticket that is e-mailed to support. kind says where it was sent from.
 */
export function ContactForm({ kind = 'contact', compact = false }: { kind?: 'contact' | 'help'; compact?: boolean }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { pathname } = useLocation();
  const { form, setForm, errors, setErrors, set, showServerErrors } = useFormFields<Form>({ subject: '', message: '', email: '' });
  const send = useCreateTicket();
  const signedIn = viewer.status === 'signed-in';


  function submit(e: FormEvent) {
    e.preventDefault();
    if (send.isPending) return;
    const next = checkContact(form, signedIn);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    send.mutate(
      { subject: form.subject.trim(), message: form.message.trim(), email: form.email.trim() || undefined, kind, current_page: pathname },
      {
        onError: (err) => {
          showServerErrors(err, (f) => f.message);
          toast({ title: t('support.contact.failedTitle'), description: t('support.contact.failedBody'), variant: 'error' });
        },
      },
    );
  }

  if (send.isSuccess) {
    return (
      <div role="status" className="flex flex-col items-start gap-3 rounded-card border border-savings bg-savings-soft p-4 text-fg">
        <p className="flex items-center gap-2 font-semibold">
          <CheckCircle2 aria-hidden className="size-5 text-savings" />
          {t('support.contact.sentTitle')}
        </p>
        <p className="text-sm">{t('support.contact.sentBody', { email: send.data.email })}</p>
        <p className="text-sm text-fg-muted">{t('support.contact.reference', { id: send.data.id.slice(-8).toUpperCase() })}</p>
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          onClick={() => {
            setForm({ subject: '', message: '', email: form.email });
            send.reset();
          }}
        >
          {t('support.contact.another')}
        </button>
      </div>
    );
  }

  const err = (k: keyof Form) => {
    const v = errors[k];
    return v?.startsWith('support.') ? t(v) : v;
  };
  const accountEmail = viewer.profile?.email;
  return (
    <form noValidate onSubmit={submit} aria-busy={send.isPending} className={compact ? 'flex flex-col gap-3' : 'flex flex-col gap-4'}>
      <PlainInput label={t('support.contact.subject')} required value={form.subject} onChange={set('subject')} error={err('subject')} maxLength={200} />
      <PlainTextArea
        label={t('support.contact.message')}
        required
        value={form.message}
        onChange={set('message')}
        error={err('message')}
        maxLength={5000}
        rows={compact ? 4 : 6}
      />
      <PlainInput
        label={t('support.contact.email')}
        type="email"
        autoComplete="email"
        required={!signedIn}
        value={form.email}
        onChange={set('email')}
        error={err('email')}
        hint={signedIn && accountEmail ? t('support.contact.emailHint', { email: accountEmail }) : undefined}
      />
      <p className="text-sm text-fg-muted">{t('support.contact.hours')}</p>
      <button type="submit" className={buttonClass('primary', 'md', 'self-start')} disabled={send.isPending}>
        {send.isPending ? t('support.contact.sending') : t('support.contact.send')}
      </button>
    </form>
  );
}
