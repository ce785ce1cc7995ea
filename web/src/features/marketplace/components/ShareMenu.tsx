import { Link2, Mail, MessageSquare, Share2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { toast } from '../../../lib/toast';
import { copyText, emailHref, shareLink, shareText, smsHref } from '../model/share';

/** Share popover (02§2): Text Message, Email, Copy Link (with a text-area fallback). */
export function ShareMenu({
  serviceId,
  title,
  shareTitle,
  description,
  userId,
  align = 'end',
}: {
  serviceId: string;
  /** The service's title in the viewer's language (text of the message). */
  title: string;
  /** The English title (the utm_source slug). */
  shareTitle: string;
  description: string;
  userId?: string;
  align?: 'start' | 'end';
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const link = shareLink(window.location.origin, { id: serviceId, title: shareTitle }, userId);
  const text = shareText(title, description, link);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('marketplace.share.button', { title })}
        onClick={() => setOpen((o) => !o)}
        className={buttonClass('secondary', 'md', 'px-3')}
      >
        <Share2 aria-hidden="true" className="size-4" />
      </button>
      {open ? (
        <div
          id={menuId}
          className={cn(
            'absolute bottom-full z-20 mb-2 flex w-52 flex-col rounded-card border border-border bg-surface p-1 shadow-raised',
            align === 'end' ? 'right-0' : 'left-0',
          )}
        >
          <p className="px-3 py-2 text-xs font-semibold text-fg-muted">{t('marketplace.share.title')}</p>
          <a href={smsHref(text)} onClick={() => setOpen(false)} className={itemClass}>
            <MessageSquare aria-hidden="true" className="size-4" />
            {t('marketplace.share.sms')}
          </a>
          <a href={emailHref(title, text)} onClick={() => setOpen(false)} className={itemClass}>
            <Mail aria-hidden="true" className="size-4" />
            {t('marketplace.share.email')}
          </a>
          <button
            type="button"
            className={itemClass}
            onClick={() => {
              void copyText(link).then((ok) => {
                toast(ok ? { title: t('marketplace.share.copied'), variant: 'success' } : { title: t('marketplace.share.copyFailed'), description: link, variant: 'error' });
              });
              close();
            }}
          >
            <Link2 aria-hidden="true" className="size-4" />
            {t('marketplace.share.copy')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

const itemClass =
  'flex items-center gap-2 rounded-control px-3 py-2 text-left text-sm text-fg hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-primary';
