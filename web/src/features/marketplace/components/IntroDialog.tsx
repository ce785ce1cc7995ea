import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { writeStorage } from '../../../lib/storage';
import { useModalGuardRegistration } from '../../../lib/modalGuard';
import { MARKETPLACE_KEYS } from '../model/storageKeys';

/** The intro for first-time visitors of the home page (03§2): what Circle is; Explore / Create Free Account. */
export default function IntroDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  useModalGuardRegistration();
  useEffect(() => {
    writeStorage('local', MARKETPLACE_KEYS.introShownAt, String(Date.now()));
  }, []);
  return (
    <Modal labelledBy={titleId} describedBy={bodyId} onClose={onClose} className="flex max-w-md! flex-col gap-4">
      <h2 id={titleId} className="text-xl font-bold tracking-tight text-fg">
        {t('marketplace.intro.title')}
      </h2>
      <div id={bodyId} className="flex flex-col gap-2 text-base text-fg-muted">
        <p>{t('marketplace.intro.body')}</p>
        <ul className="list-disc pl-5 text-sm">
          <li>{t('marketplace.intro.point1')}</li>
          <li>{t('marketplace.intro.point2')}</li>
          <li>{t('marketplace.intro.point3')}</li>
        </ul>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('marketplace.intro.explore')}
        </Button>
        <ButtonLink to="/pricing" onClick={onClose}>
          {t('marketplace.hero.createAccount')}
        </ButtonLink>
      </div>
    </Modal>
  );
}
