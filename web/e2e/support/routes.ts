/**
 * The route table of spec 01§2 and 03§2 with the heading each screen shows (its real title).
 * Aliases are listed as their own rows: each must render the same screen as its target.
 */
export interface RouteRow {
  path: string;
  /** The level-1 heading; null where the screen's copy belongs to another area (see `title`). */
  heading: string | null;
  /** The document title prefix ("{title} | Circle"). */
  title: string;
  /** The path this one is an alias of. */
  aliasOf?: string;
}

export const ROUTES: readonly RouteRow[] = [
  // Home and /marketplace show the marketplace; its copy belongs to the marketplace feature (F-CAT-02).
  { path: '/', heading: null, title: 'Marketplace' },
  { path: '/marketplace', heading: null, title: 'Marketplace' },
  { path: '/lobby', heading: 'Browse by Category', title: 'Browse by Category' },
  { path: '/health', heading: 'System Health', title: 'System Health' },
  { path: '/auth', heading: 'Welcome Back', title: 'Welcome Back' },
  { path: '/auth?mode=signup', heading: 'Create Account', title: 'Create Account' },
  { path: '/lender', heading: 'Lender Marketplace', title: 'Lender Marketplace' },
  { path: '/academy', heading: 'Circle Academy', title: 'Circle Academy' },
  { path: '/creator-dashboard', heading: 'Creator Dashboard', title: 'Creator Dashboard' },
  { path: '/creator-payment-setup', heading: 'Creator Payment Setup', title: 'Creator Payment Setup' },
  { path: '/creator-onboarding', heading: 'Become a Creator', title: 'Become a Creator' },
  { path: '/admin', heading: 'Admin Dashboard', title: 'Admin Dashboard' },
  { path: '/admin/accounting', heading: 'Accounting', title: 'Accounting' },
  { path: '/admin/commissions', heading: 'Commissions', title: 'Commissions' },
  { path: '/admin/users', heading: 'Users', title: 'Users' },
  { path: '/admin/audit', heading: 'Audit log', title: 'Audit log' },
  { path: '/profile-settings', heading: 'Profile Settings', title: 'Profile Settings' },
  { path: '/profile', heading: 'Profile Settings', title: 'Profile Settings', aliasOf: '/profile-settings' },
  { path: '/saved', heading: 'Saved Services', title: 'Saved Services' },
  { path: '/orders', heading: 'Order History', title: 'Order History' },
  { path: '/wallet', heading: 'Agent Wallet', title: 'Agent Wallet' },
  { path: '/pricing', heading: 'Circle Pro', title: 'Circle Pro' },
  { path: '/payment-success', heading: 'Payment Successful', title: 'Payment Successful' },
  { path: '/payment/success', heading: 'Payment Successful', title: 'Payment Successful', aliasOf: '/payment-success' },
  { path: '/payment-canceled', heading: 'Payment Canceled', title: 'Payment Canceled' },
  { path: '/payment/canceled', heading: 'Payment Canceled', title: 'Payment Canceled', aliasOf: '/payment-canceled' },
  { path: '/consultation-demo', heading: 'Consultation Demo', title: 'Consultation Demo' },
  { path: '/vendor-registration', heading: 'Vendor Registration', title: 'Vendor Registration' },
  {
    path: '/vendor-registration?type=service_provider',
    heading: 'Service Provider Registration',
    title: 'Service Provider Registration',
  },
  {
    path: '/vendor-registration?type=co_marketing',
    heading: 'Co-Marketing Partner Registration',
    title: 'Co-Marketing Partner Registration',
  },
  { path: '/vendor-dashboard', heading: 'Service Management', title: 'Service Management' },
  { path: '/vendor-analytics', heading: 'Vendor Dashboard', title: 'Vendor Dashboard' },
  { path: '/command-center', heading: 'Command Center', title: 'Command Center' },
  { path: '/command-center-test', heading: 'Command Center Test', title: 'Command Center Test' },
  { path: '/compliance', heading: 'Compliance', title: 'Compliance' },
  { path: '/analytics', heading: 'Analytics', title: 'Analytics' },
  { path: '/support', heading: 'Support Desk', title: 'Support Desk' },
  { path: '/advanced-features', heading: 'Advanced Features', title: 'Advanced Features' },
  { path: '/ai-dashboard', heading: 'Need Advice?', title: 'Need Advice?' },
  { path: '/ministry', heading: 'Ministry Circle', title: 'Ministry Circle' },
  { path: '/minsitry', heading: 'Ministry Circle', title: 'Ministry Circle', aliasOf: '/ministry' },
  { path: '/ministry/success', heading: 'Your request is received', title: 'Your request is received' },
  { path: '/legal/terms', heading: 'Terms of Service', title: 'Terms of Service' },
  { path: '/legal/privacy', heading: 'Privacy Policy', title: 'Privacy Policy' },
  { path: '/legal/cookies', heading: 'Cookie Policy', title: 'Cookie Policy' },
  { path: '/legal/buyer-protection', heading: 'Buyer Protection', title: 'Buyer Protection' },
  { path: '/legal/seller-agreement', heading: 'Seller Agreement', title: 'Seller Agreement' },
  // The document's own title is longer than its link text ("Prohibited Items").
  { path: '/legal/prohibited-items', heading: 'Prohibited Items and Services', title: 'Prohibited Items and Services' },
  { path: '/terms', heading: 'Terms of Service', title: 'Terms of Service', aliasOf: '/legal/terms' },
  { path: '/privacy', heading: 'Privacy Policy', title: 'Privacy Policy', aliasOf: '/legal/privacy' },
  { path: '/cookies', heading: 'Cookie Policy', title: 'Cookie Policy', aliasOf: '/legal/cookies' },
  { path: '/buyer-protection', heading: 'Buyer Protection', title: 'Buyer Protection', aliasOf: '/legal/buyer-protection' },
  { path: '/seller-agreement', heading: 'Seller Agreement', title: 'Seller Agreement', aliasOf: '/legal/seller-agreement' },
  {
    path: '/prohibited-items',
    heading: 'Prohibited Items and Services',
    title: 'Prohibited Items and Services',
    aliasOf: '/legal/prohibited-items',
  },
  { path: '/welcome', heading: 'Welcome to Circle', title: 'Welcome to Circle' },
  { path: '/agent-questionnaire', heading: 'Agent Questionnaire', title: 'Agent Questionnaire' },
  { path: '/disc-test', heading: 'DISC Personality Test', title: 'DISC Personality Test' },
  { path: '/partner-checkout/abc', heading: 'Partner Checkout', title: 'Partner Checkout' },
  { path: '/partner-payment-success', heading: 'Payment Successful', title: 'Payment Successful' },
  { path: '/partner-payment-canceled', heading: 'Payment Canceled', title: 'Payment Canceled' },
  { path: '/partner-payments', heading: 'Partner Payments', title: 'Partner Payments' },
  { path: '/agent-payment-success', heading: 'Payment Successful', title: 'Payment Successful' },
  { path: '/agent-payment-canceled', heading: 'Payment Canceled', title: 'Payment Canceled' },
  { path: '/affiliate', heading: 'Circle Affiliate Program', title: 'Circle Affiliate Program' },
  { path: '/affiliate/apply', heading: 'Affiliate Application', title: 'Affiliate Application' },
  { path: '/affiliate/dashboard', heading: 'Affiliate Dashboard', title: 'Affiliate Dashboard' },
  { path: '/qa', heading: 'QA Runner', title: 'QA Runner' },
  { path: '/dispute-resolution', heading: 'Dispute Resolution', title: 'Dispute Resolution' },
  { path: '/refund-policy', heading: 'Refund Policy', title: 'Refund Policy' },
  { path: '/contact', heading: 'Contact Us', title: 'Contact Us' },
  { path: '/billing', heading: 'Billing', title: 'Billing' },
  { path: '/integrations', heading: 'Integrations', title: 'Integrations' },
  { path: '/book-meeting', heading: 'Book a Meeting', title: 'Book a Meeting' },
];

export const NOT_FOUND_HEADING = 'Oops! Page not found';
