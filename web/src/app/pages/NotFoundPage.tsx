import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';

/** Any unknown path (spec 01§2). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="px-4">
      <Notice
        icon={<SearchX className="size-6" />}
        title={t('common.notFound.title')}
        actions={<ButtonLink to="/">{t('common.notFound.home')}</ButtonLink>}
      >
        <p>{t('common.notFound.body')}</p>
      </Notice>
    </div>
  );
}
