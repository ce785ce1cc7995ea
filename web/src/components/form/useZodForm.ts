import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form form checked by a zod schema whose messages are i18n keys (see fieldMessage).
 * Errors appear on submit and stay until the next submit (fields are not re-checked while typing),
 * as the forms of spec 01§5 and 03§5 do.
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  options?: Omit<UseFormProps<Input, unknown, Output>, 'resolver'>,
) {
  return useForm<Input, unknown, Output>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    ...options,
    resolver: zodResolver(schema),
  });
}
