import { useTranslation } from 'react-i18next';
import { SharePopover } from '../../../components/catalog/SharePopover';
import { shareLink } from '../../../lib/share';
import { useMintReferral } from '../api/referral';
import { trackEvent } from '../api/tracking';

/**
 * Share popover of the detail page (02§2). A signed-in viewer's link carries ref={referral
 * token} minted by POST /api/referral-tokens when the popover first opens; a visitor's link has
 * no ref. Opening and each completed share are tracked.
 */
export function DetailShareMenu({
  serviceId,
  title,
  englishTitle,
  description,
  signedIn,
}: {
  serviceId: string;
  title: string;
  englishTitle: string;
  description: string;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const mint = useMintReferral(serviceId);
  const minted = mint.data?.share_url ?? null;
  // Until the token comes back the heading says the link is being prepared; when minting
  // fails, the link without ref is offered (it still works).
  const pending = signedIn && !minted && !mint.isError;

  const onOpen = () => {
    trackEvent(serviceId, signedIn, 'share', { surface: 'detail' });
    if (!signedIn || minted || mint.isPending) return;
    mint.mutate();
  };

  return (
    <SharePopover
      title={title}
      description={description}
      label={t('detail.share.button', { title })}
      link={() => minted ?? shareLink(window.location.origin, { id: serviceId, title: englishTitle })}
      placement="below-end"
      busy={pending}
      onOpen={onOpen}
      onShared={(channel) => trackEvent(serviceId, signedIn, 'share_completed', { channel })}
      copy={() => ({
        heading: pending ? t('detail.share.preparing') : t('detail.share.title'),
        sms: t('detail.share.sms'),
        email: t('detail.share.email'),
        copy: t('detail.share.copy'),
        copied: t('detail.share.copied'),
        copyFailed: t('detail.share.copyFailed'),
      })}
    />
  );
}
