package app

import (
	"circle/internal/academy"
	"circle/internal/accounting"
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"

	"circle/internal/account"
	"circle/internal/admin"
	"circle/internal/affiliates"
	"circle/internal/appconfig"
	"circle/internal/assessments"
	"circle/internal/audit"
	"circle/internal/auth"
	"circle/internal/billing"
	"circle/internal/botcheck"
	"circle/internal/cart"
	"circle/internal/catalogwrite"
	"circle/internal/checkout"
	"circle/internal/concierge"
	"circle/internal/consultations"
	"circle/internal/copay"
	"circle/internal/creators"
	"circle/internal/demo"
	"circle/internal/detail"
	"circle/internal/experiments"
	"circle/internal/httpapi"
	"circle/internal/ids"
	"circle/internal/integrations"
	"circle/internal/jobs"
	"circle/internal/lender"
	"circle/internal/location"
	"circle/internal/marketplace"
	"circle/internal/media"
	"circle/internal/ministry"
	"circle/internal/monitor"
	"circle/internal/notices"
	"circle/internal/notify"
	"circle/internal/ops"
	"circle/internal/partnerpay"
	"circle/internal/payments"
	"circle/internal/platform"
	"circle/internal/points"
	"circle/internal/pointspay"
	"circle/internal/prepcourse"
	"circle/internal/ratelimit"
	"circle/internal/roles"
	"circle/internal/saved"
	"circle/internal/store"
	"circle/internal/support"
	"circle/internal/vendoranalytics"
	"circle/internal/vendorinvite"
	"circle/internal/vendorprofile"
	"circle/internal/vendorreg"
	"circle/internal/webui"
)

// newMailer picks SMTP, delivered by a background job, when a host is configured, else the
// built-in outbox (a row written during the request: no outside call).
func newMailer(c Config, db *store.DB, runner *jobs.Runner, now func() time.Time) notify.Mailer {
	if c.SMTPHost == "" {
		return notify.OutboxMailer{Outbox: store.NewOps(db)}
	}
	return queueSMTP(runner, notify.SMTPMailer{Outbox: store.NewOps(db), Now: now, Config: notify.SMTPConfig{
		Host: c.SMTPHost, Port: c.SMTPPort, Username: c.SMTPUsername, Password: c.SMTPPassword, From: c.SMTPFrom, TLS: c.SMTPTLS,
	}})
}

// newBotChecker picks Turnstile when configured, else the built-in proof of work signed with a
// key every replica shares through the database.
func newBotChecker(ctx context.Context, c Config, db *store.DB, now func() time.Time) (botcheck.Checker, error) {
	if c.TurnstileSiteKey != "" && c.TurnstileSecret != "" {
		return &botcheck.Turnstile{SiteKeyValue: c.TurnstileSiteKey, Secret: c.TurnstileSecret, VerifyURL: c.TurnstileVerifyURL, Hostname: c.TurnstileHostname,
			Client: &http.Client{Timeout: 10 * time.Second}}, nil
	}
	key, err := db.Secret(ctx, "botcheck_hmac_key", func() string { return ids.Token(32) })
	if err != nil {
		return nil, err
	}
	return &botcheck.PoW{Key: []byte(key), Difficulty: c.BotCheckDifficulty, TTL: 10 * time.Minute, Used: store.NewAccounts(db), Now: now}, nil
}

func staffList(s string) map[string]bool {
	out := map[string]bool{}
	for _, e := range strings.Split(s, ",") {
		if e = strings.ToLower(strings.TrimSpace(e)); e != "" {
			out[e] = true
		}
	}
	return out
}

// ServerOptions replace parts of the wiring in tests.
type ServerOptions struct {
	// Now replaces the wall clock of every component (the store has its own option,
	// store.WithClock): tests move time instead of waiting.
	Now func() time.Time
	// Web replaces the embedded web app when set.
	Web      fs.FS
	WebBuilt bool
	// WarmUpGate, when set, holds the start-up build of the search index and the snapshot
	// until it is closed (readiness tests).
	WarmUpGate <-chan struct{}
	// Marketplace, when set, is given the marketplace services (tests count index builds).
	Marketplace func(*marketplace.Service, *marketplace.Snapshots)
}

