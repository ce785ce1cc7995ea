/**
 * Form error messages are i18n keys, translated where they are shown (one place, so every form
 * words and places its errors the same way). react-hook-form keeps one string per error, so a
 * message that needs values (a length limit) carries them after the key as JSON.
 */

/** The error type of a message that came from the server: already in the user's language, shown as is. */
export const SERVER_ERROR = 'server';

type MessageValues = Record<string, string | number>;

const SEPARATOR = '\n';

/** The message of a zod rule: its i18n key, and the values the text needs. */
export function fieldMessage(key: string, values?: MessageValues): string {
  return values ? `${key}${SEPARATOR}${JSON.stringify(values)}` : key;
}

export function parseFieldMessage(message: string): { key: string; values: MessageValues } {
  const at = message.indexOf(SEPARATOR);
  if (at < 0) return { key: message, values: {} };
  return { key: message.slice(0, at), values: JSON.parse(message.slice(at + 1)) as MessageValues };
}
