import { useTranslation } from 'react-i18next';
import { AdminCoursesPanel } from '../../features/academy/AuthoredCourses';
import { AdminShell } from '../../features/admin/AdminShell';

/**
 * /admin/academy (issue 32 item 1): the back office's frame around the academy's list of every
 * course (search, status, author, members), with New course; editing opens the shared editor.
 */
export default function AdminAcademyScreen() {
  const { t } = useTranslation();
  return (
    <AdminShell title={t('areas.adminAcademy.title')}>
      <AdminCoursesPanel />
    </AdminShell>
  );
}
