package store

// The stores of domain services whose Store interface spans several areas: each embeds the
// shared *DB (so InTx, Pool and Now come from one place) and the repositories it reads. They
// declare no methods of their own.

// ProfileStore serves account.ProfileStore: profiles with the points balance.
type ProfileStore struct {
	*DB
	Accounts
	Points
}

// NewProfileStore builds a ProfileStore on db.
func NewProfileStore(db *DB) ProfileStore { return ProfileStore{db, NewAccounts(db), NewPoints(db)} }

// MarketplaceStore serves marketplace.Store.
type MarketplaceStore struct {
	*DB
	Catalog
	Reviews
	Activity
	Carts
}

// NewMarketplaceStore builds a MarketplaceStore on db.
func NewMarketplaceStore(db *DB) MarketplaceStore {
	return MarketplaceStore{db, NewCatalog(db), NewReviews(db), NewActivity(db), NewCarts(db)}
}

// CartStore serves cart.Store: cart lines with their co-pay requests.
type CartStore struct {
	*DB
	Carts
	CoPays
}

// NewCartStore builds a CartStore on db.
func NewCartStore(db *DB) CartStore { return CartStore{db, NewCarts(db), NewCoPays(db)} }

// CheckoutStore serves checkout.Store: orders from the cart (and the co-pay requests of lines
// paid now instead of waiting).
type CheckoutStore struct {
	*DB
	Checkout
	Carts
	CoPays
}

// NewCheckoutStore builds a CheckoutStore on db.
func NewCheckoutStore(db *DB) CheckoutStore {
	return CheckoutStore{db, NewCheckout(db), NewCarts(db), NewCoPays(db)}
}

// BillingStore serves billing.Store: memberships paid through payment sessions.
type BillingStore struct {
	*DB
	Subscriptions
	Checkout
}

// NewBillingStore builds a BillingStore on db.
func NewBillingStore(db *DB) BillingStore {
	return BillingStore{db, NewSubscriptions(db), NewCheckout(db)}
}

// ConsultationsStore serves consultations.Store: bookings with the catalogue they book.
type ConsultationsStore struct {
	*DB
	Consultations
	Catalog
}

// NewConsultationsStore builds a ConsultationsStore on db.
func NewConsultationsStore(db *DB) ConsultationsStore {
	return ConsultationsStore{db, NewConsultations(db), NewCatalog(db)}
}

// AutoCoPayStore serves pointspay.CoPayStore: automatic co-pays over the cart and the wallet.
type AutoCoPayStore struct {
	*DB
	PointsPay
	Carts
	Catalog
	Points
}

// NewAutoCoPayStore builds an AutoCoPayStore on db.
func NewAutoCoPayStore(db *DB) AutoCoPayStore {
	return AutoCoPayStore{db, NewPointsPay(db), NewCarts(db), NewCatalog(db), NewPoints(db)}
}

// CoPayAgentStore serves copay.AgentStore: an agent's co-pay requests over the cart.
type CoPayAgentStore struct {
	*DB
	CoPays
	Carts
	Checkout
	Catalog
	Activity
}

// NewCoPayAgentStore builds a CoPayAgentStore on db.
func NewCoPayAgentStore(db *DB) CoPayAgentStore {
	return CoPayAgentStore{db, NewCoPays(db), NewCarts(db), NewCheckout(db), NewCatalog(db), NewActivity(db)}
}

// CoPayVendorStore serves copay.VendorStore: a vendor's decisions, with notices.
type CoPayVendorStore struct {
	*DB
	CoPays
	Catalog
	Consultations
	Notices
}

// NewCoPayVendorStore builds a CoPayVendorStore on db.
func NewCoPayVendorStore(db *DB) CoPayVendorStore {
	return CoPayVendorStore{db, NewCoPays(db), NewCatalog(db), NewConsultations(db), NewNotices(db)}
}

// MonitorStore serves monitor.Store.
type MonitorStore struct {
	*DB
	Ops
	Accounts
}

// NewMonitorStore builds a MonitorStore on db.
func NewMonitorStore(db *DB) MonitorStore { return MonitorStore{db, NewOps(db), NewAccounts(db)} }

// DetailStore serves detail.Store: a service's page and the agent's state on it.
type DetailStore struct {
	*DB
	Catalog
	Reviews
	Activity
	Saved
	Points
	Accounts
}

// NewDetailStore builds a DetailStore on db.
func NewDetailStore(db *DB) DetailStore {
	return DetailStore{db, NewCatalog(db), NewReviews(db), NewActivity(db), NewSaved(db), NewPoints(db), NewAccounts(db)}
}

// SavedStore serves saved.Store: saved services with the services themselves.
type SavedStore struct {
	*DB
	Saved
	Catalog
}

// NewSavedStore builds a SavedStore on db.
func NewSavedStore(db *DB) SavedStore { return SavedStore{db, NewSaved(db), NewCatalog(db)} }

// RolesStore serves roles.Store: grants with their audit entries in one transaction.
type RolesStore struct {
	*DB
	Accounts
	Admin
}

// NewRolesStore builds a RolesStore on db.
func NewRolesStore(db *DB) RolesStore { return RolesStore{db, NewAccounts(db), NewAdmin(db)} }

// ConfigStore serves appconfig.ChangeStore: the configuration row with its audit entries.
type ConfigStore struct {
	*DB
	Admin
}

// NewConfigStore builds a ConfigStore on db.
func NewConfigStore(db *DB) ConfigStore { return ConfigStore{db, NewAdmin(db)} }

// ConciergeStore serves concierge.Store: the catalogue and ratings the advisor retrieves from,
// and the concierge's own threads and feedback.
type ConciergeStore struct {
	*DB
	Catalog
	Reviews
	Concierge
}

// NewConciergeStore builds a ConciergeStore on db.
func NewConciergeStore(db *DB) ConciergeStore {
	return ConciergeStore{db, NewCatalog(db), NewReviews(db), NewConcierge(db)}
}

// VendorCardStore serves pointspay.CardStore: a vendor's card on file, audited.
type VendorCardStore struct {
	*DB
	PointsPay
	Admin
}

// NewVendorCardStore builds a VendorCardStore on db.
func NewVendorCardStore(db *DB) VendorCardStore {
	return VendorCardStore{db, NewPointsPay(db), NewAdmin(db)}
}
