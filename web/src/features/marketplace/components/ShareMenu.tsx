import { useTranslation } from 'react-i18next';
import { shareLink } from '../../../lib/share';
import { SharePopover } from '../../../components/catalog/SharePopover';

/** Share popover of a marketplace card (02§2); a signed-in viewer's link carries ref={user id}. */
export function ShareMenu({
  serviceId,
  title,
  shareTitle,
  description,
  userId,
  align = 'end',
}: {
  serviceId: string;
  /** The service's title in the viewer's language (text of the message). */
  title: string;
  /** The English title (the utm_source slug). */
  shareTitle: string;
  description: string;
  userId?: string;
  align?: 'start' | 'end';
}) {
  const { t } = useTranslation();
  return (
    <SharePopover
      title={title}
      description={description}
      label={t('marketplace.share.button', { title })}
      link={() => shareLink(window.location.origin, { id: serviceId, title: shareTitle }, userId)}
      placement={align === 'start' ? 'above-start' : 'above-end'}
      copy={() => ({
        heading: t('marketplace.share.title'),
        sms: t('marketplace.share.sms'),
        email: t('marketplace.share.email'),
        copy: t('marketplace.share.copy'),
        copied: t('marketplace.share.copied'),
        copyFailed: t('marketplace.share.copyFailed'),
      })}
    />
  );
}
