package vendoranalytics

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"time"

	"circle/internal/apperr"
	"circle/internal/catalog"
)

// Store is what the analytics read (internal/store VendorAnalyticsStore).
type Store interface {
	OwnedVendors(ctx context.Context, userID string) ([]catalog.Vendor, error)
	// VendorServices lists the vendors' services, active or not, newest first.
	VendorServices(ctx context.Context, vendorIDs []string) ([]catalog.Service, error)
	// CountMeasure counts one measure of the services per bucket [edges[i], edges[i+1]) with one
	// statement; buckets without any are left out.
	CountMeasure(ctx context.Context, m Measure, serviceIDs []string, edges []time.Time) ([]Cell, error)
	// PendingCoPayRequests counts the vendors' co-pay requests waiting for their answer.
	PendingCoPayRequests(ctx context.Context, vendorIDs []string, now time.Time) (int64, error)
	// UpcomingBookings counts the live bookings of the services that start at or after now.
	UpcomingBookings(ctx context.Context, serviceIDs []string, now time.Time) (int64, error)
}

// Service answers a vendor's analytics.
type Service struct {
	Store Store
	Now   func() time.Time
}

// Query is what the caller asks: a range of UTC days, a bucket and, optionally, one service.
type Query struct {
	From, To, Bucket, ServiceID string
}

// AnalyticsVendor is one vendor the caller owns.
type AnalyticsVendor struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// AnalyticsServiceTotals is one service and its numbers over the range.
type AnalyticsServiceTotals struct {
	ID         string `json:"id"`
	Title      string `json:"title"`
	VendorID   string `json:"vendor_id"`
	VendorName string `json:"vendor_name"`
	Active     bool   `json:"active"`
	Measures
}

// AnalyticsPoint is one bucket: its first and last day (UTC, both included) and its numbers.
type AnalyticsPoint struct {
	Start string `json:"start" example:"2026-11-02"`
	End   string `json:"end" example:"2026-11-08"`
	Measures
}

// AnalyticsReport is a vendor's analytics over a range.
type AnalyticsReport struct {
	From      string                   `json:"from" example:"2026-10-31"`
	To        string                   `json:"to" example:"2026-11-29"`
	Bucket    Bucket                   `json:"bucket" enum:"day,week,month"`
	ServiceID string                   `json:"service_id" doc:"The one service reported; empty for all the caller's services"`
	Vendors   []AnalyticsVendor        `json:"vendors" doc:"The vendors the caller owns"`
	Services  []AnalyticsServiceTotals `json:"services" doc:"Every service of those vendors with its totals over the range (only the one asked for, when service_id is set)"`
	Series    []AnalyticsPoint         `json:"series" doc:"The buckets, oldest first, summed over the services reported"`
	Total     Measures                 `json:"total"`
	// cells are each service's buckets (the CSV's rows).
	cells map[string][]Measures
}

// MsgServiceAbsent answers a service that is not one of the caller's.
const MsgServiceAbsent = "service not found"

// Report answers the caller's analytics. A service id that is not one of the caller's
// vendors' services is not found.
func (s *Service) Report(ctx context.Context, userID string, q Query) (AnalyticsReport, error) {
	r, err := ParseRange(q.From, q.To, q.Bucket, s.Now())
	if err != nil {
		return AnalyticsReport{}, err
	}
	vendors, svcs, err := s.owned(ctx, userID)
	if err != nil {
		return AnalyticsReport{}, err
	}
	if q.ServiceID != "" {
		var one []catalog.Service
		for _, svc := range svcs {
			if svc.ID == q.ServiceID {
				one = append(one, svc)
			}
		}
		if len(one) == 0 {
			return AnalyticsReport{}, apperr.New(apperr.NotFound, MsgServiceAbsent)
		}
		svcs = one
	}
	return s.report(ctx, r, q.ServiceID, vendors, svcs)
}

// owned lists the caller's vendors and their services.
func (s *Service) owned(ctx context.Context, userID string) ([]catalog.Vendor, []catalog.Service, error) {
	vendors, err := s.Store.OwnedVendors(ctx, userID)
	if err != nil {
		return nil, nil, err
	}
	vids := make([]string, 0, len(vendors))
	for _, v := range vendors {
		vids = append(vids, v.ID)
	}
	svcs, err := s.Store.VendorServices(ctx, vids)
	if err != nil {
		return nil, nil, err
	}
	return vendors, svcs, nil
}