// NewServer wires the HTTP server and its services, and the background jobs runner the
// caller runs beside it (Run until shutdown).
func NewServer(ctx context.Context, c Config, db *store.DB, logger *slog.Logger, opts ...ServerOptions) (*httpapi.Server, *jobs.Runner, error) {
	// One clock for every component: tests pass a fake one (with store.WithClock for the store).
	now := time.Now
	if len(opts) > 0 && opts[0].Now != nil {
		now = opts[0].Now
	}
	bot, err := newBotChecker(ctx, c, db, now)
	if err != nil {
		return nil, nil, fmt.Errorf("bot check: %w", err)
	}
	runner := jobs.NewRunner(store.NewJobs(db), now, logger, jobs.Config{Workers: c.JobWorkers})
	mailer := newMailer(c, db, runner, now)
	authSvc, err := auth.NewService(store.NewAccounts(db), mailer, bot, now, auth.Config{BaseURL: c.BaseURL, StaffEmails: staffList(c.StaffEmails)})
	if err != nil {
		return nil, nil, err
	}
	var google httpapi.GoogleSignIn
	if c.GoogleClientID != "" && c.GoogleClientSecret != "" {
		g, err := auth.NewOIDCGoogle(ctx, c.GoogleIssuer, c.GoogleClientID, c.GoogleClientSecret, c.BaseURL+"/api/auth/google/callback")
		if err != nil {
			return nil, nil, fmt.Errorf("google sign-in: %w", err)
		}
		google = g
	}
	web, built := webui.FS()
	if c.WebDir != "" {
		dir := os.DirFS(c.WebDir)
		_, statErr := fs.Stat(dir, "index.html")
		web, built = dir, statErr == nil
	}
	if len(opts) > 0 && opts[0].Web != nil {
		web, built = opts[0].Web, opts[0].WebBuilt
	}
	if !built {
		logger.Warn("this binary has no web app built in; run make build")
	}
	logger.Info("services", "mail", mailKind(c), "bot_check", bot.Kind(), "google_sign_in", google != nil,
		"staff_emails", len(staffList(c.StaffEmails)), "auth_rate_limit_per_min", c.AuthRateLimit)
	market := &marketplace.Service{Store: store.NewMarketplaceStore(db), Now: now, Logger: logger}
	snapshots := &marketplace.Snapshots{Service: market, Store: store.NewCatalog(db), Logger: logger}
	// Several replicas: caches dropped on every replica at once, rate limits shared (replicas.go).
	var warmGate <-chan struct{}
	if len(opts) > 0 {
		warmGate = opts[0].WarmUpGate
		if opts[0].Marketplace != nil {
			opts[0].Marketplace(market, snapshots)
		}
	}
	if err := shareCaches(ctx, db, runner, market, snapshots, warmGate, logger); err != nil {
		return nil, nil, err
	}
	rateBuckets, err := newRateBuckets(ctx, c, db, runner, now)
	if err != nil {
		return nil, nil, err
	}
	authLimiter := newAuthLimiter(c, rateBuckets, now)
	market.ViewLimiter = marketplace.NewViewLimiter(rateBuckets, now)
	pay, err := newPayments(ctx, c, db, now)
	if err != nil {
		return nil, nil, fmt.Errorf("payments: %w", err)
	}
	logger.Info("payments", "provider", pay.Name())
	unguarded := pay
	// Every call to the provider fails inside a database transaction (ADR 0007).
	pay = payments.Guard(pay, store.InsideTx)
	// Creators' payout accounts (issue 30 item 7): the same provider's payout side.
	payouts, _ := unguarded.(payments.Payouts)
	if payouts != nil {
		payouts = payments.GuardPayouts(payouts, store.InsideTx)
	}
	billingSvc := &billing.Service{Store: store.NewBillingStore(db), Payments: pay, Now: now, Logger: logger, Jobs: runner, BaseURL: c.BaseURL}
	checkoutSvc := &checkout.Service{Store: store.NewCheckoutStore(db), Payments: pay, Memberships: billingSvc, Jobs: runner, Now: now, Logger: logger, BaseURL: c.BaseURL}
	// The affiliate programme (issue 32 item 3): paid orders and membership invoices convert in
	// their payment's transaction.
	affSalt, err := db.Secret(ctx, "affiliate_ip_salt", func() string { return ids.Token(32) })
	if err != nil {
		return nil, nil, err
	}
	affiliatesSvc := &affiliates.Service{Store: store.NewAffiliates(db), Now: now, Logger: logger, Salt: affSalt}
	checkoutSvc.Conversions, billingSvc.Conversions = affiliatesSvc, affiliatesSvc
	affiliateLimiter := ratelimit.New(rateBuckets, "affiliate_click", affiliates.ClicksPerMinute, affiliates.ClickBurst, now)
	// Points lines of checkout spend, settle and give back points (issue 15).
	pointsLedger := &pointspay.Ledger{Store: store.NewPointsPay(db), Jobs: runner, Payments: pay, Now: now, Logger: logger}
	checkoutSvc.Points = pointsLedger
	checkoutSvc.Partners = store.NewPartnerPayments(db)
	// A vendor's card on file for its point charges (issue 30 item 2): set up on the provider's
	// hosted page, whose completion comes through checkout's event path.
	vendorCards := &pointspay.Cards{Store: store.NewVendorCardStore(db), Payments: pay, Jobs: runner, Now: now, Logger: logger, BaseURL: c.BaseURL}
	checkoutSvc.VendorCards = vendorCards
	// The Pro Savings Guarantee's yearly credit (issue 15); Coverage: the co-pay area's shares.
	// Accounting (issue 31 item 7): the money record, its reconciliation and staff refunds.
	refundsSvc := &checkout.Refunds{Checkout: checkoutSvc, Store: store.NewRefunds(db)}
	accountingSvc := newAccounting(db, refundsSvc, unguarded, now)
	guarantee := &pointspay.Guarantee{Store: store.NewPointsPay(db), Coverage: store.NewPointsPay(db), Now: now, Logger: logger, NewID: ids.New}
	cartSvc := &cart.Service{Store: store.NewCartStore(db), Now: now}
	pointsSvc := &points.Service{Store: store.NewPoints(db), Now: now, Logger: logger}
	detailSvc := &detail.Service{Store: store.NewDetailStore(db), Market: market, Now: now, Logger: logger, BaseURL: c.BaseURL}
	engagement, err := newEngagement(c, db, runner, now, logger, mailer)
	if err != nil {
		return nil, nil, err
	}
	copayAgentSvc := &copay.AgentService{Store: store.NewCoPayAgentStore(db), Now: now, Logger: logger}
	copayVendorSvc := &copay.VendorService{Store: store.NewCoPayVendorStore(db), Mailer: mailer, Now: now, Logger: logger, BaseURL: c.BaseURL}
	consultSvc := newConsultations(c, db, runner, mailer, detailSvc, now, logger)
	mediaSvc, err := newMedia(c, db, now, logger)
	if err != nil {
		return nil, nil, err
	}
	tls := strings.HasPrefix(c.BaseURL, "https://")
	profiles := &account.ProfileService{Store: store.NewProfileStore(db)}
	platformSvc := &platform.Service{Store: store.NewOps(db), Database: string(db.Kind()), Version: Version, StartedAt: now(), Now: now, Logger: logger, Warmed: snapshots.Warmed}
	srv, err := httpapi.New(httpapi.Deps{
		Logger: logger, Now: now,
		Web: web, WebBuilt: built, DemoFiles: demo.Files(), TLS: tls, TrustProxy: c.TrustProxy, MetricsToken: c.MetricsToken,
		Auth: authSvc, Owners: httpapi.Owners{Details: detailSvc, Orders: checkoutSvc},
		Platform: platformSvc,
	}, apiAreas(areaServices{
		logger: logger, now: now, tls: tls, platform: platformSvc,
		auth: authSvc, profiles: profiles, authLimiter: authLimiter, google: google,
		market: market, snapshots: snapshots, payments: pay, jobs: runner,
		cart: cartSvc, checkout: checkoutSvc, nextSteps: &checkout.NextSteps{Store: checkoutSvc.Store}, billing: billingSvc, detail: detailSvc, points: pointsSvc,
		prepCourse: engagement.prep, vendorInvites: engagement.invites, location: engagement.location,
		// Co-pay, the vendor's side, and in-app notifications (issue 15).
		copayVendor: copayVendorSvc, notices: &notices.Service{Store: store.NewNotices(db), Now: now},
		saved: &saved.Service{Store: store.NewSavedStore(db), Activity: detailSvc}, monitor: &monitor.Service{Store: store.NewMonitorStore(db)},
		copay: copayAgentSvc,
		// process_automatic_copay asks the partner for the rest of its share with a co-pay
		// request (partial_coverage and vendor_only, 02§4).
		vendorCards:   vendorCards,
		pointsPay:     httpapi.PointsPay{CoPay: &pointspay.CoPay{Store: store.NewAutoCoPayStore(db), Ledger: pointsLedger, Requester: copayAgentSvc, Now: now, Logger: logger}, Guarantee: guarantee},
		consultations: consultSvc,
		// Support tickets, disputes and help analytics (issues 29 and 32).
		// The support desk (issue 31 item 9).
		desk: &support.Desk{Store: store.NewSupport(db), Mailer: mailer, Now: now, BaseURL: c.BaseURL},
		// The remote FAQ behind app_config faq_remote_enabled (issue 29 item 6).
		faq: &support.FAQ{Store: store.NewSupport(db), Now: now, Enabled: func(ctx context.Context) (bool, error) {
			cfg, err := db.GetConfig(ctx)
			return cfg.FAQRemoteEnabled, err
		}},
		support: &support.Service{Store: store.NewSupport(db), Mailer: mailer, Now: now, SupportEmail: c.SupportEmail, BaseURL: c.BaseURL,
			Limiter: ratelimit.New(rateBuckets, "support", support.TicketsPerMinute, support.TicketBurst, now),
			Help:    ratelimit.New(rateBuckets, "help", support.HelpEventsPerMinute, support.HelpEventsPerMinute, now)},
		roles: &roles.Service{Store: store.NewRolesStore(db), NewID: ids.New},
		// The back office (issue 31): users, dashboard, search, audit log, configuration.
		admin:         &admin.Service{Store: store.NewAdminStore(db), Jobs: runner, Now: now},
		audit:         &audit.Service{Store: store.NewAdmin(db)},
		adminVendors:  &admin.Vendors{Store: store.NewAdminStore(db), Market: market, Now: now},
		adminReviews:  &admin.Reviews{Store: store.NewAdminStore(db), Market: market, Now: now},
		appConfig:     &appconfig.Service{Store: store.NewConfigStore(db), Now: now},
		ops:           &ops.Service{Store: store.NewOpsStore(db), Now: now, Checks: selfTests(c, db, snapshots, pay, now)},
		experiments:   &experiments.Service{Store: store.NewExperiments(db), Now: now, NewID: ids.New},
		adminServices: &admin.Services{Store: store.NewAdmin(db)},
		configRead:    db,
		// Vendor self-service (issue 30): registration and the one catalogue write path.
		vendorReg:     newVendorReg(c, db, mailer, engagement.invites, market, now, logger),
		catalogWrites: &catalogwrite.Service{Store: store.NewCatalogWriteStore(db), Announce: market, Now: now},
		concierge:     newConcierge(c, db, rateBuckets, now, logger),
		assessments:   &assessments.Service{Store: store.NewAssessments(db), Now: now, NewID: ids.New},
		// Partner payment links (issue 32 item 4): their pages' outcomes go through checkout.
		partnerPayments: &partnerpay.Service{Store: store.NewPartnerPayments(db), Payments: pay, Now: now, NewID: ids.New, BaseURL: c.BaseURL},
		ministry:        &ministry.Service{Store: store.NewMinistry(db), Now: now, NewID: ids.New},
		affiliates:      affiliatesSvc, affiliateLimiter: affiliateLimiter,
		academy: &academy.Service{Store: store.NewAcademy(db), Media: store.NewMedia(db), Now: now, NewID: ids.New},
		// The creator programme (issue 30 item 7): earnings are the affiliate account's.
		creators:   &creators.Service{Store: store.NewCreators(db), Referrals: affiliatesSvc, Payouts: payouts, Now: now, NewID: ids.New, BaseURL: c.BaseURL},
		accounting: accountingSvc,
		refunds:    refundsSvc,
		// The vendor's profile, representatives and questions (issue 30 item 2).
		vendorProfiles:  &vendorprofile.Service{Store: store.NewVendorProfileStore(db), Announce: market, Now: now, NewID: ids.New},
		vendorAnalytics: &vendoranalytics.Service{Store: store.NewVendorAnalyticsStore(db), Now: now},
		// The lender marketplace and the integrations page (issue 32 items 2 and 8).
		lenders: &lender.Service{Store: store.NewLenders(db), CoPay: copayAgentSvc}, integrations: integrationSettings(c),
		// The media uploader (issue 30 item 3).
		media:   mediaSvc,
		baseURL: c.BaseURL, demoFiles: demo.Files(),
	})...)
	if err != nil {
		return nil, nil, err
	}
	registerJobs(runner, checkoutSvc, billingSvc, pointsSvc, authSvc, snapshots, logger)
	// Issue 16 (consult-more): the course's reminder scan and e-mail.
	prepcourse.RegisterJobs(runner, engagement.prep)
	// Unanswered co-pay requests expire after 3 days (issue 15).
	copay.RegisterJobs(runner, copayVendorSvc)
	// Paying with points (issue 15): vendors' point charges and the Pro Savings Guarantee.
	pointspay.RegisterJobs(runner, pointsLedger)
	pointspay.RegisterGuarantee(runner, guarantee)
	pointspay.RegisterCardJobs(runner, vendorCards)
	// Consultation bookings' integration steps (issue 16).
	consultSvc.RegisterJobs(runner)
	accounting.RegisterJobs(runner, accountingSvc)
	// Threshold alerts on client errors and security events, to the support address (issue 31 item 10).
	ops.RegisterAlerts(runner, &ops.Alerts{Store: store.NewOpsStore(db), Mailer: mailer, Now: now, To: c.SupportEmail, BaseURL: c.BaseURL})
	return srv, runner, nil
}

