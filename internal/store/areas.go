package store

// The store's repositories: one type per area, each holding the shared *DB (InTx, the querier,
// the lock helpers, the clock) and the area's queries, in the area's files. A repository is a
// value built from the DB (NewCarts(db)); it costs nothing to build, so callers build one where
// they need it. A domain service whose Store interface spans several areas gets a small struct
// embedding the repositories it needs (stores.go).

// Accounts is the repository of users, profiles, sessions, e-mail tokens, sign-in attempts,
// security events, referral tokens and bot-check challenges (auth, account).
type Accounts struct{ *DB }

// NewAccounts returns the Accounts repository on db.
func NewAccounts(db *DB) Accounts { return Accounts{db} }

// Points is the repository of the points ledger and vendors' point allocations (points).
type Points struct{ *DB }

// NewPoints returns the Points repository on db.
func NewPoints(db *DB) Points { return Points{db} }

// Catalog is the repository of services, vendors, search, the index delta, the marketplace cache
// and ranking reads (marketplace, detail).
type Catalog struct{ *DB }

// NewCatalog returns the Catalog repository on db.
func NewCatalog(db *DB) Catalog { return Catalog{db} }

// Reviews is the repository of service reviews and ratings.
type Reviews struct{ *DB }

// NewReviews returns the Reviews repository on db.
func NewReviews(db *DB) Reviews { return Reviews{db} }

// Activity is the repository of service views, tracking events and vendor activity.
type Activity struct{ *DB }

// NewActivity returns the Activity repository on db.
func NewActivity(db *DB) Activity { return Activity{db} }

// Carts is the repository of cart lines, their consultations and discount interest (cart).
type Carts struct{ *DB }

// NewCarts returns the Carts repository on db.
func NewCarts(db *DB) Carts { return Carts{db} }

// Saved is the repository of saved services (saved).
type Saved struct{ *DB }

// NewSaved returns the Saved repository on db.
func NewSaved(db *DB) Saved { return Saved{db} }

// Checkout is the repository of orders, payment sessions and events, and co-pay use at checkout
// (checkout).
type Checkout struct{ *DB }

// NewCheckout returns the Checkout repository on db.
func NewCheckout(db *DB) Checkout { return Checkout{db} }

// Subscriptions is the repository of memberships, offers and invoices (billing).
type Subscriptions struct{ *DB }

// NewSubscriptions returns the Subscriptions repository on db.
func NewSubscriptions(db *DB) Subscriptions { return Subscriptions{db} }

// CoPays is the repository of co-pay requests, decisions and the audit (copay).
type CoPays struct{ *DB }

// NewCoPays returns the CoPays repository on db.
func NewCoPays(db *DB) CoPays { return CoPays{db} }

// PointsPay is the repository of points spent at checkout, vendors' charges, the Pro Savings
// Guarantee and automatic co-pays (pointspay).
type PointsPay struct{ *DB }

// NewPointsPay returns the PointsPay repository on db.
func NewPointsPay(db *DB) PointsPay { return PointsPay{db} }

// Consultations is the repository of consultation bookings, their integrations and vendors'
// booking settings (consultations).
type Consultations struct{ *DB }

// NewConsultations returns the Consultations repository on db.
func NewConsultations(db *DB) Consultations { return Consultations{db} }

// Prep is the repository of the prep course's progress and meetings (prepcourse).
type Prep struct{ *DB }

// NewPrep returns the Prep repository on db.
func NewPrep(db *DB) Prep { return Prep{db} }

// VendorInvites is the repository of vendor invitations (vendorinvite).
type VendorInvites struct{ *DB }

// NewVendorInvites returns the VendorInvites repository on db.
func NewVendorInvites(db *DB) VendorInvites { return VendorInvites{db} }

// Notices is the repository of in-app notifications (notices).
type Notices struct{ *DB }

// NewNotices returns the Notices repository on db.
func NewNotices(db *DB) Notices { return Notices{db} }

// Jobs is the repository of the jobs table (jobs).
type Jobs struct{ *DB }

// NewJobs returns the Jobs repository on db.
func NewJobs(db *DB) Jobs { return Jobs{db} }

// Ops is the repository of the running app's own records: app events, client errors, the e-mail
// outbox, rate-limit buckets and catalogue counts (monitor, notify, ratelimit, platform).
type Ops struct{ *DB }

// NewOps returns the Ops repository on db.
func NewOps(db *DB) Ops { return Ops{db} }

// Support is the repository of support tickets, their replies and help analytics (support).
type Support struct{ *DB }

// NewSupport returns the Support repository on db.
func NewSupport(db *DB) Support { return Support{db} }

// Admin is the repository of the back office (issue 31): the append-only audit log, the
// dashboard's figures, global search and the users list and detail. Its reads span the tables
// of several areas on purpose: an operator's screen is a join nobody else needs; writes to
// other areas' tables go through their repositories (admin.go, audit_log.go).
type Admin struct{ *DB }

