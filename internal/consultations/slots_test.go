package consultations

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func utc(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// TestF_ENG_01_SlotsAcrossDaylightSaving: the 12 slots are 10:00 AM to 3:30 PM Central time on
// both sides of the March and November changes (CST is UTC-6, CDT UTC-5).
func TestF_ENG_01_SlotsAcrossDaylightSaving(t *testing.T) {
	if len(Slots) != 12 || Slots[0] != "10:00 AM" || Slots[11] != "3:30 PM" {
		t.Fatalf("slots %v", Slots)
	}
	cases := []struct{ date, slot, want string }{
		{"2027-03-12", "10:00 AM", "2027-03-12T16:00:00Z"}, // Friday before the March change: CST
		{"2027-03-15", "10:00 AM", "2027-03-15T15:00:00Z"}, // Monday after: CDT
		{"2027-03-15", "3:30 PM", "2027-03-15T20:30:00Z"},
		{"2026-10-30", "12:00 PM", "2026-10-30T17:00:00Z"}, // Friday before the November change: CDT
		{"2026-11-02", "12:00 PM", "2026-11-02T18:00:00Z"}, // Monday after: CST
		{"2026-11-02", "1:30 PM", "2026-11-02T19:30:00Z"},
	}
	for _, c := range cases {
		got, ok := SlotStart(c.date, c.slot)
		if !ok || !got.Equal(utc(c.want)) {
			t.Errorf("SlotStart(%s, %s) = %v %v, want %s", c.date, c.slot, got.UTC(), ok, c.want)
		}
	}
	for _, bad := range [][2]string{{"2027-03-15", "9:30 AM"}, {"2027-03-15", "4:00 PM"}, {"2027-02-30", "10:00 AM"}, {"15/03/2027", "10:00 AM"}} {
		if _, ok := SlotStart(bad[0], bad[1]); ok {
			t.Errorf("SlotStart(%v) accepted", bad)
		}
	}
}

// TestF_ENG_01_NoticeAndWeekdays: 24 hours' notice counted in real hours across the changes;
// weekends never.
func TestF_ENG_01_NoticeAndWeekdays(t *testing.T) {
	cases := []struct {
		now        string
		date, slot string
		want       bool
	}{
		// Sunday 14 March 2027, 10:00 CDT (the clocks sprang forward at 2:00): Monday 10:00 AM is 24 h away.
		{"2027-03-14T15:00:00Z", "2027-03-15", "10:00 AM", true},
		{"2027-03-14T15:00:01Z", "2027-03-15", "10:00 AM", false},
		{"2027-03-14T15:00:01Z", "2027-03-15", "10:30 AM", true},
		// Sunday 1 November 2026, 10:00 CST (the clocks fell back): Monday 10:00 AM is 24 h away.
		{"2026-11-01T16:00:00Z", "2026-11-02", "10:00 AM", true},
		{"2026-11-01T16:00:01Z", "2026-11-02", "10:00 AM", false},
		// Weekends are never offered.
		{"2027-03-08T15:00:00Z", "2027-03-13", "10:00 AM", false},
		{"2027-03-08T15:00:00Z", "2027-03-14", "10:00 AM", false},
		{"2027-03-08T15:00:00Z", "2027-03-12", "3:30 PM", true},
	}
	for _, c := range cases {
		if got := Bookable(utc(c.now), c.date, c.slot); got != c.want {
			t.Errorf("Bookable(%s, %s %s) = %v, want %v", c.now, c.date, c.slot, got, c.want)
		}
	}
	days := Weekdays(utc("2027-03-12T20:00:00Z"), 3) // Friday afternoon
	if strings.Join(days, ",") != "2027-03-12,2027-03-15,2027-03-16" {
		t.Errorf("weekdays %v", days)
	}
	// Late on Sunday evening in Chicago is still Sunday there although Monday in UTC.
	if got := Weekdays(utc("2027-03-15T04:30:00Z"), 1); got[0] != "2027-03-15" || Today(utc("2027-03-15T04:30:00Z")) != "2027-03-14" {
		t.Errorf("weekdays from Sunday night: %v, today %s", got, Today(utc("2027-03-15T04:30:00Z")))
	}
}

// TestF_ENG_01_ICS: the calendar file is a valid VEVENT of 30 minutes in UTC with CRLF lines.
func TestF_ENG_01_ICS(t *testing.T) {
	start, _ := SlotStart("2027-03-15", "10:00 AM")
	s := ICS("b1@circle", start, utc("2027-03-01T00:00:00Z"), "Consultation: A, B; C", strings.Repeat("x", 100), "")
	for _, want := range []string{"BEGIN:VCALENDAR\r\n", "UID:b1@circle\r\n", "DTSTART:20270315T150000Z\r\n", "DTEND:20270315T153000Z\r\n",
		`SUMMARY:Consultation: A\, B\; C`, "END:VCALENDAR\r\n"} {
		if !strings.Contains(s, want) {
			t.Errorf("ICS lacks %q:\n%s", want, s)
		}
	}
	for _, line := range strings.Split(s, "\r\n") {
		if len(line) > 75 {
			t.Errorf("unfolded line of %d octets: %q", len(line), line)
		}
	}
}

// TestF_ENG_03_GHLUpsertRequestShape: the HighLevel adapter sends POST /contacts/upsert with
// the bearer token, the Version header and a JSON body with locationId, names, email, phone
// and the booking's fields; a non-2xx answer is an error naming the status.
func TestF_ENG_03_GHLUpsertRequestShape(t *testing.T) {
	var got map[string]any
	fail := false
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/contacts/upsert" {
			t.Errorf("request %s %s", r.Method, r.URL.Path)
		}
		if r.Header.Get("Authorization") != "Bearer pit-key" || r.Header.Get("Version") != "2021-07-28" || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			t.Errorf("headers %v", r.Header)
		}
		raw, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(raw, &got); err != nil {
			t.Errorf("body %s: %v", raw, err)
		}
		if fail {
			http.Error(w, `{"message":"Internal"}`, http.StatusInternalServerError)
			return
		}
		_, _ = w.Write([]byte(`{"new":true,"contact":{"id":"c1"}}`))
	}))
	defer srv.Close()
	g := &GHL{APIKey: "pit-key", LocationID: "loc-1", BaseURL: srv.URL + "/", Client: srv.Client()}
	c := Contact{BookingID: "b1", FirstName: "Ana", LastName: "Ruiz", Email: "ana@example.com", Phone: "+1 555 0100", ServiceTitle: "TC",
		VendorName: "ClosingBell", ScheduledDate: "2027-03-15", ScheduledTime: "10:00 AM", Source: "funnel"}
	if err := g.UpsertContact(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	if got["locationId"] != "loc-1" || got["firstName"] != "Ana" || got["lastName"] != "Ruiz" || got["email"] != "ana@example.com" || got["phone"] != "+1 555 0100" {
		t.Errorf("body %v", got)
	}
	fields, _ := got["customFields"].([]any)
	if len(fields) != 7 {
		t.Errorf("customFields %v", got["customFields"])
	}
	fail = true
	if err := g.UpsertContact(context.Background(), c); err == nil || !strings.Contains(err.Error(), "HTTP 500") {
		t.Errorf("a 500 answered %v", err)
	}
}
