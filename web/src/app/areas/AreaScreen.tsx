import {
  BadgeCheck,
  BarChart3,
  CreditCard,
  FlaskConical,
  Gauge,
  Handshake,
  HeartHandshake,
  Landmark,
  LifeBuoy,
  Scale,
  ShieldCheck,
  Sparkles,
  UserPlus,
  Video,
  type LucideIcon,
} from 'lucide-react';
import { AreaPage, type AreaLink } from '../../components/ui/AreaPage';
import { useFeatureFlags, type FlagName } from '../../lib/flags';
import { areaKeyPrefix, type AreaId } from './areaIds';

interface AreaDef {
  icon: LucideIcon;
  links?: AreaLink[];
  /** When this feature flag is off the area says it is not available (areas.<id>.unavailable). */
  flag?: FlagName;
}

const L = {
  marketplace: { to: '/marketplace', labelKey: 'areas.links.marketplace' },
  explore: { to: '/lobby', labelKey: 'areas.links.explore' },
  home: { to: '/', labelKey: 'areas.links.home' },
  orders: { to: '/orders', labelKey: 'areas.links.orders' },
  contact: { to: '/contact', labelKey: 'areas.links.contact' },
  health: { to: '/health', labelKey: 'areas.links.health' },
  admin: { to: '/admin', labelKey: 'areas.links.adminDashboard' },
  accounting: { to: '/admin/accounting', labelKey: 'areas.links.accounting' },
  commissions: { to: '/admin/commissions', labelKey: 'areas.links.commissions' },
  vendorAnalytics: { to: '/vendor-analytics', labelKey: 'areas.links.vendorAnalytics' },
  vendorDashboard: { to: '/vendor-dashboard', labelKey: 'areas.links.vendorDashboard' },
  serviceProvider: { to: '/vendor-registration?type=service_provider', labelKey: 'areas.links.serviceProvider' },
  coMarketing: { to: '/vendor-registration?type=co_marketing', labelKey: 'areas.links.coMarketing' },
  vendorRegistration: { to: '/vendor-registration', labelKey: 'areas.links.vendorRegistration' },
  commandCenter: { to: '/command-center', labelKey: 'areas.links.commandCenter' },
  integrations: { to: '/integrations', labelKey: 'areas.links.integrations' },
  ministry: { to: '/ministry', labelKey: 'areas.links.ministry' },
  questionnaire: { to: '/agent-questionnaire', labelKey: 'areas.links.questionnaire' },
  discTest: { to: '/disc-test', labelKey: 'areas.links.discTest' },
  affiliateApply: { to: '/affiliate/apply', labelKey: 'areas.links.affiliateApply' },
  affiliateDashboard: { to: '/affiliate/dashboard', labelKey: 'areas.links.affiliateDashboard' },
  affiliateProgram: { to: '/affiliate', labelKey: 'areas.links.affiliateProgram' },
  refundPolicy: { to: '/refund-policy', labelKey: 'areas.links.refundPolicy' },
  disputeResolution: { to: '/dispute-resolution', labelKey: 'areas.links.disputeResolution' },
  creatorOnboarding: { to: '/creator-onboarding', labelKey: 'areas.links.creatorOnboarding' },
  creatorDashboard: { to: '/creator-dashboard', labelKey: 'areas.links.creatorDashboard' },
  creatorPaymentSetup: { to: '/creator-payment-setup', labelKey: 'areas.links.creatorPaymentSetup' },
  wallet: { to: '/wallet', labelKey: 'areas.links.wallet' },
} satisfies Record<string, AreaLink>;

const AREAS: Record<AreaId, AreaDef> = {
  creatorDashboard: { icon: Sparkles, links: [L.creatorPaymentSetup] },
  creatorPaymentSetup: { icon: CreditCard, links: [L.creatorDashboard] },
  creatorOnboarding: { icon: Sparkles, links: [L.creatorDashboard] },
  admin: { icon: ShieldCheck, links: [L.accounting, L.commissions, L.health], flag: 'adminPanel' },
  adminAccounting: { icon: Landmark, links: [L.admin, L.commissions], flag: 'adminPanel' },
  adminCommissions: { icon: Handshake, links: [L.admin, L.accounting], flag: 'adminPanel' },
  consultationDemo: { icon: Video, links: [L.marketplace] },
  vendorAnalytics: { icon: BarChart3, links: [L.vendorDashboard] },
  commandCenter: { icon: Gauge, links: [L.health] },
  commandCenterTest: { icon: FlaskConical, links: [L.commandCenter, L.health] },
  compliance: { icon: Scale, links: [L.health] },
  analytics: { icon: BarChart3, links: [L.marketplace] },
  support: { icon: LifeBuoy, links: [L.contact] },
  advancedFeatures: { icon: Sparkles, links: [L.integrations] },
  ministry: { icon: HeartHandshake, links: [L.home] },
  ministrySuccess: { icon: HeartHandshake, links: [L.ministry] },
  welcome: { icon: UserPlus, links: [L.questionnaire, L.explore] },
  partnerCheckout: { icon: CreditCard, links: [L.contact] },
  affiliate: { icon: Handshake, links: [L.affiliateApply, L.affiliateDashboard] },
  affiliateApply: { icon: BadgeCheck, links: [L.affiliateProgram] },
  affiliateDashboard: { icon: BarChart3, links: [L.affiliateProgram] },
  qa: { icon: FlaskConical, links: [L.health] },
};

/** The interim screen of an area: its real title, what it is for and real links onward. */
export default function AreaScreen({ id }: { id: AreaId }) {
  const def = AREAS[id];
  const flags = useFeatureFlags();
  const prefix = areaKeyPrefix(id);
  const links = def.links;

  if (def.flag && !flags[def.flag]) {
    return (
      <AreaPage
        icon={def.icon}
        titleKey={`areas.${id}.title`}
        bodyKeys={[`areas.${id}.unavailable`]}
        links={[L.home]}
        unavailable
      />
    );
  }
  return (
    <AreaPage
      icon={def.icon}
      titleKey={`${prefix}.title`}
      bodyKeys={[`${prefix}.body`]}
      links={links}
    />
  );
}
