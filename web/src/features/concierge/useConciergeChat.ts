import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messagesQuery, threadsQuery, useRespond, type ConciergeAnswer } from './api';

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

  const last = [...messages].reverse().find((m) => m.role === 'assistant' && m.reply);
  return {
    threadId,
    messages,
    input,
    setInput,
    send,
    newChat,
    openPast,
    pending: respond.isPending,
    quickReplies: last?.reply?.quick_replies ?? [],
    pastThreads: (threads.data?.threads ?? []).filter((th) => th.id !== threadId),
  };
}

export type ConciergeChatState = ReturnType<typeof useConciergeChat>;