// newAccounting builds the accounting service; its refunds go through checkout (the payment
// interface, the points and co-pay reversals, the money record and the audit entry in one
// transaction). With Stripe configured, each reconciliation also compares the last days'
// payments with Stripe's own records.
func newAccounting(db *store.DB, refunds *checkout.Refunds, pay payments.Provider, now func() time.Time) *accounting.Service {
	refund := func(ctx context.Context, actor audit.Actor, orderID, reason string) (accounting.RefundOutcome, error) {
		r, err := refunds.RefundOrder(ctx, actor, orderID, reason)
		if err != nil {
			return accounting.RefundOutcome{}, err
		}
		return accounting.RefundOutcome{OrderID: r.Order.ID, Status: string(r.Order.Status), AmountCents: r.AmountCents,
			Currency: r.Order.Currency, PointsBack: r.PointsBack, Replayed: r.Replayed}, nil
	}
	svc := &accounting.Service{Store: store.NewAccounting(db), Now: now, NewID: ids.New, Refund: refund}
	if stripe, ok := pay.(*payments.Stripe); ok {
		read := func(ctx context.Context, id string) (accounting.ProviderPayment, error) {
			if store.InsideTx(ctx) { // as payments.Guard does for every other call (ADR 0007)
				return accounting.ProviderPayment{}, payments.ErrInsideTransaction
			}
			p, err := stripe.Payment(ctx, id)
			return accounting.ProviderPayment{Found: p.Found, Currency: p.Currency, ReceivedCents: p.ReceivedCents, RefundedCents: p.RefundedCents}, err
		}
		svc.Provider = accounting.ProviderPayments(payments.NameStripe, read, now)
	}
	return svc
}

