import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions, FormDialogHeading, FormDialogSignIn } from '../../components/form/FormDialog';
import { PlainInput, PlainSelect, PlainTextArea } from '../../components/form/PlainField';
import { Modal } from '../../components/ui/Modal';
import { ApiError } from '../../lib/api/client';
import { useViewer } from '../../lib/session';
import { toast } from '../../lib/toast';
import { referVendor } from './api';
import { DEFAULT_REFERRAL_TYPE, DEFAULT_RELATIONSHIP, REFERRAL_VENDOR_TYPES, RELATIONSHIPS, validEmail, validPhone } from './rules';

interface ReferForm {
  vendor_name: string;
  vendor_email: string;
  vendor_phone: string;
  vendor_company: string;
  vendor_type: string;
  relationship: string;
  service_interest: string;
  referral_notes: string;
}

/**
 * Refer Your Vendor (03§2, F-ENG-04): vendor name and email (required, the email input of
 * type email), phone (optional), company, vendor type and relationship (lists with defaults),
 * service interest (defaults to the current service's title) and notes.
 */
export default function ReferVendorDialog({ serviceTitle = '', onClose }: { serviceTitle?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const viewer = useViewer();
  const [form, setForm] = useState<ReferForm>({
    vendor_name: '',
    vendor_email: '',
    vendor_phone: '',
    vendor_company: '',
    vendor_type: DEFAULT_REFERRAL_TYPE,
    relationship: DEFAULT_RELATIONSHIP,
    service_interest: serviceTitle,
    referral_notes: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof ReferForm, string>>>({});

  const send = useMutation({
    mutationFn: () =>
      referVendor({
        ...form,
        vendor_name: form.vendor_name.trim(),
        vendor_email: form.vendor_email.trim(),
        vendor_phone: form.vendor_phone.trim() || undefined,
        vendor_company: form.vendor_company || undefined,
        service_interest: form.service_interest || undefined,
        referral_notes: form.referral_notes || undefined,
      }),
    onSuccess: (res) => {
      // An open referral of the caller's to this address is answered again, and not re-sent (issue 27).
      toast(
        res.existing
          ? { title: t('engage.refer.alreadyTitle'), description: t('engage.refer.alreadyBody'), variant: 'success' }
          : { title: t('engage.refer.successTitle'), description: t('engage.refer.successBody'), variant: 'success' },
      );
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields.length > 0) {
        const next: Partial<Record<keyof ReferForm, string>> = {};
        for (const f of err.fields) {
          next[f.field as keyof ReferForm] = f.key === 'vendorInvite.self' ? t('engage.invite.errors.self') : f.message;
        }
        setErrors(next);
      }
      toast({
        title: t('engage.refer.failedTitle'),
        description: err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : t('engage.refer.failedBody'),
        variant: 'error',
      });
    },
  });

  const set = (k: keyof ReferForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (send.isPending) return;
    const next: Partial<Record<keyof ReferForm, string>> = {};
    const name = form.vendor_name.trim();
    const email = form.vendor_email.trim();
    if (!name || !email) {
      if (!name) next.vendor_name = t('engage.refer.missingBody');
      if (!email) next.vendor_email = t('engage.refer.missingBody');
      setErrors(next);
      toast({ title: t('engage.refer.missingTitle'), description: t('engage.refer.missingBody'), variant: 'error' });
      return;
    }
    if (!validEmail(email)) next.vendor_email = t('engage.invite.errors.email');
    if (form.vendor_phone.trim() && !validPhone(form.vendor_phone.trim())) next.vendor_phone = t('engage.invite.errors.phone');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    send.mutate();
  }

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="max-h-[92vh] max-w-xl! overflow-y-auto max-sm:p-4">
      <FormDialogHeading titleId={titleId} title={t('engage.refer.title')} intro={t('engage.refer.intro')} closeLabel={t('engage.refer.cancel')} onClose={onClose} />
      {viewer.status === 'signed-out' ? (
        <FormDialogSignIn text={t('engage.refer.signIn')} onClose={onClose} />
      ) : (
        <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4" aria-busy={send.isPending}>
          <div className="grid gap-4 sm:grid-cols-2">
            <PlainInput label={t('engage.refer.fields.vendorName')} required value={form.vendor_name} onChange={set('vendor_name')} error={errors.vendor_name} />
            <PlainInput
              label={t('engage.refer.fields.vendorEmail')}
              required
              type="email"
              value={form.vendor_email}
              onChange={set('vendor_email')}
              error={errors.vendor_email}
            />
            <PlainInput label={t('engage.refer.fields.vendorPhone')} type="tel" value={form.vendor_phone} onChange={set('vendor_phone')} error={errors.vendor_phone} />
            <PlainInput label={t('engage.refer.fields.vendorCompany')} value={form.vendor_company} onChange={set('vendor_company')} error={errors.vendor_company} />
            <PlainSelect label={t('engage.refer.fields.vendorType')} value={form.vendor_type} onChange={set('vendor_type')} error={errors.vendor_type}>
              {REFERRAL_VENDOR_TYPES.map((v) => (
                <option key={v} value={v}>
                  {t(`engage.refer.vendorTypes.${v}`)}
                </option>
              ))}
            </PlainSelect>
            <PlainSelect label={t('engage.refer.fields.relationship')} value={form.relationship} onChange={set('relationship')} error={errors.relationship}>
              {RELATIONSHIPS.map((v) => (
                <option key={v} value={v}>
                  {t(`engage.refer.relationships.${v}`)}
                </option>
              ))}
            </PlainSelect>
          </div>
          <PlainInput label={t('engage.refer.fields.serviceInterest')} value={form.service_interest} onChange={set('service_interest')} error={errors.service_interest} />
          <PlainTextArea label={t('engage.refer.fields.notes')} value={form.referral_notes} onChange={set('referral_notes')} error={errors.referral_notes} maxLength={1000} />
          <FormActions
            secondaryLabel={t('engage.refer.cancel')}
            onSecondary={onClose}
            submitLabel={t('engage.refer.submit')}
            busyLabel={t('engage.refer.submitting')}
            busy={send.isPending}
          />
        </form>
      )}
    </Modal>
  );
}
