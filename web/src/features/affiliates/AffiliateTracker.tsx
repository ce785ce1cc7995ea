import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { toast } from '../../lib/toast';
import { sendLanding } from './landing';

/** Mounted once in the shell: a landing with ?aff= records its click (F-ENG-09) and says "Tracking activated" (03§8). */
export function AffiliateTracker() {
  const { search } = useLocation();
  const { t } = useTranslation();
  useEffect(() => {
    if (!search.includes('aff=')) return;
    void sendLanding(window.location.href, document.referrer).then((ok) => {
      if (ok) toast({ title: t('affiliates.toast.tracking'), variant: 'success' });
    });
  }, [search, t]);
  return null;
}
