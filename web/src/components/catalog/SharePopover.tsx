import { Link2, Mail, MessageSquare, Share2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { buttonClass } from '../ui/button';
import { cn } from '../ui/cn';
import { toast } from '../../lib/toast';
import { copyText, emailHref, shareText, smsHref } from '../../lib/share';

/** The open popover's words, already translated (each surface has its own copy keys). */
export interface ShareCopy {
  heading: string;
  sms: string;
  email: string;
  copy: string;
  copied: string;
  copyFailed: string;
}

export type ShareChannel = 'sms' | 'email' | 'copy';

/**
 * Share button and popover (02§2): Text Message, Email, Copy Link (with a text-area fallback).
 * It closes on Escape (focus back on the button), on a click outside and after a choice.
 * The popover's words and link are asked for only when it opens: a marketplace page has 50
 * closed share buttons, and translating seven strings and building a link for each was a
 * visible part of the cards' render on a phone (issue 18 item 5).
 */
export function SharePopover({
  title,
  description,
  label,
  link,
  copy,
  placement,
  busy = false,
  onOpen,
  onShared,
}: {
  /** The service's title in the viewer's language: the e-mail subject and the message's start. */
  title: string;
  description: string;
  /** Accessible name of the share button. */
  label: string;
  /** The link to share (called when the popover opens). */
  link: () => string;
  /** The popover's words (called when the popover opens). */
  copy: () => ShareCopy;
  placement: 'above-start' | 'above-end' | 'below-end';
  /** The link is still being prepared (shown in the heading and as aria-busy). */
  busy?: boolean;
  onOpen?: () => void;
  onShared?: (channel: ShareChannel) => void;
}) {
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
          // The popover's Escape only: a dialog around it stays open (Modal skips a handled key).
          e.stopPropagation();
          e.preventDefault();
          close();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => {
          if (!open) onOpen?.();
          setOpen((o) => !o);
        }}
        className={buttonClass('secondary', 'md', 'tap-target relative px-3')}
      >
        <Share2 aria-hidden="true" className="size-4" />
      </button>
      {open ? (
        <SharePanel
          id={menuId}
          title={title}
          description={description}
          link={link()}
          copy={copy()}
          placement={placement}
          busy={busy}
          onShared={onShared}
          onChoice={() => setOpen(false)}
          onCopy={close}
        />
      ) : null}
    </div>
  );
}

/** The open popover: its words, link and message are worked out only now. */
function SharePanel({
  id,
  title,
  description,
  link,
  copy,
  placement,
  busy,
  onShared,
  onChoice,
  onCopy,
}: {
  id: string;
  title: string;
  description: string;
  link: string;
  copy: ShareCopy;
  placement: 'above-start' | 'above-end' | 'below-end';
  busy: boolean;
  onShared?: (channel: ShareChannel) => void;
  /** A message channel was chosen: the popover closes. */
  onChoice: () => void;
  /** The link was copied: the popover closes and focus goes back to the button. */
  onCopy: () => void;
}) {
  const text = shareText(title, description, link);
  return (
    <div
      id={id}
      data-testid="share-popover"
      data-link={link}
      aria-busy={busy}
      className={cn(
        'absolute z-20 flex w-56 flex-col rounded-card border border-border bg-surface p-1 shadow-raised',
        placement === 'below-end' ? 'top-full mt-2' : 'bottom-full mb-2',
        placement === 'above-start' ? 'left-0' : 'right-0',
      )}
    >
      <p className="px-3 py-2 text-xs font-semibold text-fg-muted">{copy.heading}</p>
      {(
        [
          { channel: 'sms', href: smsHref(text), Icon: MessageSquare, label: copy.sms },
          { channel: 'email', href: emailHref(title, text), Icon: Mail, label: copy.email },
        ] as const
      ).map(({ channel, href, Icon, label }) => (
        <a
          key={channel}
          href={href}
          onClick={() => {
            onShared?.(channel);
            onChoice();
          }}
          className={itemClass}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </a>
      ))}
      <button
        type="button"
        className={itemClass}
        onClick={() => {
          void copyText(link).then((ok) => {
            if (ok) onShared?.('copy');
            toast(ok ? { title: copy.copied, variant: 'success' } : { title: copy.copyFailed, description: link, variant: 'error' });
          });
          onCopy();
        }}
      >
        <Link2 aria-hidden="true" className="size-4" />
        {copy.copy}
      </button>
    </div>
  );
}

const itemClass =
  'flex items-center gap-2 rounded-control px-3 py-2 text-left text-sm text-fg hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-primary';
