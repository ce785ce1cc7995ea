import { HeartHandshake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';

/** /ministry/success: after a prayer request; says who will see it. */
export default function MinistrySuccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const shared = params.get('visibility') === 'shared';
  return (
    <Notice
      icon={<HeartHandshake aria-hidden="true" className="size-10 text-primary" />}
      title={t('ministry.success.title')}
      actions={<ButtonLink to="/ministry">{t('ministry.success.back')}</ButtonLink>}
    >
      <p>{t(shared ? 'ministry.success.shared' : 'ministry.success.private')}</p>
    </Notice>
  );
}
