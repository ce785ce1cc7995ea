package httpapi_test

import (
	"bytes"
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"circle/internal/consultations"
	"circle/internal/httpapi"
	"circle/internal/store"
	"circle/internal/testapp"
)

// engFields returns the field names of an error answer.
func engFields(t *testing.T, res testapp.Response) []string {
	t.Helper()
	e := acctError(t, res)
	var out []string
	for _, f := range e.Fields {
		out = append(out, f.Field)
	}
	return out
}

func engSend(t *testing.T, a *testapp.App, c *http.Client, method, path string, v any) testapp.Response {
	t.Helper()
	return sendJSON(t, a, c, method, path, v, nil)
}

type engCourse struct {
	Modules []struct {
		ID, Kind, Title string
		Items           []string
	} `json:"modules"`
	Progress struct {
		ConsultationID string   `json:"consultation_id"`
		Completed      []string `json:"completed_modules"`
		Percentage     int      `json:"percentage"`
	} `json:"progress"`
	MeetAt  *time.Time `json:"meeting_at"`
	Service string     `json:"service_title"`
}

// F-ENG-03: the preparation course keeps progress on the server per user and consultation:
// four modules (article, article, checklist, article) in the caller's language, each Mark as
// Complete adds 25%, again changes nothing, an unknown module is a 400 naming module_id, and
// another user's consultation is a 404 (course, module and guide). At 100% the guide is a PDF.
// The course is the booking's: it carries the meeting's start; a consultation that does not
// exist, and a canceled booking, have no course (404).
func TestF_ENG_03_PrepCourseAPI(t *testing.T) {
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a, _ := consultApp(t, kind, "2027-03-08T15:00:00Z", nil)
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		other, _, _ := acctBrowser(t, a, "pro@demo.test")
		if res := a.DoWith(t, agent, http.MethodGet, "/api/consultation-prep/cons-no-such-booking", nil, nil); res.Status != http.StatusNotFound {
			t.Fatalf("course of no booking: %d %s", res.Status, res.Body)
		}
		res := consultBook(t, a, agent, "2027-03-10", "11:00 AM")
		var booking consultations.ConsultationView
		res.JSON(t, &booking)
		if res.Status != http.StatusCreated || booking.ID == "" {
			t.Fatalf("booking: %d %s", res.Status, res.Body)
		}
		base := "/api/consultation-prep/" + booking.ID

		res = a.DoWith(t, agent, http.MethodGet, base+"?lang=es", nil, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("get course: %d %s", res.Status, res.Body)
		}
		var c engCourse
		res.JSON(t, &c)
		if c.Progress.ConsultationID != booking.ID || c.MeetAt == nil || !c.MeetAt.Equal(time.Date(2027, 3, 10, 17, 0, 0, 0, time.UTC)) || c.Service == "" {
			t.Fatalf("course meeting: %+v %v %q", c.Progress, c.MeetAt, c.Service)
		}
		kinds := []string{}
		for _, m := range c.Modules {
			kinds = append(kinds, m.Kind)
		}
		if len(c.Modules) != 4 || !slices.Equal(kinds, []string{"article", "article", "checklist", "article"}) || c.Progress.Percentage != 0 ||
			c.Modules[0].Title != "Qué esperar" || len(c.Modules[2].Items) == 0 {
			t.Fatalf("course %+v", c)
		}
		if res := a.DoWith(t, agent, http.MethodPut, base+"/modules/no-such-module", nil, nil); res.Status != http.StatusBadRequest && res.Status != http.StatusUnprocessableEntity ||
			!slices.Contains(engFields(t, res), "module_id") {
			t.Fatalf("unknown module: %d %s", res.Status, res.Body)
		}
		if res := a.DoWith(t, agent, http.MethodGet, "/api/consultation-prep/bad%20id", nil, nil); res.Status != http.StatusBadRequest && res.Status != http.StatusUnprocessableEntity ||
			!slices.Contains(engFields(t, res), "consultation_id") {
			t.Fatalf("bad consultation id: %d %s", res.Status, res.Body)
		}
		for i, id := range []string{"what-to-expect", "define-your-goals", "define-your-goals", "prepare-checklist"} {
			res := a.DoWith(t, agent, http.MethodPut, base+"/modules/"+id, nil, nil)
			if res.Status != http.StatusOK {
				t.Fatalf("complete %s: %d %s", id, res.Status, res.Body)
			}
			res.JSON(t, &c)
			want := []int{25, 50, 50, 75}[i]
			if c.Progress.Percentage != want {
				t.Fatalf("after %s: %d%%, want %d", id, c.Progress.Percentage, want)
			}
		}
		// Another agent cannot read, change or download this consultation's course.
		for _, r := range []struct{ method, path string }{
			{http.MethodGet, base}, {http.MethodPut, base + "/modules/questions-to-ask"}, {http.MethodGet, base + "/guide"},
		} {
			if res := a.DoWith(t, other, r.method, r.path, nil, nil); res.Status != http.StatusNotFound {
				t.Fatalf("%s %s as another agent: %d %s", r.method, r.path, res.Status, res.Body)
			}
		}
		res = a.DoWith(t, agent, http.MethodPut, base+"/modules/questions-to-ask", nil, nil)
		res.JSON(t, &c)
		if c.Progress.Percentage != 100 || len(c.Progress.Completed) != 4 {
			t.Fatalf("at the end: %+v", c.Progress)
		}
		res = a.DoWith(t, agent, http.MethodGet, base+"/guide?lang=fr", nil, nil)
		if res.Status != http.StatusOK || res.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(res.Body, []byte("%PDF-")) ||
			!strings.Contains(res.Header.Get("Content-Disposition"), "consultation-guide.pdf") {
			t.Fatalf("guide: %d %s %q", res.Status, res.Header.Get("Content-Type"), res.Body[:min(40, len(res.Body))])
		}
		// A canceled booking has no meeting, so no course.
		if res := a.DoWith(t, agent, http.MethodPost, "/api/consultations/"+booking.ID+"/cancel", nil, nil); res.Status != http.StatusOK {
			t.Fatalf("cancel: %d %s", res.Status, res.Body)
		}
		if res := a.DoWith(t, agent, http.MethodGet, base, nil, nil); res.Status != http.StatusNotFound {
			t.Fatalf("course of a canceled booking: %d %s", res.Status, res.Body)
		}
	})
}

