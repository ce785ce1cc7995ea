import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refetchAfterWrite } from '../../lib/queryClient';
import { messagesQuery, threadsKey, threadsQuery, useRespond, type ConciergeAnswer } from './api';
import { respondStream, StreamUnavailable } from './stream';

export type Reply = Omit<ConciergeAnswer, 'message_id' | 'thread_id'>;

/** One bubble of the chat: the agent's, the assistant's (with its reply), or the failure bubble. */
export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  reply?: Reply;
  failed?: boolean;
}

/**
 * The state of one concierge conversation, shared by the Circle Agent Concierge modal and the
 * help widget's chat tab: messages, the thread they continue, sending, New Chat, and opening a
 * previous thread. An initial message is sent once when the chat opens empty.
 */
export function useConciergeChat(initialMessage?: string) {
  const { t } = useTranslation();
  const [threadId, setThreadId] = useState<string | undefined>();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [input, setInput] = useState('');
  const respond = useRespond();
  const threads = useQuery(threadsQuery());
  const qc = useQueryClient();
  const sentInitial = useRef(false);
  const [streaming, setStreaming] = useState(false);

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

  const answered = (a: ConciergeAnswer, streamId?: string) => {
    setThreadId(a.thread_id);
    setMessages((m) => [...m.filter((x) => x.id !== streamId), { id: a.message_id, role: 'assistant', content: a.message, reply: a }]);
  };
  const failed = (streamId?: string) =>
    setMessages((m) => [...m.filter((x) => x.id !== streamId), { id: `f-${m.length}`, role: 'assistant', content: t('concierge.failure'), failed: true }]);

  /** The non-streamed call (concierge-respond): the fallback when the stream cannot be used. */
  const sendPlain = (text: string, streamId?: string) =>
    respond.mutate(
      { text, ...(threadId ? { threadId } : {}) },
      { onSuccess: (a) => answered(a, streamId), onError: () => failed(streamId) },
    );

  /**
   * Sends a message: the answer streams in (the model's text as it is written, then the final
   * answer replaces it); when the stream cannot be used the non-streamed call answers.
   */
  const send = (raw: string) => {
    const text = raw.trim();
    if (!text || respond.isPending || streaming) return;
    setInput('');
    const streamId = `s-${Date.now()}`;
    setMessages((m) => [...m, { id: `u-${m.length}`, role: 'user', content: text }]);
    setStreaming(true);
    respondStream({ text, ...(threadId ? { thread_id: threadId } : {}) }, (delta) =>
      setMessages((m) => {
        const at = m.findIndex((x) => x.id === streamId);
        if (at < 0) return [...m, { id: streamId, role: 'assistant', content: delta }];
        const next = [...m];
        next[at] = { ...m[at]!, content: m[at]!.content + delta };
        return next;
      }),
    )
      .then(
        (a) => {
          answered(a, streamId);
          void refetchAfterWrite(qc, threadsKey);
        },
        (err: unknown) => (err instanceof StreamUnavailable ? sendPlain(text, streamId) : failed(streamId)),
      )
      .finally(() => setStreaming(false));
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

  const last = [...messages].reverse().find((m) => m.role === 'assistant' && m.reply);
  return {
    threadId,
    messages,
    input,
    setInput,
    send,
    newChat,
    openPast,
    pending: respond.isPending || (streaming && !messages.some((m) => m.id.startsWith('s-'))),
    busy: respond.isPending || streaming,
    quickReplies: last?.reply?.quick_replies ?? [],
    pastThreads: (threads.data?.threads ?? []).filter((th) => th.id !== threadId),
  };
}

export type ConciergeChatState = ReturnType<typeof useConciergeChat>;
