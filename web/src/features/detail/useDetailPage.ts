import { useTranslation } from 'react-i18next';
import { useFeatureFlag } from '../../lib/flags';
import { localized } from '../../lib/localize';
import { useViewer } from '../../lib/session';
import { useMoney } from '../../lib/useMoney';
import { usePackageName } from './components/PackageGrid';
import type { ServiceDetail } from './model/types';
import { useDetailActions } from './useDetailActions';

/**
 * What both variants of a service's details (the funnel page and the sales page) start from:
 * the viewer, prices in the viewer's currency, the bundles flag, the page's actions, package
 * names, and the service's card and description in the app's language.
 */
export function useDetailPage(detail: ServiceDetail, title: string) {
  const { i18n } = useTranslation();
  const viewer = useViewer();
  const money = useMoney();
  const signedIn = viewer.status === 'signed-in';
  const bundlesOn = useFeatureFlag('serviceBundles');
  const actions = useDetailActions(detail, title, signedIn);
  const packageName = usePackageName();
  const card = detail.service;
  const description = localized(i18n.language, card.description, card.description_es, card.description_fr);
  return { viewer, money, signedIn, bundlesOn, actions, packageName, card, description };
}
