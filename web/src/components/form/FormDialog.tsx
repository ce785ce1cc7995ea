import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../ui/Button';
import { cn } from '../ui/cn';

/** A form dialog's heading row: its title (named by the dialog's aria-labelledby), an intro line and a close button. */
export function FormDialogHeading({ titleId, title, intro, closeLabel, onClose }: { titleId: string; title: string; intro: ReactNode; closeLabel: string; onClose: () => void }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div>
        <h2 id={titleId} className="text-xl font-bold text-fg">
          {title}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">{intro}</p>
      </div>
      <Button variant="ghost" size="sm" onClick={onClose} aria-label={closeLabel}>
        <X aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}

/** What a signed-out visitor sees in place of a form dialog's form: why, and a link to sign in that closes the dialog. */
export function FormDialogSignIn({ text, onClose }: { text: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mt-5 flex flex-col gap-3">
      <p className="text-sm text-fg">{text}</p>
      <ButtonLink to="/auth" className="self-start" onClick={onClose}>
        {t('common.toast.signIn')}
      </ButtonLink>
    </div>
  );
}

/**
 * A form's closing row: a secondary button (Cancel or Back) and the submit button, which reads
 * busyLabel and both are disabled while the form is busy.
 */
export function FormActions({
  secondaryLabel,
  onSecondary,
  submitLabel,
  busyLabel,
  busy,
  spread = false,
  divided = true,
  submitDisabled = false,
}: {
  secondaryLabel: string;
  onSecondary: () => void;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** The secondary button at the start, the submit at the end (otherwise both at the end). */
  spread?: boolean;
  /** A rule above the row. */
  divided?: boolean;
  /** The submit waits (a picture still uploading), without the busy label. */
  submitDisabled?: boolean;
}) {
  return (
    <div className={cn('flex flex-wrap gap-2', spread ? 'justify-between' : 'justify-end', divided && 'border-t border-border pt-4')}>
      <Button variant="secondary" onClick={onSecondary} disabled={busy}>
        {secondaryLabel}
      </Button>
      <Button type="submit" disabled={busy || submitDisabled}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}