// areaServices are the services the API's areas call, and the few shared things they need.
type areaServices struct {
	logger *slog.Logger
	now    func() time.Time
	tls    bool

	platform        *platform.Service
	auth            *auth.Service
	profiles        *account.ProfileService
	authLimiter     *ratelimit.Limiter
	google          httpapi.GoogleSignIn
	market          *marketplace.Service
	snapshots       *marketplace.Snapshots
	payments        payments.Provider
	jobs            *jobs.Runner
	cart            *cart.Service
	checkout        *checkout.Service
	nextSteps       *checkout.NextSteps
	billing         *billing.Service
	detail          *detail.Service
	points          *points.Service
	pointsPay       httpapi.PointsPay
	vendorCards     *pointspay.Cards
	prepCourse      *prepcourse.Service
	vendorInvites   *vendorinvite.Service
	location        *location.Service
	copay           *copay.AgentService
	copayVendor     *copay.VendorService
	notices         *notices.Service
	saved           *saved.Service
	monitor         *monitor.Service
	consultations   *consultations.Service
	roles           *roles.Service
	support         *support.Service
	desk            *support.Desk
	faq             *support.FAQ
	admin           *admin.Service
	audit           *audit.Service
	adminVendors    *admin.Vendors
	adminReviews    *admin.Reviews
	ops             *ops.Service
	appConfig       *appconfig.Service
	vendorReg       *vendorreg.Service
	media           *media.Service
	catalogWrites   *catalogwrite.Service
	concierge       *concierge.Service
	assessments     *assessments.Service
	partnerPayments *partnerpay.Service
	ministry        *ministry.Service
	affiliates      *affiliates.Service
	creators        *creators.Service
	accounting      *accounting.Service
	refunds         *checkout.Refunds
	experiments     *experiments.Service
	adminServices   *admin.Services
	configRead      appconfig.Store
	academy         *academy.Service
	// vendorProfiles: the Profile, Representatives and Questions tabs.
	vendorProfiles  *vendorprofile.Service
	vendorAnalytics *vendoranalytics.Service
	// affiliateLimiter limits click recording per address.
	affiliateLimiter *ratelimit.Limiter
	lenders          *lender.Service
	integrations     integrations.Settings
	// The service pages and share pictures (issue 33): absolute links, the demo pictures.
	baseURL   string
	demoFiles fs.FS
}