// F-ENG-04: Invite Your Vendor checks every field rule of 03§5 and names each failing field
// with the spec's message; nothing is stored or sent then. A valid invite is stored, e-mailed
// to the vendor through the outbox with a /vendor-registration link carrying its token, and
// listed to administrators (an agent gets 403 on the list). Refer Your Vendor: vendor name and
// e-mail required with 'Missing Information: ...', lists default to general / current_partner.
func TestF_ENG_04_InviteAndReferAPI(t *testing.T) {
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		admin, _, _ := acctBrowser(t, a, "admin@demo.test")
		ctx := context.Background()

		bad := map[string]any{"vendor_type": "marketing", "name": "  ", "category": "", "contact_email": "",
			"phone": "call me", "website_url": "www.example.com", "logo_url": "ftp://x", "service_states": "TX, ZZ",
			"years_experience": 101, "service_radius_miles": 0}
		res := engSend(t, a, agent, http.MethodPost, "/api/vendor-invites", bad)
		if res.Status != http.StatusBadRequest && res.Status != http.StatusUnprocessableEntity {
			t.Fatalf("bad invite: %d %s", res.Status, res.Body)
		}
		e := acctError(t, res)
		got := map[string]string{}
		for _, f := range e.Fields {
			got[f.Field] = f.Message
		}
		want := map[string]string{"name": "Please fill in all required fields", "category": "Please fill in all required fields",
			"contact_email": "Please fill in all required fields", "phone": "Please enter a valid phone number",
			"website_url": "Please enter a valid website URL", "logo_url": "Please enter a valid website URL"}
		for f, m := range want {
			if got[f] != m {
				t.Errorf("field %s: %q, want %q (all: %v)", f, got[f], m, got)
			}
		}
		for _, f := range []string{"service_states", "years_experience", "service_radius_miles"} {
			if got[f] == "" {
				t.Errorf("field %s not named: %v", f, got)
			}
		}
		if e.Message != "Please fix the highlighted errors before submitting" {
			t.Errorf("message %q", e.Message)
		}
		res = engSend(t, a, agent, http.MethodPost, "/api/vendor-invites", map[string]any{"vendor_type": "settlement", "name": "Lone Star Title",
			"category": "Digital Marketing Agency", "contact_email": "not-an-email"})
		if f := engFields(t, res); !slices.Contains(f, "category") || !slices.Contains(f, "contact_email") {
			t.Fatalf("category of the other type and bad e-mail: %v", f)
		}
		if mails, _ := store.NewOps(a.DB).OutboxEmails(ctx, "title@lonestar.example", 10); len(mails) != 0 {
			t.Fatalf("a refused invite sent mail")
		}

		res = engSend(t, a, agent, http.MethodPost, "/api/vendor-invites", map[string]any{"vendor_type": "settlement", "name": "Lone Star Title",
			"category": "Title Company", "contact_email": "Title@LoneStar.example", "phone": "(512) 555-0100", "website_url": "https://lonestar.example",
			"specialties": []string{"Closings", "closings", "1031"}, "service_states": "tx, ok", "service_radius_miles": 50, "years_experience": 12})
		if res.Status != http.StatusCreated {
			t.Fatalf("invite: %d %s", res.Status, res.Body)
		}
		mails, err := store.NewOps(a.DB).OutboxEmails(ctx, "title@lonestar.example", 10)
		if err != nil || len(mails) != 1 || mails[0].Kind != "vendor_invite" || !strings.Contains(mails[0].Text, a.URL+"/vendor-registration?invite=") ||
			!strings.Contains(mails[0].Text, "type=co_marketing") {
			t.Fatalf("invite e-mail: %+v %v", mails, err)
		}

		res = engSend(t, a, agent, http.MethodPost, "/api/vendor-referrals", map[string]any{"vendor_name": " ", "vendor_email": ""})
		if e := acctError(t, res); e.Message != "Missing Information: Please provide vendor name and email address." || len(e.Fields) != 2 {
			t.Fatalf("missing referral: %d %+v", res.Status, e)
		}
		res = engSend(t, a, agent, http.MethodPost, "/api/vendor-referrals", map[string]any{"vendor_name": "Pixel Pros", "vendor_email": "hi@pixel.example",
			"vendor_type": "plumber"})
		if f := engFields(t, res); !slices.Equal(f, []string{"vendor_type"}) {
			t.Fatalf("unknown referral type: %v", f)
		}
		res = engSend(t, a, agent, http.MethodPost, "/api/vendor-referrals", map[string]any{"vendor_name": "Pixel Pros", "vendor_email": "hi@pixel.example",
			"service_interest": "HDR Listing Photos"})
		if res.Status != http.StatusCreated {
			t.Fatalf("referral: %d %s", res.Status, res.Body)
		}
		if mails, _ := store.NewOps(a.DB).OutboxEmails(ctx, "hi@pixel.example", 10); len(mails) != 1 || !strings.Contains(mails[0].Text, "HDR Listing Photos") {
			t.Fatalf("referral e-mail: %+v", mails)
		}

		if res := a.DoWith(t, agent, http.MethodGet, "/api/admin/vendor-invitations", nil, nil); res.Status != http.StatusForbidden {
			t.Fatalf("agent on the admin list: %d", res.Status)
		}
		var list struct {
			Invitations []struct {
				Kind         string         `json:"kind"`
				VendorType   string         `json:"vendor_type"`
				Status       string         `json:"status"`
				InviterEmail string         `json:"inviter_email"`
				Details      map[string]any `json:"details"`
			} `json:"invitations"`
		}
		res = a.DoWith(t, admin, http.MethodGet, "/api/admin/vendor-invitations", nil, nil)
		res.JSON(t, &list)
		if len(list.Invitations) != 2 {
			t.Fatalf("admin list: %s", res.Body)
		}
		ref, inv := list.Invitations[0], list.Invitations[1]
		if ref.Kind != "referral" || ref.VendorType != "general" || ref.Details["relationship"] != "current_partner" || ref.InviterEmail != "agent@demo.test" ||
			inv.Kind != "invite" || inv.Status != "invited" || len(inv.Details["specialties"].([]any)) != 2 {
			t.Fatalf("admin list rows: %+v", list.Invitations)
		}
		res = a.DoWith(t, admin, http.MethodGet, "/api/admin/vendor-invitations?kind=invite", nil, nil)
		res.JSON(t, &list)
		if len(list.Invitations) != 1 {
			t.Fatalf("invites only: %d", len(list.Invitations))
		}
	})
}

