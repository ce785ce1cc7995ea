import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import type { LegalDoc } from '../features/legal/LegalPage';
import { authTitleKey } from '../features/auth/routeTitle';
import type { ScreenAccess, ScreenHandle, SignInCopy } from './access/access';
import type { OperationId } from '../lib/api/access.gen';
import { lazyLoaded } from '../lib/lazyLoaded';
import { RootLayout } from './layout/RootLayout';
import { RouteErrorPanel } from './ErrorBoundary';
import { Screen } from './Screen';

// Every screen is its own lazy chunk (spec 01§2: screens load lazily with a spinner).
const MarketplacePage = lazyLoaded(() => import('../features/marketplace/MarketplacePage'));
// The marketplace opens the service details (another feature's screen) in this slot.
const ServiceDetails = lazyLoaded(() => import('../features/detail/DetailView'));

const LobbyScreen = lazy(() => import('./screens/LobbyScreen'));
// A service's page (issue 33): the marketplace with the service's details open.
const ServicePageScreen = lazyLoaded(() => import('./screens/ServicePageScreen'));
const HealthPage = lazy(() => import('../features/health/HealthPage'));
const LegalPage = lazy(() => import('../features/legal/LegalPage'));
const VendorAnalyticsScreen = lazy(() => import('../features/vendor-analytics/VendorAnalyticsScreen'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const AuthPage = lazy(() => import('../features/auth/AuthPage'));
const ProfileSettingsPage = lazy(() => import('../features/profile/ProfileSettingsPage'));
const OutboxPage = lazy(() => import('../features/admin-outbox/OutboxPage'));
const ViewSpikesPage = lazy(() => import('../features/admin-spikes/ViewSpikesPage'));
// The back office (issue 31): dashboard and search, users and roles, the audit log.
const AdminHomePage = lazy(() => import('../features/admin/AdminHomePage'));
const AdminUsersPage = lazy(() => import('../features/admin/UsersPage'));
const AdminUserPage = lazy(() => import('../features/admin/UserPage'));
const AdminAuditPage = lazy(() => import('../features/admin/AuditPage'));
const AdminNotFoundPage = lazy(() => import('../features/admin/AdminNotFoundPage'));
const AdminVendorsPage = lazy(() => import('../features/admin/VendorsPage'));
const AdminVendorPage = lazy(() => import('../features/admin/VendorPage'));
const AdminReviewsPage = lazy(() => import('../features/admin/ReviewsPage'));
const AdminServicesPage = lazy(() => import('../features/admin/ServicesPage'));
const AdminServicePage = lazy(() => import('../features/admin/ServicePage'));
const AdminConfigPage = lazy(() => import('../features/admin/ConfigPage'));
const AdminFaqItemsPage = lazy(() => import('../features/admin/FaqItemsPage'));
const AdminCommissionsPage = lazy(() => import('../features/admin/CommissionsPage'));
const AdminAccountingPage = lazy(() => import('../features/admin/AccountingPage'));
const AffiliateLandingPage = lazy(() => import('../features/affiliates/LandingPage'));
const AffiliateApplyPage = lazy(() => import('../features/affiliates/ApplyPage'));
const AffiliateDashboardPage = lazy(() => import('../features/affiliates/DashboardPage'));
// Creators (issue 30 item 7): onboarding, payout setup, dashboard, and the admins' review.
const CreatorOnboardingPage = lazy(() => import('../features/creators/OnboardingPage'));
const CreatorPaymentSetupPage = lazy(() => import('../features/creators/PaymentSetupPage'));
const AdminCreatorsPage = lazy(() => import('../features/admin/CreatorsPage'));
// Operations (issue 31 items 10 and 11): security and errors, the command center.
const AdminSecurityPage = lazy(() => import('../features/admin/SecurityPage'));
const CommandCenterPage = lazy(() => import('../features/admin/CommandCenterPage'));
const CommandCenterTestPage = lazy(() => import('../features/admin/CommandCenterTestPage'));
const CompliancePage = lazy(() => import('../features/admin/CompliancePage'));
const AnalyticsPage = lazy(() => import('../features/admin/AnalyticsPage'));
const AdvancedFeaturesPage = lazy(() => import('../features/admin/AdvancedFeaturesPage'));
const QaPage = lazy(() => import('../features/admin/QaPage'));
const OrdersPage = lazy(() => import('../features/orders/OrdersPage'));
const SavedPage = lazy(() => import('../features/saved/SavedPage'));
const WalletPage = lazy(() => import('../features/wallet/WalletPage'));
const PricingPage = lazy(() => import('../features/billing/PricingPage'));
const BillingPage = lazy(() => import('../features/billing/BillingPage'));
const PaymentSuccessPage = lazy(() => import('../features/checkout/PaymentResultPage').then((m) => ({ default: m.PaymentSuccessPage })));
const PaymentCanceledPage = lazy(() => import('../features/checkout/PaymentResultPage').then((m) => ({ default: m.PaymentCanceledPage })));
// Issue 16 (consult-more): the preparation course and the admin list of vendor invitations.
const PrepCoursePage = lazy(() => import('../features/prep-course/PrepCoursePage'));
const AdminInvitationsPage = lazy(() => import('../features/vendor-invite/AdminInvitationsPage'));
// Co-pay, the vendor's side, and notifications (issue 15).
const VendorDashboardScreen = lazy(() => import('./screens/VendorDashboardScreen'));
const VendorRegistrationScreen = lazy(() => import('../features/vendor-registration/VendorRegistrationScreen'));
const NotificationsPage = lazy(() => import('../features/notifications/NotificationsPage'));
// Consultations (issue 16)
const BookMeetingPage = lazy(() => import('../features/consultations/BookMeetingPage'));
// /consultation-demo (issue 32 item 7): a demo call with Circle's advisors.
const ConsultationDemoPage = lazy(() => import('../features/consultations/ConsultationDemoPage'));
const AdviceLanding = lazy(() => import('../features/concierge/AdviceLanding'));
const ConsultationsPage = lazy(() => import('../features/consultations/ConsultationsPage'));
const VendorConsultationsPage = lazy(() => import('../features/consultations/VendorConsultationsPage'));
const ConsultationIntegrationsPage = lazy(() => import('../features/consultations/AdminIntegrationsPage'));
// Support and help (issues 29 and 32): the contact page and the dispute policy with its form.
const ContactPage = lazy(() => import('../features/support/ContactPage'));
const RequestPage = lazy(() => import('../features/support/RequestPage'));
const DeskPage = lazy(() => import('../features/support-desk/DeskPage'));
const DeskTicketPage = lazy(() => import('../features/support-desk/TicketPage'));
const DisputeResolutionScreen = lazy(() => import('./screens/DisputeResolutionScreen'));
// Assessments (issue 32 item 5): the DISC test and the agent questionnaire.
const DiscTestPage = lazy(() => import('../features/assessments/DiscTestPage'));
const QuestionnairePage = lazy(() => import('../features/assessments/QuestionnairePage'));
// Welcome onboarding and the goal assessment (issue 32 items 5 and 10); the ministry (item 6).
const WelcomePage = lazy(() => import('../features/assessments/WelcomePage'));
const GoalsPage = lazy(() => import('../features/assessments/GoalsPage'));
// Partner payment links (issue 32 item 4).
const PartnerCheckoutPage = lazy(() => import('../features/partner-payments/PartnerCheckoutPage'));
const PartnerSuccessPage = lazy(() => import('../features/partner-payments/PartnerResultPage').then((m) => ({ default: m.PartnerSuccessPage })));
const PartnerPaymentsPage = lazy(() => import('../features/partner-payments/PartnerPaymentsPage'));
const PartnerCanceledPage = lazy(() => import('../features/partner-payments/PartnerResultPage').then((m) => ({ default: m.PartnerCanceledPage })));
const MinistryPage = lazy(() => import('../features/ministry/MinistryPage'));
const MinistrySuccessPage = lazy(() => import('../features/ministry/MinistrySuccessPage'));
const AdminPrayersPage = lazy(() => import('../features/admin/PrayersPage'));
// The lender marketplace and the integrations page (issue 32 items 2 and 8).
const LenderPage = lazy(() => import('../features/lender/LenderPage'));
const IntegrationsPage = lazy(() => import('../features/integrations/IntegrationsPage'));
// Circle Academy (issue 32 item 1, F-AREA-05): catalogue, course, lesson, quiz and certificate.
const AcademyCataloguePage = lazy(() => import('../features/academy/CataloguePage'));
const AcademyCoursePage = lazy(() => import('../features/academy/CoursePage'));
const AcademyLessonPage = lazy(() => import('../features/academy/LessonPage'));
const AcademyQuizPage = lazy(() => import('../features/academy/QuizPage'));
const AcademyCertificatePage = lazy(() => import('../features/academy/CertificatePage'));
// The course editor (creators: their own courses; administrators: every course) and the lists.
const AcademyCourseEditorPage = lazy(() => import('../features/academy/CourseEditorPage'));
const AdminAcademyScreen = lazy(() => import('./screens/AdminAcademyScreen'));
const CreatorDashboardScreen = lazy(() => import('./screens/CreatorDashboardScreen'));

/** Whether the address opens a screen whose words are all in the app's bundle (words="bundled"). */
export function opensWithBundledWords({ pathname }: { pathname: string }): boolean {
  return /^\/(marketplace\/?|lobby\/?|services\/[^/]+\/?)?$/.test(pathname);
}

/**
 * Starts the first screen's code when it is the marketplace (most first visits), with the details
 * when the address opens a service: the page's Link header has them on their way already, and
 * the first render waits for them so that neither suspends (lib/lazyLoaded.tsx: React holds a
 * suspended screen back for up to 300 ms).
 */
export function preloadFirstScreen({ pathname, search }: { pathname: string; search: string }): Promise<unknown> {
  if (/^\/services\/[^/]+\/?$/.test(pathname)) return Promise.all([ServicePageScreen.preload(), ServiceDetails.preload()]);
  if (!/^\/(marketplace\/?)?$/.test(pathname)) return Promise.resolve();
  const details = new URLSearchParams(search).get('service') ? ServiceDetails.preload() : null;
  return Promise.all([MarketplacePage.preload(), details]);
}


const LEGAL_TITLE_KEYS: Record<LegalDoc, string> = {
  terms: 'common.legal.terms',
  privacy: 'common.legal.privacy',
  cookies: 'common.legal.cookies',
  'buyer-protection': 'common.legal.buyerProtection',
  'seller-agreement': 'common.legal.sellerAgreement',
  'prohibited-items': 'common.legal.prohibitedItems',
  'refund-policy': 'support.policies.refund',
  'dispute-resolution': 'support.policies.dispute',
};

/** The registration's title follows ?type=: service provider or co-marketing partner. */
function vendorRegistrationTitleKey(search: URLSearchParams): string {
  const variants: Record<string, string> = { service_provider: '.serviceProvider', co_marketing: '.coMarketing' };
  return `areas.vendorRegistration${variants[search.get('type') ?? ''] ?? ''}.title`;
}

/** /vendor-registration (issue 30): the application form; its title follows ?type=. */
function vendorRegistration(): RouteObject {
  return {
    path: '/vendor-registration',
    handle: declare('visitor', ['vendor-application-options']),
    element: (
      <Screen titleKey={vendorRegistrationTitleKey}>
        <VendorRegistrationScreen />
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
    { path: `/legal/${doc}`, handle: declare('visitor', []), element },
    { path: `/${doc}`, handle: declare('visitor', []), element },
  ];
}

const marketplace = (
  <Screen titleKey="marketplace.title" words="bundled">
    <MarketplacePage ServiceDetails={ServiceDetails} />
  </Screen>
);

function screen(path: string, titleKey: string, element: ReactNode, access: ScreenAccess, uses: readonly OperationId[], signIn?: SignInCopy): RouteObject {
  return { path, handle: declare(access, uses, signIn), element: <Screen titleKey={titleKey}>{element}</Screen> };
}

/**
 * Every route declares who may open it; the Screen's guard enforces it (docs/adr/0006-access.md).
 * uses names the API operations the screen cannot open without: routeAccess.test.ts checks that
 * the screen's access is theirs (the API document's x-circle-access). signIn gives the prompt the
 * screen's own words when the spec has them.
 */
function declare(access: ScreenAccess, uses: readonly OperationId[], signIn?: SignInCopy): ScreenHandle {
  return signIn ? { access, uses, signIn } : { access, uses };
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
      { path: '/', handle: declare('visitor', ['marketplace-data']), element: marketplace },
      { path: '/marketplace', handle: declare('visitor', ['marketplace-data']), element: marketplace },
      {
        path: '/services/:slug',
        handle: declare('visitor', ['get-service-detail']),
        element: (
          <Screen titleKey="marketplace.title" words="bundled">
            <ServicePageScreen ServiceDetails={ServiceDetails} />
          </Screen>
        ),
      },
      {
        path: '/lobby',
        handle: declare('visitor', []),
        element: (
          <Screen titleKey="lobby.title" words="bundled">
            <LobbyScreen />
          </Screen>
        ),
      },
      {
        path: '/health',
        handle: declare('visitor', ['readyz']),
        element: (
          <Screen titleKey="health.title">
            <HealthPage />
          </Screen>
        ),
      },
      {
        path: '/auth',
        handle: declare('visitor', ['auth-providers']),
        element: (
          <Screen titleKey={authTitleKey}>
            <AuthPage />
          </Screen>
        ),
      },
      screen('/lender', 'lender.title', <LenderPage />, 'visitor', ['list-lenders']),
      screen('/academy', 'areas.academy.title', <AcademyCataloguePage />, 'visitor', ['list-academy-courses']),
      screen('/academy/certificates/:id', 'areas.academyCertificate.title', <AcademyCertificatePage />, 'visitor', ['get-academy-certificate']),
      screen('/academy/new', 'areas.academyEditor.newTitle', <AcademyCourseEditorPage />, 'creator', ['create-academy-course']),
      screen('/academy/:slug', 'areas.academyCourse.title', <AcademyCoursePage />, 'visitor', ['get-academy-course']),
      screen('/academy/:slug/edit', 'areas.academyEditor.title', <AcademyCourseEditorPage />, 'creator', ['get-authored-course', 'update-academy-course', 'delete-academy-course']),
      screen('/academy/:slug/lessons/:lessonId', 'areas.academyLesson.title', <AcademyLessonPage />, 'user', ['get-academy-lesson', 'complete-academy-lesson'], { body: 'areas.academyLesson.signIn' }),
      screen('/academy/:slug/quiz', 'areas.academyQuiz.title', <AcademyQuizPage />, 'user', ['get-academy-quiz', 'submit-academy-quiz'], { body: 'areas.academyLesson.signIn' }),
      screen('/creator-dashboard', 'creators.dashboard.title', <CreatorDashboardScreen />, 'creator', ['get-creator-dashboard', 'list-authored-courses']),
      screen('/creator-payment-setup', 'creators.payments.title', <CreatorPaymentSetupPage />, 'creator', ['get-creator-payouts']),
      screen('/creator-onboarding', 'creators.onboarding.title', <CreatorOnboardingPage />, 'user', ['apply-creator'], { body: 'creators.onboarding.signIn' }),
      screen('/admin', 'admin.home.title', <AdminHomePage />, 'admin', ['admin-dashboard']),
      screen('/admin/users', 'admin.users.title', <AdminUsersPage />, 'admin', ['admin-list-users']),
      screen('/admin/users/:id', 'admin.user.title', <AdminUserPage />, 'admin', ['admin-get-user']),
      screen('/admin/audit', 'admin.audit.title', <AdminAuditPage />, 'admin', ['admin-audit-log']),
      screen('/admin/vendors', 'admin.vendors.title', <AdminVendorsPage />, 'admin', ['admin-list-vendor-applications', 'admin-list-vendors']),
      screen('/admin/vendors/:id', 'admin.vendor.title', <AdminVendorPage />, 'admin', ['admin-get-vendor']),
      screen('/admin/reviews', 'admin.reviews.title', <AdminReviewsPage />, 'admin', ['admin-list-reviews']),
      screen('/admin/services', 'admin.services.title', <AdminServicesPage />, 'admin', ['admin-list-services', 'admin-top-deals', 'admin-cache-health']),
      screen('/admin/services/:id', 'admin.service.title', <AdminServicePage />, 'admin', ['admin-get-service', 'admin-save-service']),
      screen('/admin/config', 'admin.config.title', <AdminConfigPage />, 'admin', ['admin-config', 'admin-change-config']),
      screen('/admin/prayers', 'admin.prayers.title', <AdminPrayersPage />, 'admin', ['admin-list-prayers', 'admin-approve-prayer']),
      screen('/admin/faq', 'admin.faq.title', <AdminFaqItemsPage />, 'admin', ['admin-list-faq-items']),
      screen('/admin/security', 'admin.security.title', <AdminSecurityPage />, 'admin', ['admin-security-events', 'admin-security-hourly', 'admin-client-errors']),
      screen('/admin/accounting', 'accounting.title', <AdminAccountingPage />, 'admin', ['admin-list-money-entries']),
      screen('/admin/commissions', 'affiliates.admin.title', <AdminCommissionsPage />, 'admin', ['admin-list-commissions']),
      screen('/admin/creators', 'creators.admin.title', <AdminCreatorsPage />, 'admin', ['admin-list-creator-applications', 'admin-approve-creator']),
      screen('/admin/academy', 'areas.adminAcademy.title', <AdminAcademyScreen />, 'admin', ['admin-list-academy-courses']),
      {
        path: '/admin/outbox',
        handle: declare('admin', ['admin-outbox'], { body: 'outbox.signInBody' }),
        element: (
          <Screen titleKey="outbox.title">
            <OutboxPage />
          </Screen>
        ),
      },
      screen('/admin/view-spikes', 'spikes.title', <ViewSpikesPage />, 'admin', ['admin-view-spikes']),
      // An unknown back-office address: the admin not-found screen with every section.
      {
        path: '/admin/*',
        handle: { ...declare('admin', []), noData: true },
        element: (
          <Screen titleKey="areas.adminNotFound.title">
            <AdminNotFoundPage />
          </Screen>
        ),
      },
      { path: '/profile-settings', handle: declare('user', ['get-profile'], { body: 'profile.signInBody' }), element: profileSettings },
      { path: '/profile', handle: declare('user', ['get-profile'], { body: 'profile.signInBody' }), element: profileSettings },
      screen('/saved', 'areas.saved.title', <SavedPage />, 'user', ['list-saved'], { body: 'detail.saved.signIn' }),
      screen('/orders', 'areas.orders.title', <OrdersPage />, 'user', ['list-orders'], { body: 'orders.signIn' }),
      screen('/wallet', 'areas.wallet.title', <WalletPage />, 'user', ['get-points-summary', 'get-points-history']),
      screen('/pricing', 'areas.pricing.title', <PricingPage />, 'visitor', ['billing-plans']),
      screen('/payment-success', 'areas.paymentSuccess.title', <PaymentSuccessPage />, 'visitor', []),
      screen('/payment/success', 'areas.paymentSuccess.title', <PaymentSuccessPage />, 'visitor', []),
      screen('/payment-canceled', 'areas.paymentCanceled.title', <PaymentCanceledPage />, 'visitor', []),
      screen('/payment/canceled', 'areas.paymentCanceled.title', <PaymentCanceledPage />, 'visitor', []),
      screen('/consultation-demo', 'areas.consultationDemo.title', <ConsultationDemoPage />, 'visitor', ['consultation-calendar']),
      vendorRegistration(),
      screen('/vendor-analytics', 'areas.vendorAnalytics.title', <VendorAnalyticsScreen />, 'vendor', ['get-vendor-analytics']),
      screen('/command-center', 'admin.commandCenter.title', <CommandCenterPage />, 'admin', ['admin-command-center', 'admin-retry-job']),
      screen('/command-center-test', 'admin.selfTest.title', <CommandCenterTestPage />, 'admin', ['admin-self-test']),
      screen('/compliance', 'admin.compliance.title', <CompliancePage />, 'admin', ['admin-compliance', 'admin-copay-decisions']),
      screen('/analytics', 'admin.analytics.title', <AnalyticsPage />, 'admin', ['admin-funnel', 'admin-experiments']),
      screen('/support', 'desk.title', <DeskPage />, 'support', ['desk-list-tickets']),
      screen('/support/tickets/:id', 'desk.ticket.title', <DeskTicketPage />, 'support', ['desk-get-ticket']),
      screen('/advanced-features', 'areas.advancedFeatures.title', <AdvancedFeaturesPage />, 'admin', ['get-config', 'admin-audit-log']),
      screen('/ai-dashboard', 'concierge.landing.title', <AdviceLanding />, 'visitor', ['concierge-respond']),
      screen('/ministry', 'ministry.title', <MinistryPage />, 'visitor', ['list-scriptures']),
      screen('/minsitry', 'ministry.title', <MinistryPage />, 'visitor', ['list-scriptures']),
      screen('/ministry/success', 'ministry.success.title', <MinistrySuccessPage />, 'visitor', []),
      ...legal('terms'),
      ...legal('privacy'),
      ...legal('cookies'),
      ...legal('buyer-protection'),
      ...legal('seller-agreement'),
      ...legal('prohibited-items'),
      screen('/welcome', 'assessments.welcome.title', <WelcomePage />, 'user', ['get-welcome', 'save-welcome'], { body: 'assessments.welcome.signIn' }),
      screen('/goals', 'assessments.goals.title', <GoalsPage />, 'user', ['get-goals', 'save-goals'], { body: 'assessments.goals.signIn' }),
      screen('/agent-questionnaire', 'assessments.questionnaire.title', <QuestionnairePage />, 'visitor', []),
      screen('/disc-test', 'assessments.disc.title', <DiscTestPage />, 'visitor', ['disc-items', 'score-disc']),
      screen('/partner-checkout/:token', 'areas.partnerCheckout.title', <PartnerCheckoutPage />, 'visitor', ['get-partner-payment-link', 'pay-partner-payment-link']),
      screen('/partner-payment-success', 'areas.partnerPaymentSuccess.title', <PartnerSuccessPage />, 'visitor', ['get-partner-payment-receipt']),
      screen('/partner-payment-canceled', 'areas.partnerPaymentCanceled.title', <PartnerCanceledPage />, 'visitor', ['get-partner-payment-receipt']),
      screen('/partner-payments', 'areas.partnerPayments.title', <PartnerPaymentsPage />, 'user', ['list-partner-shares', 'create-partner-payment-link'], { body: 'areas.partnerPayments.signIn' }),
      screen('/agent-payment-success', 'areas.agentPaymentSuccess.title', <PaymentSuccessPage flow="agent" />, 'visitor', []),
      screen('/agent-payment-canceled', 'areas.agentPaymentCanceled.title', <PaymentCanceledPage flow="agent" />, 'visitor', []),
      screen('/affiliate', 'affiliates.landing.title', <AffiliateLandingPage />, 'visitor', ['get-affiliate-programme']),
      screen('/affiliate/apply', 'affiliates.apply.title', <AffiliateApplyPage />, 'user', ['apply-affiliate'], { body: 'affiliates.apply.signIn' }),
      screen('/affiliate/dashboard', 'affiliates.dashboard.title', <AffiliateDashboardPage />, 'user', ['get-affiliate-dashboard'], { body: 'affiliates.dashboard.signIn' }),
      screen('/qa', 'areas.qa.title', <QaPage />, 'admin', ['admin-self-test']),
      screen('/dispute-resolution', 'support.policies.dispute', <DisputeResolutionScreen />, 'visitor', []),
      screen('/legal/dispute-resolution', 'support.policies.dispute', <DisputeResolutionScreen />, 'visitor', []),
      ...legal('refund-policy'),
      screen('/contact', 'support.contact.title', <ContactPage />, 'visitor', ['create-support-ticket']),
      screen('/contact/requests/:id', 'support.request.title', <RequestPage />, 'user', ['get-support-ticket']),
      screen('/billing', 'areas.billing.title', <BillingPage />, 'user', ['get-billing'], { headline: 'billing.authRequired', body: 'billing.authRequiredBody' }),
      screen('/integrations', 'integrations.title', <IntegrationsPage />, 'visitor', ['list-integrations']),
      // Issue 16 (consult-more)
      screen('/consultation-prep/:consultationId', 'engage.prep.title', <PrepCoursePage />, 'user', ['get-prep-course'], { body: 'engage.prep.signIn' }),
      screen('/admin/vendor-invitations', 'engage.admin.title', <AdminInvitationsPage />, 'admin', ['admin-vendor-invitations'], { body: 'engage.admin.notAllowedBody' }),
      // Co-pay, the vendor's side, and notifications (issue 15)
      screen('/vendor-dashboard', 'areas.vendorDashboard.title', <VendorDashboardScreen />, 'vendor', ['list-vendor-copay-requests']),
      screen('/notifications', 'notifications.title', <NotificationsPage />, 'user', ['list-notifications']),
      // Consultations (issue 16): the booking page, the agent's list, the vendor's page, the admins' integrations
      screen('/book-meeting', 'areas.bookMeeting.title', <BookMeetingPage />, 'visitor', ['consultation-calendar']),
      screen('/consultations', 'consultations.mine.title', <ConsultationsPage />, 'user', ['list-consultations'], { body: 'consultations.mine.signIn' }),
      screen('/vendor-dashboard/consultations', 'consultations.vendor.title', <VendorConsultationsPage />, 'vendor', ['vendor-consultations', 'vendor-availability']),
      screen('/admin/consultation-integrations', 'consultations.admin.title', <ConsultationIntegrationsPage />, 'admin', ['admin-consultation-integrations']),
      {
        path: '*',
        handle: declare('visitor', []),
        element: (
          <Screen titleKey="common.notFound.title">
            <NotFoundPage />
          </Screen>
        ),
      },
    ],
  },
];