// apiAreas builds the API's areas from their services, one line each: a new area is a file in
// internal/httpapi and a line here. The API document is generated from apiAreas(areaServices{})
// (OpenAPIJSON): registering an area calls none of its handlers.
func apiAreas(s areaServices) []httpapi.Area {
	return []httpapi.Area{
		&httpapi.PlatformArea{Platform: s.platform},
		&httpapi.MonitorArea{Monitor: s.monitor, Limiter: s.authLimiter, Jobs: s.jobs},
		&httpapi.AuthArea{Auth: s.auth, Profiles: s.profiles, Limiter: s.authLimiter, Google: s.google, TLS: s.tls},
		&httpapi.ProfileArea{Profiles: s.profiles},
		&httpapi.CurrencyArea{Profiles: s.profiles, Config: s.platform},
		&httpapi.MarketplaceArea{Market: s.market, Snapshots: s.snapshots},
		&httpapi.PointsArea{Points: s.points, PointsPay: s.pointsPay},
		&httpapi.SavedArea{Saved: s.saved},
		&httpapi.DetailArea{Detail: s.detail},
		&httpapi.CartArea{Cart: s.cart},
		&httpapi.CheckoutArea{Checkout: s.checkout, NextSteps: s.nextSteps, Billing: s.billing, Payments: s.payments, Profiles: s.profiles, Logger: s.logger, Now: s.now,
			Affiliates: s.affiliates},
		&httpapi.BillingArea{Billing: s.billing, Now: s.now, Affiliates: s.affiliates, Logger: s.logger},
		&httpapi.EngagementArea{PrepCourse: s.prepCourse, VendorInvites: s.vendorInvites, Location: s.location, Profiles: s.profiles},
		&httpapi.CoPayArea{CoPay: s.copay},
		&httpapi.VendorCoPayArea{CoPayVendor: s.copayVendor},
		&httpapi.NotificationsArea{Notices: s.notices},
		&httpapi.ConsultationsArea{Consultations: s.consultations},
		&httpapi.RolesArea{Roles: s.roles},
		&httpapi.SupportArea{Support: s.support},
		&httpapi.SupportDeskArea{Desk: s.desk, Support: s.support},
		&httpapi.FAQArea{FAQ: s.faq},
		&httpapi.AdminArea{Admin: s.admin, Audit: s.audit, Config: s.appConfig},
		&httpapi.OpsArea{Ops: s.ops, Jobs: s.jobs, Platform: s.platform, Snapshots: s.snapshots, Now: s.now},
		&httpapi.ExperimentsArea{Experiments: s.experiments},
		&httpapi.AdminModerationArea{Vendors: s.adminVendors, Reviews: s.adminReviews},
		&httpapi.AdminCatalogArea{Services: s.adminServices, Writes: s.catalogWrites, Snapshots: s.snapshots, Config: s.configRead, Audit: s.audit},
		&httpapi.VendorRegistrationArea{Registration: s.vendorReg},
		&httpapi.VendorServicesArea{Writes: s.catalogWrites},
		&httpapi.VendorProfileArea{Profiles: s.vendorProfiles, Writes: s.catalogWrites},
		&httpapi.VendorAnalyticsArea{Analytics: s.vendorAnalytics},
		&httpapi.VendorCardArea{Cards: s.vendorCards, Payments: s.payments, Profiles: s.profiles, Logger: s.logger, Now: s.now},
		&httpapi.ConciergeArea{Concierge: s.concierge, TLS: s.tls},
		&httpapi.AssessmentsArea{Assessments: s.assessments},
		&httpapi.PartnerPaymentsArea{PartnerPayments: s.partnerPayments},
		&httpapi.MinistryArea{Ministry: s.ministry},
		&httpapi.AcademyArea{Academy: s.academy},
		&httpapi.AffiliatesArea{Affiliates: s.affiliates, Limiter: s.affiliateLimiter, TLS: s.tls, Logger: s.logger},
		&httpapi.CreatorsArea{Creators: s.creators},
		&httpapi.LenderArea{Lenders: s.lenders, Integrations: s.integrations},
		&httpapi.AccountingArea{Accounting: s.accounting, Refunds: s.refunds},
		&httpapi.MediaArea{Media: s.media},
		&httpapi.SharePagesArea{Detail: s.detail, Market: s.market, Snapshots: s.snapshots, Config: s.platform, BaseURL: s.baseURL,
			DemoFiles: s.demoFiles, Logger: s.logger},
	}
}

