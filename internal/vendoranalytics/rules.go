// Package vendoranalytics answers a vendor's numbers (issue 30 item 5, F-AREA-01): views,
// clicks, add-to-carts, bookings, purchases, conversion and revenue per service, bucketed by UTC
// day, week or month over a bounded range, and the dashboard's overview of this month. The
// definitions of the measures are in docs/areas/vendor-analytics.md.
package vendoranalytics

import (
	"time"

	"circle/internal/apperr"
	"circle/internal/catalog"
)

// Bucket is how a range is cut: UTC days, weeks starting on Monday, or calendar months. The
// first and last buckets are clipped to the range.
type Bucket string

// The buckets.
const (
	Day   Bucket = "day"
	Week  Bucket = "week"
	Month Bucket = "month"
)

// MaxDays bounds a range (both ends included); DefaultDays is the range when none is given.
const (
	MaxDays     = 366
	DefaultDays = 30
)

// Messages of the range rules (the web app shows them by key).
const (
	MsgBadDate   = "Enter a date as YYYY-MM-DD."
	MsgBadRange  = "The start date must be on or before the end date."
	MsgTooLong   = "A range is at most 366 days."
	MsgBadBucket = "Choose day, week or month."
)

// Range is a validated range: From and To are UTC days (To included) and Edges the bucket
// boundaries, Edges[0] = From and the last = the day after To.
type Range struct {
	From, To time.Time
	Bucket   Bucket
	Edges    []time.Time
}

// ParseRange validates a range given as YYYY-MM-DD days and a bucket; empty ends default to the
// DefaultDays days up to today (UTC), an empty bucket to day.
func ParseRange(from, to, bucket string, today time.Time) (Range, error) {
	today = today.UTC().Truncate(24 * time.Hour)
	b := Bucket(bucket)
	switch b {
	case "":
		b = Day
	case Day, Week, Month:
	default:
		return Range{}, apperr.Field("bucket", "validation.enum", MsgBadBucket)
	}
	end, err := parseDay("to", to)
	if err != nil {
		return Range{}, err
	}
	if end.IsZero() {
		end = today
	}
	start, err := parseDay("from", from)
	if err != nil {
		return Range{}, err
	}
	if start.IsZero() {
		start = end.AddDate(0, 0, -(DefaultDays - 1))
	}
	if start.After(end) {
		return Range{}, apperr.Field("from", "validation.range", MsgBadRange)
	}
	if days := int(end.Sub(start).Hours()/24) + 1; days > MaxDays {
		return Range{}, apperr.Field("to", "validation.range", MsgTooLong)
	}
	return Range{From: start, To: end, Bucket: b, Edges: Edges(start, end, b)}, nil
}

func parseDay(field, s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	d, err := time.Parse(time.DateOnly, s)
	if err != nil || d.Year() < 2000 || d.Year() > 2999 {
		return time.Time{}, apperr.Field(field, "validation.format", MsgBadDate)
	}
	return d.UTC(), nil
}

// Edges are the boundaries of the buckets from start to end (both UTC days, end included):
// start, then each new day, Monday or first of the month after start, then the day after end.
func Edges(start, end time.Time, b Bucket) []time.Time {
	stop := end.AddDate(0, 0, 1)
	edges := []time.Time{start}
	for cur := start; ; {
		next := nextEdge(cur, b)
		if !next.Before(stop) {
			break
		}
		edges = append(edges, next)
		cur = next
	}
	return append(edges, stop)
}

func nextEdge(t time.Time, b Bucket) time.Time {
	switch b {
	case Week:
		// Days to the next Monday (Go's Sunday is 0).
		return t.AddDate(0, 0, 7-(int(t.Weekday())+6)%7)
	case Month:
		return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, 1, 0)
	}
	return t.AddDate(0, 0, 1)
}

// Measure names one measure the store counts with one statement.
type Measure string

// The measures the store counts.
const (
	Views     Measure = "views"
	Clicks    Measure = "clicks"
	CartAdds  Measure = "cart_adds"
	Bookings  Measure = "bookings"
	Purchases Measure = "purchases" // with the revenue
)

// AllMeasures are counted for a report, in this order.
var AllMeasures = []Measure{Views, Clicks, CartAdds, Bookings, Purchases}

// Cell is one service's count of one measure in one bucket (Edges[Bucket] to Edges[Bucket+1]);
// Cents is the revenue of purchases.
type Cell struct {
	ServiceID string
	Bucket    int
	N         int64
	Cents     int64
}

// Measures are the numbers of a bucket, a service or a range.
type Measures struct {
	Views        int64   `json:"views" doc:"Service page views (service_views, one per viewer per service per 30 minutes)"`
	Clicks       int64   `json:"clicks" doc:"Clicks on the service page's actions and outbound links (click and outbound_click events)"`
	CartAdds     int64   `json:"cart_adds" doc:"Adds to cart the server recorded (each press of Add to cart)"`
	Bookings     int64   `json:"bookings" doc:"Consultations booked (recorded by the server when the booking is made)"`
	Purchases    int64   `json:"purchases" doc:"Paid order lines, less those of refunded orders"`
	Conversion   float64 `json:"conversion" doc:"purchases / views, 4 decimals; 0 without views"`
	RevenueCents int64   `json:"revenue_cents" doc:"Cash paid for those lines in US cents (line price less points), refunded orders left out"`
}

// add adds a cell of a measure.
func (m *Measures) add(measure Measure, c Cell) {
	switch measure {
	case Views:
		m.Views += c.N
	case Clicks:
		m.Clicks += c.N
	case CartAdds:
		m.CartAdds += c.N
	case Bookings:
		m.Bookings += c.N
	case Purchases:
		m.Purchases += c.N
		m.RevenueCents += c.Cents
	}
}

func (m *Measures) finish() { m.Conversion = catalog.ConversionRate(m.Purchases, m.Views) }
