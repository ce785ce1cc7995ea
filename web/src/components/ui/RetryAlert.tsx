import type { ReactNode } from 'react';
import { Button } from './Button';
import { cn } from './cn';

/**
 * A load that failed, said in place of what it would show, with the button that tries again.
 * tone danger: the red box and a primary button; plain: a bordered box and a secondary button.
 */
export function RetryAlert({
  message,
  retryLabel,
  onRetry,
  messageClassName,
  tone = 'danger',
  children,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  messageClassName?: string;
  tone?: 'danger' | 'plain';
  /** Buttons beside the retry one. */
  children?: ReactNode;
}) {
  const retry = (
    <Button variant={tone === 'plain' ? 'secondary' : undefined} onClick={onRetry}>
      {retryLabel}
    </Button>
  );
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-start rounded-card border p-4',
        tone === 'plain' ? 'gap-3 border-border' : 'gap-2 border-danger/30 bg-danger-soft',
      )}
    >
      <p className={messageClassName}>{message}</p>
      {children ? (
        <div className="flex gap-2">
          {retry}
          {children}
        </div>
      ) : (
        retry
      )}
    </div>
  );
}
