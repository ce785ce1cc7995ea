import { lazy, Suspense } from 'react';
import DashboardPage from '../../features/creators/DashboardPage';

const CreatorCoursesSection = lazy(() => import('../../features/academy/AuthoredCourses').then((m) => ({ default: m.CreatorCoursesSection })));

/**
 * /creator-dashboard: the creators' dashboard with the academy's list of the creator's courses
 * (issue 32 item 1: creators author courses); each feature keeps its own part.
 */
export default function CreatorDashboardScreen() {
  return (
    <DashboardPage
      courses={
        <Suspense fallback={<div aria-hidden="true" className="h-48 rounded-card bg-surface-sunken motion-safe:animate-pulse" />}>
          <CreatorCoursesSection />
        </Suspense>
      }
    />
  );
}
