import { describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { ApiError } from '../../lib/api/client';
import { describeAuthError } from './errors';

describe('F-APP-10 invalid text from the server', () => {
  it('shows validation.invalid_text in the words of the app, on the field it names', () => {
    const err = new ApiError(
      400,
      {
        code: 'invalid',
        message: 'email must be text without NUL characters or invalid UTF-8',
        fields: [{ field: 'email', key: 'validation.invalid_text', message: 'email must be text without NUL characters or invalid UTF-8' }],
      },
      'Bad Request',
    );
    const d = describeAuthError(err, i18n.t);
    expect(d.fields.email).toBe('This field contains characters that are not allowed. Remove them and try again.');
    expect(d.message).toBe(d.fields.email);
  });
});
