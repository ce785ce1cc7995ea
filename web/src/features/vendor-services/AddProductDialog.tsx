import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField, useErrorText } from '../../components/form/Field';
import { FormActions, FormDialogHeading } from '../../components/form/FormDialog';
import { SERVER_ERROR } from '../../components/form/messages';
import { PlainSelect, PlainTextArea } from '../../components/form/PlainField';
import { useZodForm } from '../../components/form/useZodForm';
import { Modal } from '../../components/ui/Modal';
import { ApiError } from '../../lib/api/client';
import { toast } from '../../lib/toast';
import type { Category } from './api';
import { productSchema, useAddProduct, type ProductValues } from './product';

const FIELDS = ['title', 'description', 'price', 'category', 'image_url', 'vendor_location'] as const;
type FieldName = (typeof FIELDS)[number];

/**
 * Add New Product (03§2, F-ENG-06): Product Title, Description, Price ($), Category, Image URL,
 * Location (City, State); Cancel and Add Product. The product is saved as an inactive draft the
 * vendor completes and activates in the list.
 */
export function AddProductDialog({ categories, onClose }: { categories: readonly Category[]; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const add = useAddProduct();
  const errorText = useErrorText();
  const form = useZodForm(productSchema, {
    defaultValues: { title: '', description: '', price: '', category: '', image_url: '', vendor_location: '' },
  });
  const label = (f: FieldName) => t(`vendorServices.product.fields.${f}`);

  const submit = form.handleSubmit(async (v: ProductValues) => {
    try {
      await add.mutateAsync({ ...v, image_url: v.image_url || undefined });
      toast({ title: t('vendorServices.product.added'), description: t('vendorServices.product.addedBody'), variant: 'success' });
      onClose();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : [];
      for (const f of fields) {
        const name = (FIELDS as readonly string[]).includes(f.field) ? (f.field as FieldName) : 'title';
        form.setError(name, { type: SERVER_ERROR, message: f.message });
      }
      if (fields.length === 0) {
        toast({ title: t('vendorServices.product.failed'), description: err instanceof ApiError && err.status < 500 && err.status > 0 ? err.message : undefined, variant: 'error' });
      }
    }
  });

  const errors = form.formState.errors;
  return (
    <Modal labelledBy={titleId} onClose={onClose} className="max-h-[92vh] max-w-xl! overflow-y-auto max-sm:p-4">
      <FormDialogHeading titleId={titleId} title={t('vendorServices.product.title')} intro={t('vendorServices.product.intro')} closeLabel={t('vendorServices.product.close')} onClose={onClose} />
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-5 flex flex-col gap-4" aria-busy={add.isPending}>
        <FormTextField form={form} name="title" label={label('title')} required autoComplete="off" />
        <PlainTextArea label={label('description')} required rows={4} error={errorText(errors.description, label('description'))} {...form.register('description')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTextField form={form} name="price" label={label('price')} required inputMode="decimal" placeholder="249.00" />
          <PlainSelect label={label('category')} required error={errorText(errors.category, label('category'))} {...form.register('category')}>
            <option value="">{t('vendorServices.product.pickCategory')}</option>
            {categories.map((c) => (
              <option key={c.tag} value={c.tag}>
                {c.name}
              </option>
            ))}
          </PlainSelect>
        </div>
        <FormTextField form={form} name="image_url" label={label('image_url')} type="url" inputMode="url" placeholder="https://" />
        <FormTextField form={form} name="vendor_location" label={label('vendor_location')} required placeholder={t('vendorServices.product.locationPlaceholder')} autoComplete="address-level2" />
        <FormActions
          secondaryLabel={t('vendorServices.product.cancel')}
          onSecondary={onClose}
          submitLabel={t('vendorServices.product.submit')}
          busyLabel={t('vendorServices.product.submitting')}
          busy={add.isPending}
        />
      </form>
    </Modal>
  );
}
