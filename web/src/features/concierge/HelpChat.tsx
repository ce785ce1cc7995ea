import { Plus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { ChatConversation, ChatInput, QuickReplies, type ChatNav } from './ChatView';
import { useConciergeChat } from './useConciergeChat';

/**
 * The concierge in the help widget's AI chat tab (03§2 help widget, F-HELP-01): the same
 * conversation as the Circle Agent Concierge (same threads on the server), laid out for the
 * widget's narrow panel. The panel is not modal, so links and the cart's dialog simply open over
 * the page and the conversation stays in the tab. The app composes it into the widget
 * (app/layout/RootLayout): features do not import each other.
 */
export default function HelpChat() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const chat = useConciergeChat();
  const nav: ChatNav = {
    go: (url) => void navigate(url),
    aside: () => undefined,
  };
  return (
    <div className="flex min-h-[22rem] flex-col gap-3" data-testid="help-chat">
      <div className="flex items-center justify-between gap-2">
        <Button variant="ghost" size="sm" className="min-h-11" onClick={chat.newChat} disabled={chat.messages.length === 0}>
          <Plus aria-hidden className="h-4 w-4" />
          {t('concierge.newChat')}
        </Button>
        <Link to="/book-meeting" className="inline-flex min-h-11 items-center rounded-control border border-border-strong px-3 text-sm font-medium hover:bg-surface-sunken">
          {t('concierge.bookHuman')}
        </Link>
      </div>
      {/* The conversation scrolls on its own; the message box stays below it, never over it. */}
      <div className="max-h-[min(22rem,45dvh)] min-h-40 flex-1 overflow-y-auto text-sm" aria-live="polite">
        <ChatConversation chat={chat} nav={nav} compact />
      </div>
      <QuickReplies chat={chat} />
      <ChatInput chat={chat} id={`${id}-input`} />
    </div>
  );
}