// OpenAPIJSON is the API document of every area, as committed in api/.
func OpenAPIJSON() ([]byte, error) { return httpapi.OpenAPIJSON(apiAreas(areaServices{})...) }

// integrationSettings reduces the configuration to whether each outside service's settings are
// set (the integrations page never sees a value).
func integrationSettings(c Config) integrations.Settings {
	set := func(v string) bool { return strings.TrimSpace(v) != "" }
	return integrations.Settings{
		GHLAPIKey: set(c.GHLAPIKey), GHLLocationID: set(c.GHLLocationID),
		StripeSecretKey: set(c.StripeSecretKey), StripeWebhookSecret: set(c.StripeWebhookSecret),
		SMTPHost:       set(c.SMTPHost),
		GoogleClientID: set(c.GoogleClientID), GoogleClientSecret: set(c.GoogleClientSecret),
		GeocoderURL: set(c.GeocoderURL), LLMURL: set(c.LLMURL),
		TurnstileSiteKey: set(c.TurnstileSiteKey), TurnstileSecret: set(c.TurnstileSecret),
	}
}

// newConsultations wires the consultations service: HighLevel when its key and location are
// configured, else the built-in CRM that records contacts in the database.
func newConsultations(c Config, db *store.DB, runner *jobs.Runner, mailer notify.Mailer, tracker consultations.Tracker, now func() time.Time, logger *slog.Logger) *consultations.Service {
	var crm consultations.CRM = &consultations.LocalCRM{Store: store.NewConsultations(db), IDs: ids.New}
	if c.GHLAPIKey != "" && c.GHLLocationID != "" {
		crm = &consultations.GHL{APIKey: c.GHLAPIKey, LocationID: c.GHLLocationID, BaseURL: c.GHLBaseURL, Client: &http.Client{Timeout: 15 * time.Second}}
	}
	logger.Info("consultations", "crm", crm.Name())
	return &consultations.Service{Store: store.NewConsultationsStore(db), Jobs: runner, Mailer: mailer, CRM: crm, Tracker: tracker, Now: now,
		BaseURL: c.BaseURL, TeamEmail: c.ConsultationTeamEmail}
}

