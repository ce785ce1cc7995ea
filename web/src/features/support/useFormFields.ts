import { useState } from 'react';
import { ApiError } from '../../lib/api/client';

/** A support form's fields and their messages; editing a field clears its message. */
export function useFormFields<Form extends Record<keyof Form, string>>(initial: Form) {
  const [form, setForm] = useState<Form>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const set = (k: keyof Form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [k]: e.target.value }));
    setErrors((x) => ({ ...x, [k]: undefined }));
  };
  /** Puts the server's field errors on their fields (text: the message to show for one); other failures leave the fields alone. */
  const showServerErrors = (err: Error, text: (f: ApiError['fields'][number]) => string) => {
    if (!(err instanceof ApiError) || err.fields.length === 0) return;
    const fromServer: Partial<Record<keyof Form, string>> = {};
    for (const f of err.fields) fromServer[f.field as keyof Form] = text(f);
    setErrors(fromServer);
  };
  return { form, setForm, errors, setErrors, set, showServerErrors };
}
