/** Where a tour step's card sits next to its target. */
export type TourPosition = 'top' | 'bottom' | 'left' | 'right' | 'center';
/** What a step does: highlight its target, scroll it into view, or open a route first. */
export type TourAction = 'highlight' | 'scroll' | 'navigate';

/** A tour step (03§2: title, content, selector, position, action); title and content are i18n keys. */
export interface TourStep {
  id: string;
  target: string;
  position: TourPosition;
  action: TourAction;
  /** The route a navigate step opens. */
  route?: string;
}

export interface Tour {
  id: string;
  difficulty: 'beginner' | 'intermediate';
  minutes: number;
  /** The route the tour runs on; null: any route (the current one). */
  route: string | null;
  steps: readonly TourStep[];
}

/** Target polling (03§4, 03§9): every 100 ms, up to 40 tries, then the fallback message. */
export const TOUR_POLL_MS = 100;
export const TOUR_POLL_TRIES = 40;

// The step shapes most tours share: open the tour's page at its heading, a card in the middle of
// the page, and the last card on the help button (where the tour can be started again).
const openPage = (id: string, route: string): TourStep => ({ id, target: 'main h1', position: 'bottom', action: 'navigate', route });
const centred = (id: string): TourStep => ({ id, target: 'main', position: 'center', action: 'highlight' });
const onHelpButton = (id: string): TourStep => ({ id, target: '#help-widget-button', position: 'left', action: 'highlight' });

/** The five guided tours of 03§2 with their difficulty, time and step count. */
export const TOURS: readonly Tour[] = [
  {
    id: 'marketplace-complete-guide',
    difficulty: 'beginner',
    minutes: 6,
    route: '/marketplace',
    steps: [
      { id: 'welcome', target: 'header', position: 'bottom', action: 'navigate', route: '/marketplace' },
      { id: 'search', target: 'input[type="search"]', position: 'bottom', action: 'highlight' },
      { id: 'categories', target: '#category-blocks', position: 'top', action: 'scroll' },
      { id: 'results', target: '[data-testid="results-summary"]', position: 'bottom', action: 'scroll' },
      { id: 'cards', target: '[data-testid="services-list"]', position: 'top', action: 'scroll' },
      { id: 'deals', target: '[data-testid="top-deals"]', position: 'top', action: 'scroll' },
      { id: 'cart', target: 'header nav', position: 'bottom', action: 'highlight' },
      onHelpButton('help'),
    ],
  },
  {
    id: 'academy-course-enrollment',
    difficulty: 'beginner',
    minutes: 2,
    route: '/academy',
    steps: [openPage('open', '/academy'), centred('choose'), onHelpButton('progress')],
  },
  {
    id: 'vendor-service-creation',
    difficulty: 'intermediate',
    minutes: 8,
    route: '/vendor-dashboard',
    steps: [openPage('dashboard', '/vendor-dashboard'), centred('add'), centred('pricing'), centred('funnel'), centred('copay'), onHelpButton('publish')],
  },
  {
    id: 'ai-dashboard-setup',
    difficulty: 'intermediate',
    minutes: 5,
    route: '/ai-dashboard',
    steps: [openPage('open', '/ai-dashboard'), centred('profile'), onHelpButton('ask')],
  },
  {
    id: 'profile-optimization',
    difficulty: 'beginner',
    minutes: 4,
    route: null,
    steps: [{ id: 'menu', target: 'header', position: 'bottom', action: 'highlight' }, centred('photo'), centred('specialties'), onHelpButton('location')],
  },
];

/**
 * Polls for a step's target every TOUR_POLL_MS up to TOUR_POLL_TRIES times; resolves with the
 * element, or null when it never appeared (the tour shows the fallback message and goes on).
 * The returned function stops the polling.
 */
export function pollTarget(selector: string, found: (el: Element | null) => void, doc: Document = document): () => void {
  let tries = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = () => {
    tries += 1;
    let el: Element | null;
    try {
      el = doc.querySelector(selector);
    } catch {
      el = null;
    }
    if (el) return found(el);
    if (tries >= TOUR_POLL_TRIES) return found(null);
    timer = setTimeout(attempt, TOUR_POLL_MS);
  };
  attempt();
  return () => clearTimeout(timer);
}
