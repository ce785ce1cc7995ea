import { windowEvent } from './events';

/**
 * Opens the Circle Agent Concierge (03§2): page-level events may open it with an initial message,
 * sent automatically when the chat has no messages. The host lives in the layout (ConciergeHost).
 */
export const conciergeOpen = windowEvent<{ message?: string }>('circle:concierge-open');