// F-ENG-08: the location dialog's server side. The built-in geocoder places Austin's
// coordinates in Austin, TX and refuses the middle of the Atlantic (404) and a latitude of 95
// (400 naming lat). The manual form names city, state and zip_code when they break the rules
// of 03§5 and changes nothing; a valid form saves city, state, ZIP and "City, ST" to the
// caller's profile.
func TestF_ENG_08_LocationAPI(t *testing.T) {
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		acctCreateUser(t, a, "location-"+string(kind)+"@example.com", "Lee Location", true)
		c, _, _ := acctBrowser(t, a, "location-"+string(kind)+"@example.com")

		res := a.DoWith(t, c, http.MethodGet, "/api/location/reverse?lat=30.2711&lng=-97.7437", nil, nil)
		var place struct{ City, State, Source string }
		res.JSON(t, &place)
		if res.Status != http.StatusOK || place.City != "Austin" || place.State != "TX" || place.Source != "offline" {
			t.Fatalf("reverse Austin: %d %s", res.Status, res.Body)
		}
		if res := a.DoWith(t, c, http.MethodGet, "/api/location/reverse?lat=35&lng=-40", nil, nil); res.Status != http.StatusNotFound {
			t.Fatalf("Atlantic: %d %s", res.Status, res.Body)
		}
		if res := a.DoWith(t, c, http.MethodGet, "/api/location/reverse?lat=95&lng=-97", nil, nil); !slices.Contains(engFields(t, res), "lat") {
			t.Fatalf("lat 95: %d %s", res.Status, res.Body)
		}
		for _, bad := range []struct {
			body  map[string]string
			field string
		}{
			{map[string]string{"city": "", "state": "TX"}, "city"},
			{map[string]string{"city": "A", "state": "TX"}, "city"},
			{map[string]string{"city": "Austin", "state": ""}, "state"},
			{map[string]string{"city": "Austin", "state": "DC"}, "state"},
			{map[string]string{"city": "Toronto", "state": "ON"}, "state"},
			{map[string]string{"city": "Austin", "state": "TX", "zip_code": "7870"}, "zip_code"},
		} {
			res := engSend(t, a, c, http.MethodPut, "/api/location", bad.body)
			if f := engFields(t, res); !slices.Equal(f, []string{bad.field}) {
				t.Fatalf("%v: fields %v, want %s", bad.body, f, bad.field)
			}
		}
		var prof httpapi.ProfileView
		a.DoWith(t, c, http.MethodGet, "/api/profile", nil, nil).JSON(t, &prof)
		if prof.State != "" || prof.City != "" {
			t.Fatalf("a refused form changed the profile: %q %q", prof.City, prof.State)
		}
		res = engSend(t, a, c, http.MethodPut, "/api/location", map[string]string{"city": " Austin ", "state": "tx", "zip_code": "78701-1234"})
		if res.Status != http.StatusOK {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}
		a.DoWith(t, c, http.MethodGet, "/api/profile", nil, nil).JSON(t, &prof)
		if prof.City != "Austin" || prof.State != "TX" || prof.ZipCode != "78701-1234" || prof.Location != "Austin, TX" {
			t.Fatalf("profile after save: %+v", prof.Profile)
		}
	})
}
