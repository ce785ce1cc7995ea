package httpapi

import (
	"bytes"
	"context"

	"github.com/danielgtaylor/huma/v2"

	"circle/internal/vendoranalytics"
)

// VendorAnalyticsArea is /vendor-analytics and the VendorOverview tab of /vendor-dashboard (issue 30
// items 2 and 5, F-AREA-01): the numbers of the vendors the caller owns. A service of another
// vendor is not found; agents are refused at the role check.
type VendorAnalyticsArea struct {
	Analytics *vendoranalytics.Service
}

const (
	sumVendorAnalytics    = "The caller's views, clicks, add-to-carts, bookings, purchases, conversion and revenue per service and per UTC day, week or month"
	sumVendorAnalyticsCSV = "The caller's analytics as a CSV download, one row per service and bucket"
	sumVendorOverview     = "This month's numbers of the caller's vendors, pending co-pay requests and upcoming bookings"
)

// Register declares the area's routes.
func (h *VendorAnalyticsArea) Register(r *Router) {
	csv := responses(map[string]*huma.Response{"200": fileAnswer("The analytics as CSV", "text/csv", &huma.Schema{Type: "string"})})
	get(r, "/api/vendor/analytics", "get-vendor-analytics", sumVendorAnalytics, "vendors", vendor, h.report)
	get(r, "/api/vendor/analytics/csv", "get-vendor-analytics-csv", sumVendorAnalyticsCSV, "vendors", vendor, h.csv, csv)
	get(r, "/api/vendor/overview", "get-vendor-overview", sumVendorOverview, "vendors", vendor, h.overview)
}

type vendorAnalyticsInput struct {
	From      string `query:"from" maxLength:"10" doc:"First day, YYYY-MM-DD (UTC); default 29 days before to"`
	To        string `query:"to" maxLength:"10" doc:"Last day, YYYY-MM-DD (UTC), included; default today; at most 366 days after from"`
	Bucket    string `query:"bucket" maxLength:"5" doc:"day (default), week (Monday to Sunday) or month"`
	ServiceID string `query:"service_id" maxLength:"100" doc:"One of the caller's services; empty for all"`
}

func (in *vendorAnalyticsInput) query() vendoranalytics.Query {
	return vendoranalytics.Query{From: in.From, To: in.To, Bucket: in.Bucket, ServiceID: in.ServiceID}
}

type vendorAnalyticsOutput = bodyOutput[vendoranalytics.AnalyticsReport]

func (h *VendorAnalyticsArea) report(ctx context.Context, in *vendorAnalyticsInput) (*vendorAnalyticsOutput, error) {
	return answer(h.Analytics.Report(ctx, principalOf(ctx).User.ID, in.query()))
}

func (h *VendorAnalyticsArea) csv(ctx context.Context, in *vendorAnalyticsInput) (*downloadOutput, error) {
	rep, err := h.Analytics.Report(ctx, principalOf(ctx).User.ID, in.query())
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := rep.WriteCSV(&buf); err != nil {
		return nil, err
	}
	return csvFile(rep.FileName(), buf.Bytes()), nil
}

type vendorOverviewOutput = bodyOutput[vendoranalytics.VendorOverview]

func (h *VendorAnalyticsArea) overview(ctx context.Context, _ *struct{}) (*vendorOverviewOutput, error) {
	return answer(h.Analytics.Overview(ctx, principalOf(ctx).User.ID))
}
