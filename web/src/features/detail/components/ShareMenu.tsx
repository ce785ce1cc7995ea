import { Link2, Mail, MessageSquare, Share2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { toast } from '../../../lib/toast';
import { copyText, emailHref, shareLink, shareText, smsHref } from '../../marketplace/model/share';
import { mintReferral } from '../api/referral';
import { trackEvent } from '../api/tracking';

/**
 * Share popover of the detail page (02§2): Text Message, Email, Copy Link (text-area fallback).
 * A signed-in viewer's link carries ref={referral token} minted by POST /api/referral-tokens
 * when the popover opens; a visitor's link has no ref.
 */
export function DetailShareMenu({
  serviceId,
  title,
  englishTitle,
  description,
  signedIn,
}: {
  serviceId: string;
  title: string;
  englishTitle: string;
  description: string;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [minted, setMinted] = useState<string | null>(null);
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

  useEffect(() => {
    if (!open || !signedIn || minted) return;
    let live = true;
    mintReferral(serviceId)
      .then((r) => {
        if (live) setMinted(r.share_url);
      })
      .catch(() => undefined); // the link without ref still works
    return () => {
      live = false;
    };
  }, [open, signedIn, minted, serviceId]);

  const link = minted ?? shareLink(window.location.origin, { id: serviceId, title: englishTitle });
  const text = shareText(title, description, link);
  const pending = signedIn && !minted;
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const completed = (channel: string) => trackEvent(serviceId, signedIn, 'share_completed', { channel });

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
        aria-label={t('detail.share.button', { title })}
        onClick={() => {
          if (!open) trackEvent(serviceId, signedIn, 'share', { surface: 'detail' });
          setOpen((o) => !o);
        }}
        className={buttonClass('secondary', 'md', 'px-3')}
      >
        <Share2 aria-hidden="true" className="size-4" />
      </button>
      {open ? (
        <div id={menuId} data-testid="share-popover" data-link={link} aria-busy={pending} className="absolute top-full right-0 z-20 mt-2 flex w-56 flex-col rounded-card border border-border bg-surface p-1 shadow-raised">
          <p className="px-3 py-2 text-xs font-semibold text-fg-muted">{pending ? t('detail.share.preparing') : t('detail.share.title')}</p>
          <a href={smsHref(text)} onClick={() => { completed('sms'); setOpen(false); }} className={itemClass}>
            <MessageSquare aria-hidden="true" className="size-4" />
            {t('detail.share.sms')}
          </a>
          <a href={emailHref(title, text)} onClick={() => { completed('email'); setOpen(false); }} className={itemClass}>
            <Mail aria-hidden="true" className="size-4" />
            {t('detail.share.email')}
          </a>
          <button
            type="button"
            className={itemClass}
            onClick={() => {
              void copyText(link).then((ok) => {
                if (ok) completed('copy');
                toast(ok ? { title: t('detail.share.copied'), variant: 'success' } : { title: t('detail.share.copyFailed'), description: link, variant: 'error' });
              });
              close();
            }}
          >
            <Link2 aria-hidden="true" className="size-4" />
            {t('detail.share.copy')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

const itemClass = cn(
  'flex items-center gap-2 rounded-control px-3 py-2 text-left text-sm text-fg hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-primary',
);
