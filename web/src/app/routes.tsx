import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import type { LegalDoc } from '../features/legal/LegalPage';
import { authTitleKey } from '../features/auth/routeTitle';
import { areaKeyPrefix, type AreaId } from './areas/areaIds';
import { RootLayout } from './layout/RootLayout';
import { RouteErrorPanel } from './ErrorBoundary';
import { Screen } from './Screen';

// Every screen is its own lazy chunk (spec 01§2: screens load lazily with a spinner).
const MarketplacePage = lazy(() => import('../features/marketplace/MarketplacePage'));
const LobbyPage = lazy(() => import('../features/lobby/LobbyPage'));
const HealthPage = lazy(() => import('../features/health/HealthPage'));
const LegalPage = lazy(() => import('../features/legal/LegalPage'));
const AreaScreen = lazy(() => import('./areas/AreaScreen'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const AuthPage = lazy(() => import('../features/auth/AuthPage'));
const ProfileSettingsPage = lazy(() => import('../features/profile/ProfileSettingsPage'));
const OutboxPage = lazy(() => import('../features/admin-outbox/OutboxPage'));
const OrdersPage = lazy(() => import('../features/orders/OrdersPage'));
const SavedPage = lazy(() => import('../features/saved/SavedPage'));
const PricingPage = lazy(() => import('../features/billing/PricingPage'));
const BillingPage = lazy(() => import('../features/billing/BillingPage'));
const PaymentSuccessPage = lazy(() => import('../features/checkout/PaymentResultPage').then((m) => ({ default: m.PaymentSuccessPage })));
const PaymentCanceledPage = lazy(() => import('../features/checkout/PaymentResultPage').then((m) => ({ default: m.PaymentCanceledPage })));


const LEGAL_TITLE_KEYS: Record<LegalDoc, string> = {
  terms: 'common.legal.terms',
  privacy: 'common.legal.privacy',
  cookies: 'common.legal.cookies',
  'buyer-protection': 'common.legal.buyerProtection',
  'seller-agreement': 'common.legal.sellerAgreement',
  'prohibited-items': 'common.legal.prohibitedItems',
};

function area(path: string, id: AreaId): RouteObject {
  return {
    path,
    element: (
      <Screen titleKey={(search) => `${areaKeyPrefix(id, search)}.title`}>
        <AreaScreen id={id} />
      </Screen>
    ),
  };
}

function legal(doc: LegalDoc): RouteObject[] {
  const element = (
    <Screen titleKey={LEGAL_TITLE_KEYS[doc]}>
      <LegalPage doc={doc} />
    </Screen>
  );
  return [
    { path: `/legal/${doc}`, element },
    { path: `/${doc}`, element },
  ];
}

const marketplace = (
  <Screen titleKey="marketplace.title">
    <MarketplacePage />
  </Screen>
);

function screen(path: string, titleKey: string, element: ReactNode): RouteObject {
  return { path, element: <Screen titleKey={titleKey}>{element}</Screen> };
}

const profileSettings = (
  <Screen titleKey="profile.title">
    <ProfileSettingsPage />
  </Screen>
);

/** The route table of spec 01§2 and 03§2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPanel />,
    children: [
      { path: '/', element: marketplace },
      { path: '/marketplace', element: marketplace },
      {
        path: '/lobby',
        element: (
          <Screen titleKey="lobby.title">
            <LobbyPage />
          </Screen>
        ),
      },
      {
        path: '/health',
        element: (
          <Screen titleKey="health.title">
            <HealthPage />
          </Screen>
        ),
      },
      {
        path: '/auth',
        element: (
          <Screen titleKey={authTitleKey}>
            <AuthPage />
          </Screen>
        ),
      },
      area('/lender', 'lender'),
      area('/academy', 'academy'),
      area('/creator-dashboard', 'creatorDashboard'),
      area('/creator-payment-setup', 'creatorPaymentSetup'),
      area('/creator-onboarding', 'creatorOnboarding'),
      area('/admin', 'admin'),
      area('/admin/accounting', 'adminAccounting'),
      area('/admin/commissions', 'adminCommissions'),
      {
        path: '/admin/outbox',
        element: (
          <Screen titleKey="outbox.title">
            <OutboxPage />
          </Screen>
        ),
      },
      area('/admin/*', 'admin'),
      { path: '/profile-settings', element: profileSettings },
      { path: '/profile', element: profileSettings },
      screen('/saved', 'areas.saved.title', <SavedPage />),
      screen('/orders', 'areas.orders.title', <OrdersPage />),
      area('/wallet', 'wallet'),
      screen('/pricing', 'areas.pricing.title', <PricingPage />),
      screen('/payment-success', 'areas.paymentSuccess.title', <PaymentSuccessPage />),
      screen('/payment/success', 'areas.paymentSuccess.title', <PaymentSuccessPage />),
      screen('/payment-canceled', 'areas.paymentCanceled.title', <PaymentCanceledPage />),
      screen('/payment/canceled', 'areas.paymentCanceled.title', <PaymentCanceledPage />),
      area('/consultation-demo', 'consultationDemo'),
      area('/vendor-registration', 'vendorRegistration'),
      area('/vendor-dashboard', 'vendorDashboard'),
      area('/vendor-analytics', 'vendorAnalytics'),
      area('/command-center', 'commandCenter'),
      area('/command-center-test', 'commandCenterTest'),
      area('/compliance', 'compliance'),
      area('/analytics', 'analytics'),
      area('/support', 'support'),
      area('/advanced-features', 'advancedFeatures'),
      area('/ai-dashboard', 'aiDashboard'),
      area('/ministry', 'ministry'),
      area('/minsitry', 'ministry'),
      area('/ministry/success', 'ministrySuccess'),
      ...legal('terms'),
      ...legal('privacy'),
      ...legal('cookies'),
      ...legal('buyer-protection'),
      ...legal('seller-agreement'),
      ...legal('prohibited-items'),
      area('/welcome', 'welcome'),
      area('/agent-questionnaire', 'agentQuestionnaire'),
      area('/disc-test', 'discTest'),
      area('/partner-checkout/:token', 'partnerCheckout'),
      screen('/partner-payment-success', 'areas.partnerPaymentSuccess.title', <PaymentSuccessPage flow="partner" />),
      screen('/partner-payment-canceled', 'areas.partnerPaymentCanceled.title', <PaymentCanceledPage flow="partner" />),
      screen('/agent-payment-success', 'areas.agentPaymentSuccess.title', <PaymentSuccessPage flow="agent" />),
      screen('/agent-payment-canceled', 'areas.agentPaymentCanceled.title', <PaymentCanceledPage flow="agent" />),
      area('/affiliate', 'affiliate'),
      area('/affiliate/apply', 'affiliateApply'),
      area('/affiliate/dashboard', 'affiliateDashboard'),
      area('/qa', 'qa'),
      area('/dispute-resolution', 'disputeResolution'),
      area('/refund-policy', 'refundPolicy'),
      area('/contact', 'contact'),
      screen('/billing', 'areas.billing.title', <BillingPage />),
      area('/integrations', 'integrations'),
      area('/book-meeting', 'bookMeeting'),
      {
        path: '*',
        element: (
          <Screen titleKey="common.notFound.title">
            <NotFoundPage />
          </Screen>
        ),
      },
    ],
  },
];