// NewAdmin returns the Admin repository on db.
func NewAdmin(db *DB) Admin { return Admin{db} }

// Concierge is the repository of the concierge's threads, messages and feedback, and the
// evidence it reads (reviews, buyers) (concierge, issue 29).
type Concierge struct{ *DB }

// NewConcierge returns the Concierge repository on db.
func NewConcierge(db *DB) Concierge { return Concierge{db} }

// Accounting is the repository of the money record and its reconciliations (issue 31 item 7);
// its reads join the money tables of several areas on purpose (reconciliation is that join).
// The entries themselves are written by each money fact's own store method (accounting.go).
type Accounting struct{ *DB }

// NewAccounting returns the Accounting repository on db.
func NewAccounting(db *DB) Accounting { return Accounting{db} }

// CatalogWrites is the repository of the one catalogue write path (catalogwrite): a vendor's
// services written whole in a transaction with their change record (catalog_changes).
type CatalogWrites struct{ *DB }

// NewCatalogWrites returns the CatalogWrites repository on db.
func NewCatalogWrites(db *DB) CatalogWrites { return CatalogWrites{db} }

// VendorApps is the repository of vendor applications (vendorreg) and the catalogue's change
// record (catalog_changes, shared with CatalogWrites).
type VendorApps struct{ *DB }

// NewVendorApps returns the VendorApps repository on db.
func NewVendorApps(db *DB) VendorApps { return VendorApps{db} }

// VendorProfiles is the repository of a vendor's own profile, representatives and evaluation
// questions (vendorprofile). Each write records its catalog_changes row in the same
// transaction. Writes to one vendor's representatives or questions take the vendor's lock
// (lockDedupeKey), so counts, the primary mark and renumbering never interleave.
type VendorProfiles struct{ *DB }

// NewVendorProfiles returns the VendorProfiles repository on db.
func NewVendorProfiles(db *DB) VendorProfiles { return VendorProfiles{db} }

// Media is the repository of uploaded files (media_files); it serves media.Store.
type Media struct{ *DB }

// NewMedia returns the Media repository on db.
func NewMedia(db *DB) Media { return Media{db} }

// Refunds is the repository of partial refunds (order_partial_refunds, migration 0067; issue 31
// item 7): checkout.RefundStore.
type Refunds struct{ *DB }

// NewRefunds returns the Refunds repository on db.
func NewRefunds(db *DB) Refunds { return Refunds{db} }

// PartnerPayments is the repository of partner payment links (partnerpay.Store) and checkout's
// side of their payment pages (checkout.PartnerPages): the outcome of a page applied in the
// event's transaction, with its money entry.
type PartnerPayments struct{ *DB }

// NewPartnerPayments returns the PartnerPayments repository on db.
func NewPartnerPayments(db *DB) PartnerPayments { return PartnerPayments{db} }

// Academy is the repository of courses, lessons, enrolments, progress, quiz attempts and
// certificates (academy); it serves academy.Store.
type Academy struct{ *DB }

// NewAcademy returns the Academy repository on db.
func NewAcademy(db *DB) Academy { return Academy{db} }

// Assessments is the repository of DISC results and agent questionnaires (assessments); it
// serves assessments.Store.
type Assessments struct{ *DB }

// NewAssessments returns the Assessments repository on db.
func NewAssessments(db *DB) Assessments { return Assessments{db} }

// Creators is the repository of the creator programme (issue 30 item 7, F-AREA-02); it serves
// creators.Store. Migration 0055.
type Creators struct{ *DB }

// NewCreators returns the Creators repository on db.
func NewCreators(db *DB) Creators { return Creators{db} }

// Affiliates is the repository of the affiliate programme (issue 32 item 3, issue 31 item 8);
// it serves affiliates.Store.
type Affiliates struct{ *DB }

// NewAffiliates returns the Affiliates repository on db.
func NewAffiliates(db *DB) Affiliates { return Affiliates{db} }

// Lenders is the repository of the lender marketplace (issue 32 item 2): lender profiles and
// their loan types beside the vendor rows; it serves lender.Store.
type Lenders struct{ *DB }

// NewLenders returns the Lenders repository on db.
func NewLenders(db *DB) Lenders { return Lenders{db} }

// Experiments is experiments.Store.
type Experiments struct{ *DB }

// NewExperiments returns the experiments' store.
func NewExperiments(db *DB) Experiments { return Experiments{db} }

// Ministry is the repository of prayer requests (ministry); it serves ministry.Store.
type Ministry struct{ *DB }

// NewMinistry returns the Ministry repository on db.
func NewMinistry(db *DB) Ministry { return Ministry{db} }

// Operations is the repository of the back office's operations screens (issue 31 items 10 and
// 11): security events, client error groups and the jobs queue's counts and retry.
type Operations struct{ *DB }

// VendorAnalytics is the repository of a vendor's numbers (vendoranalytics).
type VendorAnalytics struct{ *DB }
