import { useQuery } from '@tanstack/react-query';
import { Target } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useViewer } from '../../lib/session';
import { goalsQuery } from './api';

/**
 * Whether the Goals button shows: to signed-in agents (not vendor accounts) who have not
 * completed the goal assessment.
 */
export function useGoalsPending(): boolean {
  const viewer = useViewer();
  const agent = viewer.status === 'signed-in' && !viewer.isVendor;
  const goals = useQuery(goalsQuery(agent));
  return agent && Boolean(goals.data) && !goals.data?.completed;
}

/**
 * The header's Goals button (01§2/03§2): it leads to /goals and goes once the agent has saved
 * goals. Not on a phone's header, which has no room beside the wallet and the cart: the menu
 * button's sheet has the entry there.
 */
export function GoalsButton() {
  const { t } = useTranslation();
  if (!useGoalsPending()) return null;
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
