package httpapi

import (
	"context"
	"time"

	backoffice "circle/internal/admin"
	"circle/internal/appconfig"
	"circle/internal/audit"
	"circle/internal/catalogwrite"
	"circle/internal/marketplace"
)

// AdminCatalogArea is the back office's catalogue and configuration (issue 31 items 4 and 6,
// F-AREA-03, the admin part of F-CAT-06): the services list, any service edited through the one
// catalogue write path (audited in its transaction), the Top Deals preview, and the
// configuration keys with their latest audited change. The marketplace's rerank and cache
// tools are the marketplace area's routes (the screen calls them).
type AdminCatalogArea struct {
	Services  *backoffice.Services
	Writes    *catalogwrite.Service
	Snapshots *marketplace.Snapshots
	Config    appconfig.Store
	Audit     *audit.Service
}

const (
	sumAdminServices    = "Every service, paged and sorted on the server, filtered by status, flag, category or vendor and searched by title or vendor"
	sumAdminService     = "One service as the back office edits it, with its vendor's RESPA kind and split cap"
	sumAdminSaveService = "Edit any field of a service (prices, co-pay, placement flags, sort order) through the catalogue write path; audited with before and after"
	sumAdminTopDeals    = "The Top Deals the marketplace's current snapshot shows, and whether the switch and flag show them"
	sumAdminConfigView  = "Every configuration key and feature flag with its value, description and latest audited change"
)

// Register declares the area's routes.
func (h *AdminCatalogArea) Register(r *Router) {
	get(r, "/api/admin/services", "admin-list-services", sumAdminServices, "admin", admin, h.list)
	get(r, "/api/admin/services/{id}", "admin-get-service", sumAdminService, "admin", admin, h.get)
	put(r, "/api/admin/services/{id}", "admin-save-service", sumAdminSaveService, "admin", admin, h.save, maxKB(32))
	get(r, "/api/admin/top-deals", "admin-top-deals", sumAdminTopDeals, "admin", admin, h.topDeals)
	get(r, "/api/admin/config", "admin-config", sumAdminConfigView, "admin", admin, h.config)
}

type adminServicesInput struct {
	Q        string `query:"q" maxLength:"100" doc:"Title or vendor name contains"`
	Status   string `query:"status" enum:"active,inactive"`
	Flag     string `query:"flag" enum:"featured,sponsored,top_pick,copay"`
	Category string `query:"category" maxLength:"100" doc:"A category tag (cat:...)"`
	Vendor   string `query:"vendor" maxLength:"64" doc:"A vendor id"`
	Sort     string `query:"sort" enum:"updated_at,created_at,title,retail_price,sort_order" default:"updated_at"`
	Dir      string `query:"dir" enum:"asc,desc" default:"desc"`
	PageQuery
}

type adminServicesOutput struct{ Body backoffice.ServicePage }

func (h *AdminCatalogArea) list(ctx context.Context, in *adminServicesInput) (*adminServicesOutput, error) {
	page, err := h.Services.List(ctx, backoffice.ServiceFilter{Q: in.Q, Status: in.Status, Flag: in.Flag, Category: in.Category,
		VendorID: in.Vendor, Sort: in.Sort, Desc: in.Dir == "desc", Page: in.Page, PageSize: in.PageSize})
	if err != nil {
		return nil, err
	}
	return &adminServicesOutput{Body: page}, nil
}

type adminServiceOutput = bodyOutput[catalogwrite.AdminView]

func (h *AdminCatalogArea) get(ctx context.Context, in *idPath) (*adminServiceOutput, error) {
	return answer(h.Writes.AdminGet(ctx, in.ID))
}

type adminSaveServiceInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body catalogwrite.AdminInput
}

func (h *AdminCatalogArea) save(ctx context.Context, in *adminSaveServiceInput) (*adminServiceOutput, error) {
	return answer(h.Writes.AdminUpdate(ctx, actorOf(ctx), in.ID, in.Body))
}

// TopDealsPreview is what the marketplace's Top Deals row shows now.
type TopDealsPreview struct {
	SwitchOn    bool               `json:"switch_on" doc:"app_config top_deals_enabled"`
	FlagOn      bool               `json:"flag_on" doc:"The topDeals feature flag's server default (a browser may override it)"`
	Shown       bool               `json:"shown" doc:"Both are on and there is at least one deal"`
	GeneratedAt time.Time          `json:"generated_at" doc:"When the snapshot the deals come from was built"`
	Deals       []marketplace.Card `json:"deals" doc:"The deals in order (at most 12)"`
}

type topDealsOutput struct{ Body TopDealsPreview }

func (h *AdminCatalogArea) topDeals(ctx context.Context, _ *struct{}) (*topDealsOutput, error) {
	cfg, err := h.Config.GetConfig(ctx)
	if err != nil {
		return nil, err
	}
	b, err := h.Snapshots.Get(ctx)
	if err != nil {
		return nil, err
	}
	deals := b.Snapshot.TopDeals
	if deals == nil {
		deals = []marketplace.Card{}
	}
	return &topDealsOutput{Body: TopDealsPreview{SwitchOn: cfg.TopDealsEnabled, FlagOn: cfg.FlagTopDeals,
		Shown: cfg.TopDealsEnabled && cfg.FlagTopDeals && len(deals) > 0, GeneratedAt: b.Snapshot.GeneratedAt, Deals: deals}}, nil
}

// ConfigView is the configuration screen's data.
type ConfigView struct {
	Entries      []appconfig.ConfigEntry `json:"entries"`
	BuildVersion string                  `json:"build_version" doc:"The web app's built-in version min_build_version is compared with"`
	UpdatedAt    time.Time               `json:"updated_at"`
}

type configViewOutput struct{ Body ConfigView }

// configHistory is how many configuration changes are searched for each key's latest change.
const configHistory = 200

func (h *AdminCatalogArea) config(ctx context.Context, _ *struct{}) (*configViewOutput, error) {
	cfg, err := h.Config.GetConfig(ctx)
	if err != nil {
		return nil, err
	}
	page, err := h.Audit.Search(ctx, audit.Filter{ObjectKind: audit.KindAppConfig, Action: audit.ActionConfigChange, Page: 1, PageSize: configHistory})
	if err != nil {
		return nil, err
	}
	return &configViewOutput{Body: ConfigView{Entries: appconfig.View(cfg, page.Entries), BuildVersion: appconfig.BuildVersion, UpdatedAt: cfg.UpdatedAt}}, nil
}
