import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bot, Minus, Plus, Send, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { messagesQuery, threadsQuery, useRespond, type ConciergeAnswer } from './api';

type Reply = Omit<ConciergeAnswer, 'message_id' | 'thread_id'>;

/** One bubble of the chat: the agent's, the assistant's (with its reply), or the failure bubble. */
interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  reply?: Reply;
  failed?: boolean;
}

const SUGGESTIONS = ['suggestion1', 'suggestion2', 'suggestion3', 'suggestion4'] as const;
/** The actions the chat knows; others are ignored (03§8 "Unknown concierge action"). */
const KNOWN_ACTIONS = new Set(['open_service', 'book', 'book_human_advisor']);

/**
 * The Circle Agent Concierge (03§2, F-AI-02): opens expanded, minimises to a round button at the
 * bottom left and restores; closing (onClose) unmounts it, so it opens fresh next time. An
 * initial message is sent when the chat has no messages.
 */
export default function ConciergeModal({ initialMessage, onClose }: { initialMessage?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const [minimized, setMinimized] = useState(false);
  const [threadId, setThreadId] = useState<string | undefined>();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [input, setInput] = useState('');
  const respond = useRespond();
  const threads = useQuery(threadsQuery());
  const qc = useQueryClient();
  const listEnd = useRef<HTMLDivElement>(null);
  const sentInitial = useRef(false);

  /** Opens a previous thread: its messages replace the empty chat, and the next message continues it. */
  const openPast = (id: string) => {
    void qc.fetchQuery(messagesQuery(id)).then(
      (data) => {
        setMessages(
          (data.messages ?? []).map((m) => ({ id: m.id, role: m.role, content: m.content, ...(m.reply ? { reply: m.reply } : {}) })),
        );
        setThreadId(id);
      },
      () => undefined, // history load errors are only logged (03§8)
    );
  };

  useEffect(() => {
    listEnd.current?.scrollIntoView?.({ block: 'end' });
  }, [messages, respond.isPending]);

  const send = (raw: string) => {
    const text = raw.trim();
    if (!text || respond.isPending) return;
    setInput('');
    setMessages((m) => [...m, { id: `u-${m.length}`, role: 'user', content: text }]);
    respond.mutate(
      { text, ...(threadId ? { threadId } : {}) },
      {
        onSuccess: (a) => {
          setThreadId(a.thread_id);
          setMessages((m) => [...m, { id: a.message_id, role: 'assistant', content: a.message, reply: a }]);
        },
        onError: () => setMessages((m) => [...m, { id: `f-${m.length}`, role: 'assistant', content: t('concierge.failure'), failed: true }]),
      },
    );
  };

  useEffect(() => {
    if (initialMessage && !sentInitial.current && messages.length === 0) {
      sentInitial.current = true;
      send(initialMessage);
    }
    // send once, on open
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const newChat = () => {
    setThreadId(undefined);
    setMessages([]);
    setInput('');
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      send(input);
    }
  };

  /** Opens a link of an answer: a service minimises the chat over it; a booking closes it. */
  const go = (url: string, close = false) => {
    if (close) onClose();
    else setMinimized(true);
    void navigate(url);
  };

  if (minimized) {
    return (
      <button
        type="button"
        onClick={() => setMinimized(false)}
        aria-label={t('concierge.restore')}
        className="fixed bottom-4 left-4 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-primary text-primary-fg shadow-lg hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        <Bot aria-hidden className="h-6 w-6" />
      </button>
    );
  }

  const last = [...messages].reverse().find((m) => m.role === 'assistant' && m.reply);
  const quick = last?.reply?.quick_replies ?? [];
  const pastThreads = (threads.data?.threads ?? []).filter((th) => th.id !== threadId);

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="flex h-[min(44rem,92vh)] w-[min(56rem,96vw)] flex-col p-0">
      <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
          <Bot aria-hidden className="h-5 w-5 text-primary" />
          {t('concierge.title')}
        </h2>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="sm" className="hidden md:inline-flex" onClick={newChat}>
            <Plus aria-hidden className="h-4 w-4" />
            {t('concierge.newChat')}
          </Button>
          <Link to="/book-meeting" onClick={onClose} className="inline-flex h-8 items-center rounded-control border border-border-strong px-3 text-sm font-medium hover:bg-surface-sunken">
            {t('concierge.bookHuman')}
          </Link>
          <Button variant="ghost" size="sm" aria-label={t('concierge.minimize')} onClick={() => setMinimized(true)}>
            <Minus aria-hidden className="h-4 w-4" />
          </Button>
          <Button variant="ghost" size="sm" aria-label={t('concierge.close')} onClick={onClose}>
            <X aria-hidden className="h-4 w-4" />
          </Button>
        </div>
      </div>
      <div className="flex-1 overflow-y-auto px-4 py-4" aria-live="polite">
        {messages.length === 0 ? (
          <div className="flex flex-col items-center gap-4 py-6 text-center">
            <p className="text-lg font-medium">{t('concierge.empty')}</p>
            <div className="grid w-full max-w-xl gap-2 sm:grid-cols-2">
              {SUGGESTIONS.map((k) => (
                <Button key={k} variant="secondary" onClick={() => send(t(`concierge.${k}`))}>
                  {t(`concierge.${k}`)}
                </Button>
              ))}
            </div>
            {pastThreads.length > 0 && (
              <div className="w-full max-w-xl text-left">
                <h3 className="mb-2 text-sm font-semibold text-fg-muted">{t('concierge.previous')}</h3>
                <ul className="flex flex-col gap-1">
                  {pastThreads.slice(0, 5).map((th) => (
                    <li key={th.id}>
                      <button type="button" className="w-full truncate rounded-control px-2 py-1 text-left text-sm hover:bg-surface-sunken" onClick={() => openPast(th.id)}>
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
            {messages.map((m) => (
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
                  {m.reply && <ReplyDetails reply={m.reply} go={go} />}
                </div>
              </li>
            ))}
            {respond.isPending && (
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
      </div>
      {quick.length > 0 && !respond.isPending && (
        <div className="hidden flex-wrap gap-2 border-t border-border px-4 py-2 md:flex" aria-label={t('concierge.quickReplies')} role="group">
          {quick.map((q) => (
            <button key={q} type="button" onClick={() => send(q)} className="rounded-full border border-border-strong px-3 py-1 text-sm hover:bg-surface-sunken">
              {q}
            </button>
          ))}
        </div>
      )}
      <form
        className="flex items-end gap-2 border-t border-border px-4 py-3"
        onSubmit={(e) => {
          e.preventDefault();
          send(input);
        }}
      >
        <label className="sr-only" htmlFor={`${titleId}-input`}>
          {t('concierge.inputLabel')}
        </label>
        <textarea
          id={`${titleId}-input`}
          rows={1}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={onKey}
          placeholder={t('concierge.placeholder')}
          className="min-h-10 flex-1 resize-none rounded-control border border-border-strong bg-surface px-3 py-2 text-sm"
        />
        <Button type="submit" aria-label={t('concierge.send')} disabled={!input.trim() || respond.isPending}>
          <Send aria-hidden className="h-4 w-4" />
        </Button>
      </form>
    </Modal>
  );
}

/** An answer's citations (linked) and actions. */
function ReplyDetails({ reply, go }: { reply: Reply; go: (url: string, close?: boolean) => void }) {
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
              <a
                href={c.url}
                className="text-primary underline underline-offset-2"
                onClick={(e) => {
                  e.preventDefault();
                  go(c.url);
                }}
              >
                {t(`concierge.kind.${c.kind}`)}: {c.title}
              </a>
            </li>
          ))}
        </ul>
      )}
      {actions.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {actions.map((a) => {
            const url = a.action === 'open_service' ? a.params['url'] : a.params['booking_url'];
            if (!url) return null;
            return (
              <Button
                key={a.action}
                size="sm"
                variant={a.action === 'open_service' ? 'primary' : 'secondary'}
                onClick={() => go(url, a.action !== 'open_service')}
              >
                {a.label}
              </Button>
            );
          })}
        </div>
      )}
    </div>
  );
}
