/**
 * The route table of spec 01§2 and 03§2 with the heading each screen shows (its real title).
 * Aliases are listed as their own rows: each must render the same screen as its target.
 */
/** Who may open a screen: the `access` its row of web/src/app/routes.tsx declares. */
export type ScreenAccess = 'visitor' | 'user' | 'pro' | 'creator' | 'vendor' | 'admin' | 'support';

export interface RouteRow {
  path: string;
  /** The access the route table declares (src/app/access/routeRows.test.ts keeps it equal). */
  access: ScreenAccess;
  /** The level-1 heading; null where the screen's copy belongs to another area (see `title`). */
  heading: string | null;
  /** The document title prefix ("{title} | Circle"). */
  title: string;
  /** The path this one is an alias of. */
  aliasOf?: string;
}

export const ROUTES: readonly RouteRow[] = [
  // Home and /marketplace show the marketplace; its copy belongs to the marketplace feature (F-CAT-02).
  { path: '/', access: 'visitor', heading: null, title: 'Marketplace' },
  { path: '/marketplace', access: 'visitor', heading: null, title: 'Marketplace' },
  { path: '/lobby', access: 'visitor', heading: 'Browse by Category', title: 'Browse by Category' },
  { path: '/health', access: 'visitor', heading: 'System Health', title: 'System Health' },
  { path: '/auth', access: 'visitor', heading: 'Welcome Back', title: 'Welcome Back' },
  { path: '/auth?mode=signup', access: 'visitor', heading: 'Create Account', title: 'Create Account' },
  { path: '/lender', access: 'visitor', heading: 'Lender Marketplace', title: 'Lender Marketplace' },
  { path: '/academy', access: 'visitor', heading: 'Circle Academy', title: 'Circle Academy' },
  { path: '/creator-dashboard', access: 'creator', heading: 'Creator Dashboard', title: 'Creator Dashboard' },
  { path: '/creator-payment-setup', access: 'creator', heading: 'Creator Payment Setup', title: 'Creator Payment Setup' },
  { path: '/creator-onboarding', access: 'user', heading: 'Become a Creator', title: 'Become a Creator' },
  { path: '/admin', access: 'admin', heading: 'Admin Dashboard', title: 'Admin Dashboard' },
  { path: '/admin/accounting', access: 'admin', heading: 'Accounting', title: 'Accounting' },
  { path: '/admin/commissions', access: 'admin', heading: 'Commissions', title: 'Commissions' },
  { path: '/admin/users', access: 'admin', heading: 'Users', title: 'Users' },
  { path: '/admin/audit', access: 'admin', heading: 'Audit log', title: 'Audit log' },
  { path: '/profile-settings', access: 'user', heading: 'Profile Settings', title: 'Profile Settings' },
  { path: '/profile', access: 'user', heading: 'Profile Settings', title: 'Profile Settings', aliasOf: '/profile-settings' },
  { path: '/saved', access: 'user', heading: 'Saved Services', title: 'Saved Services' },
  { path: '/orders', access: 'user', heading: 'Order History', title: 'Order History' },
  { path: '/wallet', access: 'user', heading: 'Agent Wallet', title: 'Agent Wallet' },
  { path: '/pricing', access: 'visitor', heading: 'Circle Pro', title: 'Circle Pro' },
  { path: '/payment-success', access: 'visitor', heading: 'Payment Successful', title: 'Payment Successful' },
  { path: '/payment/success', access: 'visitor', heading: 'Payment Successful', title: 'Payment Successful', aliasOf: '/payment-success' },
  { path: '/payment-canceled', access: 'visitor', heading: 'Payment Canceled', title: 'Payment Canceled' },
  { path: '/payment/canceled', access: 'visitor', heading: 'Payment Canceled', title: 'Payment Canceled', aliasOf: '/payment-canceled' },
  { path: '/consultation-demo', access: 'visitor', heading: 'Consultation Demo', title: 'Consultation Demo' },
  { path: '/vendor-registration', access: 'visitor', heading: 'Vendor Registration', title: 'Vendor Registration' },
  {
    path: '/vendor-registration?type=service_provider', access: 'visitor',
    heading: 'Service Provider Registration',
    title: 'Service Provider Registration',
  },
  {
    path: '/vendor-registration?type=co_marketing', access: 'visitor',
    heading: 'Co-Marketing Partner Registration',
    title: 'Co-Marketing Partner Registration',
  },
  { path: '/vendor-dashboard', access: 'vendor', heading: 'Service Management', title: 'Service Management' },
  { path: '/vendor-analytics', access: 'vendor', heading: 'Vendor Dashboard', title: 'Vendor Dashboard' },
  { path: '/command-center', access: 'admin', heading: 'Command Center', title: 'Command Center' },
  { path: '/command-center-test', access: 'admin', heading: 'Command Center Test', title: 'Command Center Test' },
  { path: '/compliance', access: 'admin', heading: 'Compliance', title: 'Compliance' },
  { path: '/analytics', access: 'admin', heading: 'Analytics', title: 'Analytics' },
  { path: '/support', access: 'support', heading: 'Support Desk', title: 'Support Desk' },
  { path: '/advanced-features', access: 'admin', heading: 'Advanced Features', title: 'Advanced Features' },
  { path: '/ai-dashboard', access: 'visitor', heading: 'Need Advice?', title: 'Need Advice?' },
  { path: '/ministry', access: 'visitor', heading: 'Ministry Circle', title: 'Ministry Circle' },
  { path: '/minsitry', access: 'visitor', heading: 'Ministry Circle', title: 'Ministry Circle', aliasOf: '/ministry' },
  { path: '/ministry/success', access: 'visitor', heading: 'Your request is received', title: 'Your request is received' },
  { path: '/legal/terms', access: 'visitor', heading: 'Terms of Service', title: 'Terms of Service' },
  { path: '/legal/privacy', access: 'visitor', heading: 'Privacy Policy', title: 'Privacy Policy' },
  { path: '/legal/cookies', access: 'visitor', heading: 'Cookie Policy', title: 'Cookie Policy' },
  { path: '/legal/buyer-protection', access: 'visitor', heading: 'Buyer Protection', title: 'Buyer Protection' },
  { path: '/legal/seller-agreement', access: 'visitor', heading: 'Seller Agreement', title: 'Seller Agreement' },
  // The document's own title is longer than its link text ("Prohibited Items").
  { path: '/legal/prohibited-items', access: 'visitor', heading: 'Prohibited Items and Services', title: 'Prohibited Items and Services' },
  { path: '/terms', access: 'visitor', heading: 'Terms of Service', title: 'Terms of Service', aliasOf: '/legal/terms' },
  { path: '/privacy', access: 'visitor', heading: 'Privacy Policy', title: 'Privacy Policy', aliasOf: '/legal/privacy' },
  { path: '/cookies', access: 'visitor', heading: 'Cookie Policy', title: 'Cookie Policy', aliasOf: '/legal/cookies' },
  { path: '/buyer-protection', access: 'visitor', heading: 'Buyer Protection', title: 'Buyer Protection', aliasOf: '/legal/buyer-protection' },
  { path: '/seller-agreement', access: 'visitor', heading: 'Seller Agreement', title: 'Seller Agreement', aliasOf: '/legal/seller-agreement' },
  {
    path: '/prohibited-items', access: 'visitor',
    heading: 'Prohibited Items and Services',
    title: 'Prohibited Items and Services',
    aliasOf: '/legal/prohibited-items',
  },
  { path: '/welcome', access: 'user', heading: 'Welcome to Circle', title: 'Welcome to Circle' },
  { path: '/agent-questionnaire', access: 'visitor', heading: 'Agent Questionnaire', title: 'Agent Questionnaire' },
  { path: '/disc-test', access: 'visitor', heading: 'DISC Personality Test', title: 'DISC Personality Test' },
  { path: '/partner-checkout/abc', access: 'visitor', heading: 'Partner Checkout', title: 'Partner Checkout' },
  { path: '/partner-payment-success', access: 'visitor', heading: 'Payment Successful', title: 'Payment Successful' },
  { path: '/partner-payment-canceled', access: 'visitor', heading: 'Payment Canceled', title: 'Payment Canceled' },
  { path: '/partner-payments', access: 'user', heading: 'Partner Payments', title: 'Partner Payments' },
  { path: '/agent-payment-success', access: 'visitor', heading: 'Payment Successful', title: 'Payment Successful' },
  { path: '/agent-payment-canceled', access: 'visitor', heading: 'Payment Canceled', title: 'Payment Canceled' },
  { path: '/affiliate', access: 'visitor', heading: 'Circle Affiliate Program', title: 'Circle Affiliate Program' },
  { path: '/affiliate/apply', access: 'user', heading: 'Affiliate Application', title: 'Affiliate Application' },
  { path: '/affiliate/dashboard', access: 'user', heading: 'Affiliate Dashboard', title: 'Affiliate Dashboard' },
  { path: '/qa', access: 'admin', heading: 'QA Runner', title: 'QA Runner' },
  { path: '/dispute-resolution', access: 'visitor', heading: 'Dispute Resolution', title: 'Dispute Resolution' },
  { path: '/refund-policy', access: 'visitor', heading: 'Refund Policy', title: 'Refund Policy' },
  { path: '/contact', access: 'visitor', heading: 'Contact Us', title: 'Contact Us' },
  { path: '/billing', access: 'user', heading: 'Billing', title: 'Billing' },
  { path: '/integrations', access: 'visitor', heading: 'Integrations', title: 'Integrations' },
  { path: '/book-meeting', access: 'visitor', heading: 'Book a Meeting', title: 'Book a Meeting' },
];

