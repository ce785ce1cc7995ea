import { Target } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useViewer, type Viewer } from '../../lib/session';

/**
 * Whether the Goals button shows: to signed-in agents (not vendor accounts) who have not
 * completed the goal assessment. The session's profile says so, so the header has the button
 * in its first paint (it came in after a request for the goals, moving the items beside it).
 */
export function goalsPending(viewer: Viewer): boolean {
  return viewer.status === 'signed-in' && !viewer.isVendor && !viewer.profile?.goal_assessment_completed;
}

/**
 * The header's Goals button (01§2/03§2): it leads to /goals and goes once the agent has saved
 * goals. Not on a phone's header, which has no room beside the wallet and the cart: the menu
 * button's sheet has the entry there.
 */
export function GoalsButton() {
  const { t } = useTranslation();
  if (!goalsPending(useViewer())) return null;
  return (
    <Link
      to="/goals"
      aria-label={t('assessments.goals.button')}
      className="flex h-10 items-center gap-1.5 rounded-control px-2 text-sm font-semibold text-fg hover:bg-surface-sunken max-sm:hidden"
    >
      <Target aria-hidden="true" className="size-4 text-primary" />
      <span aria-hidden="true">
        {t('assessments.goals.buttonShort')}
      </span>
    </Link>
  );
}
