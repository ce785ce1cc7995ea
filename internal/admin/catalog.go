package admin

import (
	"context"
	"strings"
	"time"

	"circle/internal/apperr"
)

// The back office's services list (issue 31 item 4, F-AREA-03). Edits go through the one
// catalogue write path (catalogwrite.Service.AdminUpdate); this is the list only.

// Sorts and filters of the services list.
var (
	ServiceSorts    = []string{"updated_at", "created_at", "title", "retail_price", "sort_order"}
	ServiceStatuses = []string{"active", "inactive"}
	ServiceFlags    = []string{"featured", "sponsored", "top_pick", "copay"}
)

// Messages of the services list.
const (
	MsgUnknownSSort   = "Sort by updated_at, created_at, title, retail_price or sort_order."
	MsgUnknownSStatus = "Filter by active or inactive."
	MsgUnknownSFlag   = "Filter by featured, sponsored, top_pick or copay."
	MsgCategoryFilter = "A category filter is a tag such as cat:crms."
)

// ServiceListItem is a row of the services list.
type ServiceListItem struct {
	ID            string    `json:"id"`
	Title         string    `json:"title"`
	VendorID      string    `json:"vendor_id"`
	VendorName    string    `json:"vendor_name"`
	Category      string    `json:"category"`
	RetailCents   *int64    `json:"retail_price_cents"`
	ProCents      *int64    `json:"pro_price_cents"`
	CopayAllowed  bool      `json:"copay_allowed"`
	SplitLimit    *int      `json:"split_limit"`
	Active        bool      `json:"active"`
	Featured      bool      `json:"featured"`
	Sponsored     bool      `json:"sponsored"`
	TopPick       bool      `json:"top_pick"`
	SortOrder     int       `json:"sort_order"`
	VendorSuspend bool      `json:"vendor_suspended"`
	CreatedAt     time.Time `json:"created_at"`
	UpdatedAt     time.Time `json:"updated_at"`
}

// ServiceFilter is a services list query.
type ServiceFilter struct {
	Q        string // title or vendor name contains
	Status   string // active, inactive or ""
	Flag     string // featured, sponsored, top_pick, copay or ""
	Category string // a category tag (cat:...) or ""
	VendorID string
	Sort     string
	Desc     bool
	Page     int
	PageSize int
}

func (f *ServiceFilter) validate() error {
	f.Q, f.Category, f.VendorID = strings.TrimSpace(f.Q), strings.TrimSpace(f.Category), strings.TrimSpace(f.VendorID)
	if len(f.Q) > 100 {
		return apperr.Field("q", "admin.query_too_long", MsgQueryTooLong)
	}
	if f.Sort == "" {
		f.Sort, f.Desc = "updated_at", true
	}
	if !contains(ServiceSorts, f.Sort) {
		return apperr.Field("sort", "admin.unknown_sort", MsgUnknownSSort)
	}
	if f.Status != "" && !contains(ServiceStatuses, f.Status) {
		return apperr.Field("status", "admin.unknown_status", MsgUnknownSStatus)
	}
	if f.Flag != "" && !contains(ServiceFlags, f.Flag) {
		return apperr.Field("flag", "admin.unknown_flag", MsgUnknownSFlag)
	}
	if f.Category != "" && (!strings.HasPrefix(f.Category, "cat:") || len(f.Category) > 100) {
		return apperr.Field("category", "admin.category", MsgCategoryFilter)
	}
	return pageDefaults(&f.Page, &f.PageSize)
}

// ServicePage is one page of the services list with the count of every match.
type ServicePage struct {
	Services []ServiceListItem `json:"services"`
	Total    int               `json:"total"`
}

// CatalogStore is what the services list needs (store.Admin).
type CatalogStore interface {
	AdminServices(ctx context.Context, f ServiceFilter) ([]ServiceListItem, int, error)
}

// Services is the back office's services list.
type Services struct {
	Store CatalogStore
}

// List answers one page of the services list.
func (s *Services) List(ctx context.Context, f ServiceFilter) (ServicePage, error) {
	rows, total, err := listPage(f.validate, func() ([]ServiceListItem, int, error) { return s.Store.AdminServices(ctx, f) })
	return ServicePage{Services: rows, Total: total}, err
}