// newConcierge wires the concierge (issue 29): the built-in advisor, with an OpenAI-compatible
// model writing the answers when CIRCLE_LLM_URL is set, limited per user or visitor.
func newConcierge(c Config, db *store.DB, buckets ratelimit.Buckets, now func() time.Time, logger *slog.Logger) *concierge.Service {
	svc := &concierge.Service{Store: store.NewConciergeStore(db), Signals: store.NewConcierge(db), Now: now, NewID: ids.New, Logger: logger,
		Limiter: ratelimit.New(buckets, "concierge", c.ConciergeRateLimit, 10, now)}
	if c.LLMURL != "" {
		svc.Model = &concierge.OpenAI{URL: c.LLMURL, APIKey: c.LLMAPIKey, Model: c.LLMModel, Timeout: c.LLMTimeout}
	}
	logger.Info("concierge", "model", c.LLMURL != "", "rate_limit_per_min", c.ConciergeRateLimit)
	return svc
}

// registerJobs registers the background work of every area with the runner.
func registerJobs(runner *jobs.Runner, checkoutSvc *checkout.Service, billingSvc *billing.Service, pointsSvc *points.Service, authSvc *auth.Service, snapshots *marketplace.Snapshots, logger *slog.Logger) {
	// The built-in payment provider's clock: expired payment pages, renewals, pause and period
	// ends (with Stripe, Stripe keeps the clock). ExpireAndRenew applies each through the webhook
	// path with a fixed event id, so a period run twice applies nothing twice.
	if checkoutSvc.TestMode() {
		runner.Every("payments.builtin_clock", time.Minute, func(ctx context.Context, _ jobs.Job) error {
			return checkoutSvc.ExpireAndRenew(ctx)
		})
	}
	// The reset and verification links asked for by e-mail address (issue 14).
	authSvc.RegisterJobs(runner)
	// Order payment pages (outbox), refunds of late payments, the abandoned-order sweeper.
	checkout.RegisterJobs(runner, checkoutSvc)
	// Duplicate memberships cancelled and refunded at the provider.
	billing.RegisterJobs(runner, billingSvc)
	// Allocations past their end date get their expiry row (issue 15).
	points.RegisterJobs(runner, pointsSvc)
	// Ended sessions and spent sign-in records, once an hour.
	runner.Every("auth.purge_records", time.Hour, func(ctx context.Context, _ jobs.Job) error {
		n, err := authSvc.PurgeEndedRecords(ctx)
		if n > 0 {
			logger.Info("auth records purge", "sessions_deleted", n)
		}
		return err
	})
	// Rebuild the snapshot early whenever the catalogue changes, on this or another replica.
	// Local: every replica keeps its own snapshot in memory, so each checks for itself.
	runner.Local("marketplace.snapshot_watch", 30*time.Second, snapshots.CheckFingerprint)
}

