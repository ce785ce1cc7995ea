import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormTextField } from './Field';
import { fieldMessage, parseFieldMessage, SERVER_ERROR } from './messages';
import { useZodForm } from './useZodForm';

const schema = z.object({
  email: z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, fieldMessage('auth.invalid_email')),
  name: z.string().min(2, fieldMessage('profile.errors.minLength', { n: 2 })),
});

function TestForm({ onValid, serverError }: { onValid: (v: z.output<typeof schema>) => void; serverError?: string }) {
  const form = useZodForm(schema, { defaultValues: { email: '', name: '' } });
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(onValid)(e)}>
      <FormTextField form={form} name="email" label="Email" />
      <FormTextField form={form} name="name" label="Display name" editClearsServerError />
      {serverError ? (
        <button type="button" onClick={() => form.setError('name', { type: SERVER_ERROR, message: serverError })}>
          server
        </button>
      ) : null}
      <button type="submit">Save</button>
    </form>
  );
}

describe('F-AUTH-08 F-ENG-07 form kit (profile and auth forms)', () => {
  it('carries an i18n key and its values in a message', () => {
    expect(parseFieldMessage(fieldMessage('profile.errors.maxLength', { n: 100 }))).toEqual({
      key: 'profile.errors.maxLength',
      values: { n: 100 },
    });
    expect(parseFieldMessage('auth.invalid_email')).toEqual({ key: 'auth.invalid_email', values: {} });
  });

  it('blocks the submit while invalid and shows each translated error on its field', async () => {
    const onValid = vi.fn();
    render(<TestForm onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('Display name'), 'D');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const email = screen.getByLabelText('Email');
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(screen.getByLabelText('Display name')).toHaveAccessibleDescription('Display name must be at least 2 characters');
    expect(onValid).not.toHaveBeenCalled();

    await userEvent.type(email, 'dana@example.test');
    await userEvent.type(screen.getByLabelText('Display name'), 'ana');
    // Errors stay until the next submit.
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ email: 'dana@example.test', name: 'Dana' }, expect.anything());
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument();
  });

  it('shows a server error as is and clears it when the field is edited', async () => {
    render(<TestForm onValid={vi.fn()} serverError="Name taken" />);
    await userEvent.click(screen.getByRole('button', { name: 'server' }));
    const name = screen.getByLabelText('Display name');
    expect(name).toHaveAccessibleDescription('Name taken');
    await userEvent.type(name, 'x');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Name taken')).not.toBeInTheDocument();
  });
});
