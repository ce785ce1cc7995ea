import { Send } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { requestPurchase } from '../../lib/purchase';
import type { ConciergeChatState, Reply } from './useConciergeChat';

const SUGGESTIONS = ['suggestion1', 'suggestion2', 'suggestion3', 'suggestion4'] as const;
/** The actions the chat knows; others are ignored (03§8 "Unknown concierge action"). */
const KNOWN_ACTIONS = new Set(['open_service', 'add_to_cart', 'book', 'book_human_advisor']);

/**
 * How the chat leaves itself: go opens a link of an answer (close: a booking, which ends the
 * chat; otherwise the chat steps aside over the page), aside is called before the cart's
 * dialog opens over it.
 */
export interface ChatNav {
  go: (url: string, close?: boolean) => void;
  aside: () => void;
}

/** The conversation: the empty state (suggestions, previous chats) or the messages and the typing indicator. */
export function ChatConversation({ chat, nav, compact = false }: { chat: ConciergeChatState; nav: ChatNav; compact?: boolean }) {
  const { t } = useTranslation();
  const listEnd = useRef<HTMLDivElement>(null);
  useEffect(() => {
    listEnd.current?.scrollIntoView?.({ block: 'end' });
  }, [chat.messages, chat.pending]);

  return (
    <>
      {chat.messages.length === 0 ? (
        <div className={cn('flex flex-col items-center gap-4 text-center', compact ? 'py-2' : 'py-6')}>
          <p className={compact ? 'font-medium' : 'text-lg font-medium'}>{t('concierge.empty')}</p>
          <div className={cn('grid w-full max-w-xl gap-2', !compact && 'sm:grid-cols-2')}>
            {SUGGESTIONS.map((k) => (
              <Button key={k} variant="secondary" onClick={() => chat.send(t(`concierge.${k}`))}>
                {t(`concierge.${k}`)}
              </Button>
            ))}
          </div>
          {chat.pastThreads.length > 0 && (
            <div className="w-full max-w-xl text-left">
              <h3 className="mb-2 text-sm font-semibold text-fg-muted">{t('concierge.previous')}</h3>
              <ul className="flex flex-col gap-1">
                {chat.pastThreads.slice(0, 5).map((th) => (
                  <li key={th.id}>
                    <button type="button" className="min-h-11 w-full truncate rounded-control px-2 py-1 text-left text-sm hover:bg-surface-sunken" onClick={() => chat.openPast(th.id)}>
                      {th.title}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      ) : (
        <ol className="flex flex-col gap-3">
          {chat.messages.map((m) => (
            <li key={m.id} className={m.role === 'user' ? 'flex justify-end' : 'flex justify-start'}>
              <div
                data-testid={m.role === 'assistant' ? 'concierge-answer' : 'concierge-question'}
                className={
                  m.role === 'user'
                    ? 'max-w-[85%] rounded-2xl bg-primary px-4 py-2 text-primary-fg'
                    : 'max-w-[85%] rounded-2xl bg-surface-sunken px-4 py-2 text-fg'
                }
              >
                <p className="whitespace-pre-wrap">{m.content}</p>
                {m.reply && <ReplyDetails reply={m.reply} nav={nav} />}
              </div>
            </li>
          ))}
          {chat.pending && (
            <li className="flex justify-start">
              <div role="status" aria-label={t('concierge.typing')} className="flex gap-1 rounded-2xl bg-surface-sunken px-4 py-3">
                {[0, 1, 2].map((i) => (
                  <span key={i} className="h-2 w-2 rounded-full bg-fg-muted motion-safe:animate-bounce" style={{ animationDelay: `${i * 150}ms` }} />
                ))}
              </div>
            </li>
          )}
        </ol>
      )}
      <div ref={listEnd} />
    </>
  );
}

/** The last answer's quick replies as chips (desktop only, 03§2). */
export function QuickReplies({ chat, className }: { chat: ConciergeChatState; className?: string }) {
  const { t } = useTranslation();
  if (chat.quickReplies.length === 0 || chat.busy) return null;
  return (
    <div className={cn('hidden flex-wrap gap-2 md:flex', className)} aria-label={t('concierge.quickReplies')} role="group">
      {chat.quickReplies.map((q) => (
        <button key={q} type="button" onClick={() => chat.send(q)} className="rounded-full border border-border-strong px-3 py-1 text-sm hover:bg-surface-sunken">
          {q}
        </button>
      ))}
    </div>
  );
}

/** The message box: Enter sends, Shift+Enter a new line; send is disabled while empty or awaiting. */
export function ChatInput({ chat, id, className }: { chat: ConciergeChatState; id: string; className?: string }) {
  const { t } = useTranslation();
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      chat.send(chat.input);
    }
  };
  return (
    <form
      className={cn('flex items-end gap-2', className)}
      onSubmit={(e) => {
        e.preventDefault();
        chat.send(chat.input);
      }}
    >
      <label className="sr-only" htmlFor={id}>
        {t('concierge.inputLabel')}
      </label>
      <textarea
        id={id}
        rows={1}
        value={chat.input}
        onChange={(e) => chat.setInput(e.target.value)}
        onKeyDown={onKey}
        placeholder={t('concierge.placeholder')}
        className="min-h-11 flex-1 resize-none rounded-control border border-border-strong bg-surface px-3 py-2 text-base sm:text-sm"
      />
      <Button type="submit" aria-label={t('concierge.send')} className="min-h-11" disabled={!chat.input.trim() || chat.busy}>
        <Send aria-hidden className="h-4 w-4" />
      </Button>
    </form>
  );
}

/** The title a purchase request shows for an answer's service: the action's, else its citation's. */
function serviceTitle(reply: Reply, serviceId: string): string {
  return reply.citations?.find((c) => c.kind === 'service' && c.id === serviceId)?.title ?? '';
}

/** An answer's citations (linked) and actions. */
export function ReplyDetails({ reply, nav }: { reply: Reply; nav: ChatNav }) {
  const { t } = useTranslation();
  const citations = reply.citations ?? [];
  const actions = (reply.actions ?? []).filter((a) => KNOWN_ACTIONS.has(a.action));
  return (
    <div className="mt-2 flex flex-col gap-2 text-sm">
      {reply.trust && reply.trust.peers > 0 && <p className="text-fg-muted">{t('concierge.trust', { count: reply.trust.peers })}</p>}
      {citations.length > 0 && (
        <ul className="flex flex-col gap-1" aria-label={t('concierge.sources')}>
          {citations.map((c) => (
            <li key={`${c.kind}-${c.id}`}>
              {c.kind === 'faq' ? (
                // An FAQ item's answer is the message itself; it is named, not linked.
                <span className="text-fg-muted">
                  {t(`concierge.kind.${c.kind}`)}: {c.title}
                </span>
              ) : (
              <a
                href={c.url}
                className="text-primary underline underline-offset-2"
                onClick={(e) => {
                  e.preventDefault();
                  nav.go(c.url);
                }}
              >
                {t(`concierge.kind.${c.kind}`)}: {c.title}
              </a>
              )}
            </li>
          ))}
        </ul>
      )}
      {actions.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {actions.map((a) => {
            if (a.action === 'add_to_cart') {
              const id = a.params['service_id'];
              if (!id) return null;
              // The cart layer decides the rest (lib/purchase): a visitor is asked to sign in, a
              // member chooses retail, Pro or co-pay at the server's prices, the server cart
              // adds it once, with its toast and the header's count.
              return (
                <Button
                  key={a.action}
                  size="sm"
                  variant="secondary"
                  onClick={() => {
                    nav.aside();
                    requestPurchase({ serviceId: id, serviceName: a.params['service_title'] || serviceTitle(reply, id), mode: 'add' });
                  }}
                >
                  {a.label}
                </Button>
              );
            }
            const url = a.action === 'open_service' ? a.params['url'] : a.params['booking_url'];
            if (!url) return null;
            return (
              <Button key={a.action} size="sm" variant={a.action === 'open_service' ? 'primary' : 'secondary'} onClick={() => nav.go(url, a.action !== 'open_service')}>
                {a.label}
              </Button>
            );
          })}
        </div>
      )}
    </div>
  );
}