func (s *Service) report(ctx context.Context, r Range, serviceID string, vendors []catalog.Vendor, svcs []catalog.Service) (AnalyticsReport, error) {
	n := len(r.Edges) - 1
	out := AnalyticsReport{From: r.From.Format(time.DateOnly), To: r.To.Format(time.DateOnly), Bucket: r.Bucket, ServiceID: serviceID,
		Vendors: make([]AnalyticsVendor, 0, len(vendors)), Services: make([]AnalyticsServiceTotals, 0, len(svcs)), Series: make([]AnalyticsPoint, n),
		cells: make(map[string][]Measures, len(svcs))}
	names := map[string]string{}
	for _, v := range vendors {
		out.Vendors = append(out.Vendors, AnalyticsVendor{ID: v.ID, Name: v.Name})
		names[v.ID] = v.Name
	}
	for i := range out.Series {
		out.Series[i].Start = r.Edges[i].Format(time.DateOnly)
		out.Series[i].End = r.Edges[i+1].AddDate(0, 0, -1).Format(time.DateOnly)
	}
	ids := make([]string, 0, len(svcs))
	index := map[string]int{}
	for _, svc := range svcs {
		t := AnalyticsServiceTotals{ID: svc.ID, Title: svc.Title, Active: svc.IsActive}
		if svc.VendorID != nil {
			t.VendorID, t.VendorName = *svc.VendorID, names[*svc.VendorID]
		}
		index[svc.ID] = len(out.Services)
		out.Services = append(out.Services, t)
		out.cells[svc.ID] = make([]Measures, n)
		ids = append(ids, svc.ID)
	}
	if len(ids) > 0 {
		for _, m := range AllMeasures {
			cells, err := s.Store.CountMeasure(ctx, m, ids, r.Edges)
			if err != nil {
				return AnalyticsReport{}, err
			}
			for _, c := range cells {
				i, ok := index[c.ServiceID]
				if !ok || c.Bucket < 0 || c.Bucket >= n {
					continue
				}
				out.Services[i].add(m, c)
				out.Series[c.Bucket].add(m, c)
				out.cells[c.ServiceID][c.Bucket].add(m, c)
				out.Total.add(m, c)
			}
		}
	}
	for i := range out.Services {
		out.Services[i].finish()
	}
	for i := range out.Series {
		out.Series[i].finish()
	}
	for _, row := range out.cells {
		for i := range row {
			row[i].finish()
		}
	}
	out.Total.finish()
	return out, nil
}

// CSVHeader is the export's first row.
var CSVHeader = []string{"bucket_start", "bucket_end", "service_id", "service", "vendor", "views", "clicks", "cart_adds", "bookings", "purchases", "conversion", "revenue_usd"}

// WriteCSV writes the report as one row per service and bucket (services in the report's
// order, buckets oldest first); revenue in dollars with two decimals.
func (r AnalyticsReport) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVHeader); err != nil {
		return fmt.Errorf("write csv: %w", err)
	}
	for _, svc := range r.Services {
		for i, m := range r.cells[svc.ID] {
			p := r.Series[i]
			row := []string{p.Start, p.End, svc.ID, csvText(svc.Title), csvText(svc.VendorName), itoa(m.Views), itoa(m.Clicks), itoa(m.CartAdds),
				itoa(m.Bookings), itoa(m.Purchases), strconv.FormatFloat(m.Conversion, 'f', 4, 64), Dollars(m.RevenueCents)}
			if err := cw.Write(row); err != nil {
				return fmt.Errorf("write csv: %w", err)
			}
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("write csv: %w", err)
	}
	return nil
}

// FileName is the export's file name.
func (r AnalyticsReport) FileName() string {
	return "vendor-analytics-" + r.From + "-" + r.To + "-" + string(r.Bucket) + ".csv"
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// Dollars formats cents as dollars with two decimals (no float arithmetic).
func Dollars(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s%d.%02d", sign, cents/100, cents%100)
}

// csvText keeps a spreadsheet from reading a title as a formula (CSV injection).
func csvText(s string) string {
	if s != "" && (s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@' || s[0] == '\t' || s[0] == '\r') {
		return "'" + s
	}
	return s
}

// VendorOverview is the Overview tab of /vendor-dashboard: this calendar month's numbers (UTC, to
// today) and what waits for the vendor.
type VendorOverview struct {
	Month    string            `json:"month" example:"2026-11"`
	From     string            `json:"from" example:"2026-11-01"`
	To       string            `json:"to" example:"2026-11-29"`
	Vendors  []AnalyticsVendor `json:"vendors"`
	Services int               `json:"services" doc:"How many services the caller's vendors list (active or not)"`
	Measures
	PendingCoPay     int64 `json:"pending_copay_requests" doc:"Co-pay requests waiting for the vendor's answer"`
	UpcomingBookings int64 `json:"upcoming_bookings" doc:"Live consultation bookings of the vendor's services that start from now on"`
}

// Overview answers the caller's overview.
func (s *Service) Overview(ctx context.Context, userID string) (VendorOverview, error) {
	now := s.Now().UTC()
	today := now.Truncate(24 * time.Hour)
	first := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, time.UTC)
	vendors, svcs, err := s.owned(ctx, userID)
	if err != nil {
		return VendorOverview{}, err
	}
	r := Range{From: first, To: today, Bucket: Month, Edges: []time.Time{first, today.AddDate(0, 0, 1)}}
	rep, err := s.report(ctx, r, "", vendors, svcs)
	if err != nil {
		return VendorOverview{}, err
	}
	out := VendorOverview{Month: first.Format("2006-01"), From: rep.From, To: rep.To, Vendors: rep.Vendors, Services: len(svcs), Measures: rep.Total}
	vids := make([]string, 0, len(vendors))
	for _, v := range vendors {
		vids = append(vids, v.ID)
	}
	sids := make([]string, 0, len(svcs))
	for _, svc := range svcs {
		sids = append(sids, svc.ID)
	}
	if len(vids) > 0 {
		if out.PendingCoPay, err = s.Store.PendingCoPayRequests(ctx, vids, now); err != nil {
			return VendorOverview{}, err
		}
	}
	if len(sids) > 0 {
		if out.UpcomingBookings, err = s.Store.UpcomingBookings(ctx, sids, now); err != nil {
			return VendorOverview{}, err
		}
	}
	return out, nil
}
