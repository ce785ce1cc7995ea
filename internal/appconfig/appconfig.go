// Package appconfig owns the one-row application configuration (spec 01§3): maintenance mode,
// the minimum web build version, remote cache bust and the marketplace switches.
package appconfig

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"circle/internal/apperr"
)

// RowID is the fixed, well-known id of the single app_config row.
const RowID = 1

// DefaultMaintenanceMessage is shown when maintenance_mode is on and no message is set (01§4).
const DefaultMaintenanceMessage = "The application is currently under maintenance. Please check back soon."

// BuildVersion is the web app's built-in version that min_build_version is compared with (01§4).
const BuildVersion = "1.0.0"

// Config is the app_config row. Every field is public: the web app reads it at start.
type Config struct {
	ID                         int        `json:"-"`
	AutoHealEnabled            bool       `json:"auto_heal_enabled"`
	MaintenanceMode            bool       `json:"maintenance_mode"`
	MaintenanceMessage         string     `json:"maintenance_message"`
	MinBuildVersion            string     `json:"min_build_version"`
	ForceCacheBustAfter        *time.Time `json:"force_cache_bust_after"`
	MarketplaceEnabled         bool       `json:"marketplace_enabled"`
	SecurityMonitoringGlobal   bool       `json:"security_monitoring_global"`
	TopDealsEnabled            bool       `json:"top_deals_enabled"`
	FacilitatorCheckoutEnabled bool       `json:"facilitator_checkout_enabled"`
	// FAQRemoteEnabled turns on the remote faq_items table in the help widget (03§3, 03§7).
	FAQRemoteEnabled bool `json:"faq_remote_enabled"`
	// USDToCADRateE4 is the admin-set exchange rate times 10,000 (13800 = 1 USD buys 1.38 CAD),
	// used to show approximate C$ prices to Canadian viewers (docs/decisions).
	USDToCADRateE4 int `json:"usd_to_cad_rate_e4"`
	// The feature flags of 02§6 (server-side defaults; a browser's overrides still win there).
	FlagMarketplace         bool      `json:"flag_marketplace"`
	FlagAcademy             bool      `json:"flag_academy"`
	FlagAdminPanel          bool      `json:"flag_admin_panel"`
	FlagSponsoredPlacements bool      `json:"flag_sponsored_placements"`
	FlagSponsoredGrid       bool      `json:"flag_sponsored_grid"`
	FlagTopDeals            bool      `json:"flag_top_deals"`
	FlagSponsoredBadges     bool      `json:"flag_sponsored_badges"`
	FlagServiceBundles      bool      `json:"flag_service_bundles"`
	UpdatedAt               time.Time `json:"updated_at"`
}

// Defaults returns the spec's defaults (01§3).
func Defaults() Config {
	return Config{
		ID:                 RowID,
		MaintenanceMessage: DefaultMaintenanceMessage,
		MinBuildVersion:    BuildVersion,
		MarketplaceEnabled: true,
		TopDealsEnabled:    true,
		USDToCADRateE4:     13800,
		FlagMarketplace:    true,
		FlagAcademy:        true,
		FlagAdminPanel:     true,
	}
}

// Store reads and writes the app_config row.
type Store interface {
	GetConfig(ctx context.Context) (Config, error)
	SaveConfig(ctx context.Context, c Config) error
}

// Keys lists the fields Set accepts, in display order.
var Keys = []string{
	"auto_heal_enabled", "maintenance_mode", "maintenance_message", "min_build_version",
	"force_cache_bust_after", "marketplace_enabled", "security_monitoring_global",
	"top_deals_enabled", "facilitator_checkout_enabled", "usd_to_cad_rate_e4", "faq_remote_enabled",
	"flag_marketplace", "flag_academy", "flag_admin_panel", "flag_sponsored_placements", "flag_sponsored_grid",
	"flag_top_deals", "flag_sponsored_badges", "flag_service_bundles",
}