/**
 * The app's screens beyond the spec's table: the back office's sections, the member's lists and
 * the academy's editor, and a sample of the routes with a parameter whose demo row every role
 * can open. With ROUTES they cover every route of src/app/routes.tsx; routeRows.test.ts names
 * the few left out and why.
 */
export const APP_ROUTES: readonly RouteRow[] = [
  { path: '/services/hdr-listing-photography--svc-listingloop-hdr-photos', access: 'visitor', heading: null, title: 'HDR Listing Photography' },
  { path: '/academy/speed-to-lead-follow-up', access: 'visitor', heading: 'Speed-to-lead: follow-up that converts', title: 'Course' },
  { path: '/academy/new', access: 'creator', heading: 'New course', title: 'New course' },
  { path: '/admin/vendors', access: 'admin', heading: 'Vendors', title: 'Vendors' },
  { path: '/admin/reviews', access: 'admin', heading: 'Reviews', title: 'Reviews' },
  { path: '/admin/services', access: 'admin', heading: 'Services', title: 'Services' },
  { path: '/admin/config', access: 'admin', heading: 'Configuration', title: 'Configuration' },
  { path: '/admin/prayers', access: 'admin', heading: 'Prayer requests', title: 'Prayer requests' },
  { path: '/admin/faq', access: 'admin', heading: 'FAQ items', title: 'FAQ items' },
  { path: '/admin/security', access: 'admin', heading: 'Security and errors', title: 'Security and errors' },
  { path: '/admin/creators', access: 'admin', heading: 'Creator applications', title: 'Creator applications' },
  { path: '/admin/academy', access: 'admin', heading: 'Academy courses', title: 'Academy courses' },
  { path: '/admin/outbox', access: 'admin', heading: 'Email Outbox', title: 'Email Outbox' },
  { path: '/admin/view-spikes', access: 'admin', heading: 'View Spikes', title: 'View Spikes' },
  { path: '/admin/vendor-invitations', access: 'admin', heading: 'Vendor Invitations', title: 'Vendor Invitations' },
  { path: '/admin/consultation-integrations', access: 'admin', heading: 'Booking integrations', title: 'Booking integrations' },
  // An unknown back-office address: an administrator's own not-found screen, with the sections.
  { path: '/admin/no-such-page', access: 'admin', heading: 'Admin page not found', title: 'Admin page not found' },
  { path: '/goals', access: 'user', heading: 'Your goals', title: 'Your goals' },
  { path: '/notifications', access: 'user', heading: 'Notifications', title: 'Notifications' },
  { path: '/consultations', access: 'user', heading: 'My Consultations', title: 'My Consultations' },
  { path: '/vendor-dashboard/consultations', access: 'vendor', heading: 'Consultations', title: 'Consultations' },
  { path: '/legal/dispute-resolution', access: 'visitor', heading: 'Dispute Resolution', title: 'Dispute Resolution', aliasOf: '/dispute-resolution' },
  { path: '/legal/refund-policy', access: 'visitor', heading: 'Refund Policy', title: 'Refund Policy', aliasOf: '/refund-policy' },
];

/** The heading of the screen a signed-in member sees on a screen of a role they do not hold. */
export const FORBIDDEN_HEADING = "You don't have access to this page";

export const NOT_FOUND_HEADING = 'Oops! Page not found';
