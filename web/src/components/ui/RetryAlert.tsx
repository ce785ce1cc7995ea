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

/**
 * A list that did not load, said in its place without a box: the alert line, then a secondary
 * button that reads it again. className: the column's classes; messageClassName: the line's.
 */
export function LoadFailed({
  message,
  retryLabel,
  onRetry,
  className = 'flex flex-col items-start gap-3',
  messageClassName = 'text-danger-strong',
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  className?: string;
  messageClassName?: string;
}) {
  return (
    <div className={className}>
      <p role="alert" className={messageClassName}>
        {message}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
