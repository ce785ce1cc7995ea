package vendoranalytics

import (
	"testing"
	"time"

	"circle/internal/apperr"
)

func day(s string) time.Time { d, _ := time.Parse(time.DateOnly, s); return d }

func days(ts []time.Time) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Format(time.DateOnly)
	}
	return out
}

// TestF_AREA_01_VendorAnalyticsBuckets: weeks start on Monday, months on the first, and the
// first and last bucket are clipped to the range.
func TestF_AREA_01_VendorAnalyticsBuckets(t *testing.T) {
	cases := []struct {
		from, to string
		b        Bucket
		want     string
	}{
		{"2026-04-01", "2026-04-03", Day, "2026-04-01 2026-04-02 2026-04-03 2026-04-04"},
		{"2026-04-01", "2026-04-30", Week, "2026-04-01 2026-04-06 2026-04-13 2026-04-20 2026-04-27 2026-05-01"},
		{"2026-04-06", "2026-04-12", Week, "2026-04-06 2026-04-13"},
		{"2026-01-15", "2026-03-02", Month, "2026-01-15 2026-02-01 2026-03-01 2026-03-03"},
		{"2026-12-31", "2026-12-31", Month, "2026-12-31 2027-01-01"},
	}
	for _, c := range cases {
		got := days(Edges(day(c.from), day(c.to), c.b))
		if s := join(got); s != c.want {
			t.Errorf("%s..%s by %s = %s, want %s", c.from, c.to, c.b, s, c.want)
		}
	}
}

func join(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out
}

// TestF_AREA_01_VendorAnalyticsRange: defaults, bounds and the field each error names.
func TestF_AREA_01_VendorAnalyticsRange(t *testing.T) {
	today := time.Date(2026, 11, 29, 15, 0, 0, 0, time.UTC)
	r, err := ParseRange("", "", "", today)
	if err != nil || r.From.Format(time.DateOnly) != "2026-10-31" || r.To.Format(time.DateOnly) != "2026-11-29" || r.Bucket != Day || len(r.Edges) != 31 {
		t.Fatalf("default range %+v %v", r, err)
	}
	if _, err := ParseRange("2025-11-29", "2026-11-29", "month", today); err != nil {
		t.Fatalf("366 days: %v", err)
	}
	bad := []struct{ from, to, bucket, field string }{
		{"2025-11-28", "2026-11-29", "", "to"},
		{"2026-11-30", "2026-11-29", "", "from"},
		{"29/11/2026", "", "", "from"},
		{"", "2026-02-30", "", "to"},
		{"", "", "year", "bucket"},
	}
	for _, c := range bad {
		_, err := ParseRange(c.from, c.to, c.bucket, today)
		e, ok := err.(*apperr.Error)
		if !ok || e.Code != apperr.Invalid || len(e.Fields) != 1 || e.Fields[0].Field != c.field {
			t.Errorf("%+v: %v, want a field error on %s", c, err, c.field)
		}
	}
}

// TestF_AREA_01_VendorAnalyticsCSVMoney: dollars from cents without floats; titles cannot
// become spreadsheet formulas.
func TestF_AREA_01_VendorAnalyticsCSVMoney(t *testing.T) {
	for cents, want := range map[int64]string{0: "0.00", 5: "0.05", 39500: "395.00", 123456: "1234.56", -250: "-2.50"} {
		if got := Dollars(cents); got != want {
			t.Errorf("Dollars(%d) = %s, want %s", cents, got, want)
		}
	}
	if csvText("=HYPERLINK()") != "'=HYPERLINK()" || csvText("Photos") != "Photos" {
		t.Error("csvText")
	}
}
