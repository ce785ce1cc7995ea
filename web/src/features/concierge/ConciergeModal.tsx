import { Bot, Minus, Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { ChatConversation, ChatInput, QuickReplies, type ChatNav } from './ChatView';
import { useConciergeChat } from './useConciergeChat';

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
  const chat = useConciergeChat(initialMessage);

  /** A service minimises the chat over it; a booking closes it; the cart's dialog opens over the page. */
  const nav: ChatNav = {
    go: (url, close = false) => {
      if (close) onClose();
      else setMinimized(true);
      void navigate(url);
    },
    aside: () => setMinimized(true),
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

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="flex h-[min(44rem,92vh)] w-[min(56rem,96vw)] flex-col p-0">
      <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
          <Bot aria-hidden className="h-5 w-5 text-primary" />
          {t('concierge.title')}
        </h2>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="sm" className="hidden md:inline-flex" onClick={chat.newChat}>
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
        <ChatConversation chat={chat} nav={nav} />
      </div>
      <QuickReplies chat={chat} className="border-t border-border px-4 py-2" />
      <ChatInput chat={chat} id={`${titleId}-input`} className="border-t border-border px-4 py-3" />
    </Modal>
  );
}