// Descriptions say what each key does (the back office's configuration screen, 01§3, 02§6).
var Descriptions = map[string]string{
	"auto_heal_enabled":            "The web app retries and recovers from known failures by itself (01§3).",
	"maintenance_mode":             "Every visitor sees the maintenance overlay with the message below instead of the app (01§4).",
	"maintenance_message":          "The text of the maintenance overlay (at most 500 characters).",
	"min_build_version":            "Browsers running an older web build clear their caches and reload once (01§4; the built-in build is " + BuildVersion + ").",
	"force_cache_bust_after":       "Browsers that last cleared their caches before this time clear them and reload (01§4).",
	"marketplace_enabled":          "The marketplace is open; off shows the unavailable notice (03§2).",
	"security_monitoring_global":   "Security monitoring for every account (01§4).",
	"top_deals_enabled":            "The Top Deals row may show on the marketplace (with the topDeals flag).",
	"facilitator_checkout_enabled": "Checkout through a facilitator (01§3).",
	"usd_to_cad_rate_e4":           "US dollar to Canadian dollar rate times 10,000 for approximate C$ prices (13800 = 1.38).",
	"faq_remote_enabled":           "The help widget also shows the FAQ items written in the back office (03§3).",
	"flag_marketplace":             "Feature flag marketplace: the marketplace screens and links (02§6, default on).",
	"flag_academy":                 "Feature flag academy: the academy screens and links (02§6, default on).",
	"flag_admin_panel":             "Feature flag adminPanel: the back office screens (02§6, default on).",
	"flag_sponsored_placements":    "Feature flag sponsoredPlacements: sponsored slots in the marketplace (02§6, default off).",
	"flag_sponsored_grid":          "Feature flag sponsoredGrid: the sponsored grid (02§6, default off).",
	"flag_top_deals":               "Feature flag topDeals: the Top Deals row (02§6, default off; top_deals_enabled must also be on).",
	"flag_sponsored_badges":        "Feature flag sponsoredBadges: the Sponsored badge on sponsored services (02§6, default off).",
	"flag_service_bundles":         "Feature flag serviceBundles: bundles on the service page and sales dialog (02§6, default off).",
}

// Set changes one field from its text form, validating it. "now" for force_cache_bust_after
// means the given time; an empty value clears it.
func (c *Config) Set(key, value string, now time.Time) error {
	boolField := map[string]*bool{
		"auto_heal_enabled":            &c.AutoHealEnabled,
		"maintenance_mode":             &c.MaintenanceMode,
		"marketplace_enabled":          &c.MarketplaceEnabled,
		"security_monitoring_global":   &c.SecurityMonitoringGlobal,
		"top_deals_enabled":            &c.TopDealsEnabled,
		"facilitator_checkout_enabled": &c.FacilitatorCheckoutEnabled,
		"faq_remote_enabled":           &c.FAQRemoteEnabled,
		"flag_marketplace":             &c.FlagMarketplace,
		"flag_academy":                 &c.FlagAcademy,
		"flag_admin_panel":             &c.FlagAdminPanel,
		"flag_sponsored_placements":    &c.FlagSponsoredPlacements,
		"flag_sponsored_grid":          &c.FlagSponsoredGrid,
		"flag_top_deals":               &c.FlagTopDeals,
		"flag_sponsored_badges":        &c.FlagSponsoredBadges,
		"flag_service_bundles":         &c.FlagServiceBundles,
	}
	if p, ok := boolField[key]; ok {
		b, err := strconv.ParseBool(value)
		if err != nil {
			return apperr.Field(key, "validation.boolean", fmt.Sprintf("%s must be true or false", key))
		}
		*p = b
		return nil
	}
	switch key {
	case "maintenance_message":
		if len(value) > 500 {
			return apperr.Field(key, "validation.max_length", "maintenance_message must be no more than 500 characters")
		}
		c.MaintenanceMessage = value
	case "min_build_version":
		if !ValidVersion(value) {
			return apperr.Field(key, "validation.version", "min_build_version must be dotted numbers such as 1.2.0")
		}
		c.MinBuildVersion = value
	case "force_cache_bust_after":
		switch value {
		case "":
			c.ForceCacheBustAfter = nil
		case "now":
			t := now.UTC()
			c.ForceCacheBustAfter = &t
		default:
			t, err := time.Parse(time.RFC3339, value)
			if err != nil {
				return apperr.Field(key, "validation.timestamp", "force_cache_bust_after must be an RFC 3339 time, \"now\" or empty")
			}
			t = t.UTC()
			c.ForceCacheBustAfter = &t
		}
	case "usd_to_cad_rate_e4":
		n, err := strconv.Atoi(value)
		if err != nil || n < 5000 || n > 30000 {
			return apperr.Field(key, "validation.range", "usd_to_cad_rate_e4 must be a whole number from 5000 to 30000")
		}
		c.USDToCADRateE4 = n
	default:
		return apperr.Field("key", "validation.unknown_key", fmt.Sprintf("unknown app_config key %q; known keys: %s", key, strings.Join(Keys, ", ")))
	}
	return nil
}

// ValidVersion reports whether v is dotted numbers ("1", "1.0", "2.10.3").
func ValidVersion(v string) bool {
	if v == "" || len(v) > 32 {
		return false
	}
	for _, part := range strings.Split(v, ".") {
		if part == "" {
			return false
		}
		for _, r := range part {
			if r < '0' || r > '9' {
				return false
			}
		}
	}
	return true
}

// CompareVersions compares dotted versions numerically per segment; missing segments count 0
// (01§4). It returns -1, 0 or 1.
func CompareVersions(a, b string) int {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) || i < len(bs); i++ {
		x, y := segment(as, i), segment(bs, i)
		if x < y {
			return -1
		}
		if x > y {
			return 1
		}
	}
	return 0
}

func segment(parts []string, i int) int {
	if i >= len(parts) {
		return 0
	}
	n, _ := strconv.Atoi(parts[i])
	return n
}
