import { Button } from './Button';

/** A load that failed, said in place of what it would show, with the button that tries again. */
export function RetryAlert({ message, retryLabel, onRetry, messageClassName }: { message: string; retryLabel: string; onRetry: () => void; messageClassName?: string }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-2 rounded-card border border-danger/30 bg-danger-soft p-4">
      <p className={messageClassName}>{message}</p>
      <Button onClick={onRetry}>{retryLabel}</Button>
    </div>
  );
}