// newPayments picks Stripe when its secret key is configured, else the built-in test-mode
// checkout page, whose webhook secret and portal key are generated once and shared by every
// replica through the database.
func newPayments(ctx context.Context, c Config, db *store.DB, now func() time.Time) (payments.Provider, error) {
	if c.StripeSecretKey != "" {
		if c.StripeWebhookSecret == "" {
			return nil, fmt.Errorf("CIRCLE_STRIPE_WEBHOOK_SECRET is required with CIRCLE_STRIPE_SECRET_KEY (the signing secret of the endpoint %s/api/webhooks/stripe)", c.BaseURL)
		}
		return payments.NewStripe(c.StripeSecretKey, c.StripeWebhookSecret, c.StripeAPIURL), nil
	}
	secret := c.StripeWebhookSecret
	if secret == "" {
		s, err := db.Secret(ctx, "payments_webhook_secret", func() string { return "whsec_" + ids.Token(32) })
		if err != nil {
			return nil, err
		}
		secret = s
	}
	key, err := db.Secret(ctx, "billing_portal_key", func() string { return ids.Token(32) })
	if err != nil {
		return nil, err
	}
	return &payments.BuiltIn{BaseURL: c.BaseURL, Secret: secret, PortalKey: []byte(key), Now: now}, nil
}

func mailKind(c Config) string {
	if c.SMTPHost != "" {
		return "smtp"
	}
	return "outbox"
}
