import { useId, useState, type ReactNode } from 'react';
import { cn } from '../ui/cn';
import { inputClass } from './Field';

/**
 * A form of one labelled text box that sends what is typed and empties the box once the server has
 * taken it: a member's reply, a desk note, a correction. The caller words the failure and draws the
 * submit button (given the text, for buttons that wait for some).
 */
export function MessageForm({
  label,
  rows,
  className,
  onSend,
  error,
  submit,
}: {
  label: string;
  rows: number;
  className: string;
  /** Sends the text; sent() empties the box. */
  onSend: (text: string, sent: () => void) => void;
  /** The failure's words, or null when there is none. */
  error: string | null;
  submit: (text: string) => ReactNode;
}) {
  const [text, setText] = useState('');
  const id = useId();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSend(text, () => setText(''));
      }}
      className={className}
    >
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <textarea id={id} rows={rows} value={text} onChange={(e) => setText(e.target.value)} className={cn(inputClass, 'h-auto border-border-strong py-2')} />
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div>{submit(text)}</div>
    </form>
  );
}
