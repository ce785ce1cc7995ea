package httpapi_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"circle/internal/admin"
	"circle/internal/audit"
	"circle/internal/catalog"
	"circle/internal/store"
)

// TestF_AREA_03_F_CAT_11_AdminAssignedReviews (issue 31 item 5, 02§3): an administrator adds a
// review on a member's behalf through the real server. Bad input answers 4xx naming each field
// and stores nothing (no review, no audit entry); a good one is stored with source
// admin_assigned, verified only when the member bought the service, with its audit entry; the
// service's detail shows it with its source and link (never the admin notes) and its rating and
// count move; a second review by the same member is 409 naming reviewer_email; the list filters
// by source; the notes of any review can be edited (audited). Only administrators pass.
func TestF_AREA_03_F_CAT_11_AdminAssignedReviews(t *testing.T) {
	adminEach(t, func(t *testing.T, s adminScene) {
		ctx := context.Background()
		a, ac, adm, agent, vendor := s.a, s.ac, s.adm, s.agent, s.vendor
		const svc = dtQuiet // no reviews in the demo
		const secret = "Collected by phone on 3 March; internal only"

		// Only administrators.
		good := `{"service_id":"` + svc + `","reviewer_email":"agent@demo.test","rating":4}`
		for _, c := range []*http.Client{agent, vendor} {
			if res := ac.call(c, http.MethodPost, "/api/admin/reviews", good); res.Status != http.StatusForbidden {
				t.Fatalf("non-admin assign: %d", res.Status)
			}
			if res := ac.call(c, http.MethodPut, "/api/admin/reviews/x/notes", `{"admin_notes":"x"}`); res.Status != http.StatusForbidden {
				t.Fatalf("non-admin notes: %d", res.Status)
			}
		}
		if res := ac.call(a.Client, http.MethodPost, "/api/admin/reviews", good); res.Status != http.StatusUnauthorized {
			t.Fatalf("visitor assign: %d", res.Status)
		}

		// Bad input names its fields and stores nothing.
		long := strings.Repeat("é", catalog.ReviewTextMax+1)
		bad := []struct {
			body   string
			fields []string
		}{
			{`{}`, []string{"service_id", "reviewer_email", "rating"}},
			{`{"service_id":"` + svc + `","reviewer_email":"agent@demo.test","rating":6}`, []string{"rating"}},
			{`{"service_id":"` + svc + `","reviewer_email":"agent@demo.test","rating":5,"review":"` + long + `"}`, []string{"review"}},
			{`{"service_id":"` + svc + `","reviewer_email":"agent@demo.test","rating":5,"source_url":"ftp://example.com/x"}`, []string{"source_url"}},
			{`{"service_id":"` + svc + `","reviewer_email":"agent@demo.test","rating":5,"source_url":"https://"}`, []string{"source_url"}},
			{`{"service_id":"` + svc + `","reviewer_email":"agent@demo.test","rating":5,"admin_notes":"` + strings.Repeat("n", admin.MaxAdminNotes+1) + `"}`, []string{"admin_notes"}},
			{`{"service_id":"svc-no-such-service","reviewer_email":"agent@demo.test","rating":5}`, []string{"service_id"}},
			{`{"service_id":"` + svc + `","reviewer_email":"nobody@example.test","rating":5}`, []string{"reviewer_email"}},
		}
		for _, b := range bad {
			if f := engFields(t, ac.call(adm, http.MethodPost, "/api/admin/reviews", b.body)); !slices.Equal(f, b.fields) {
				t.Fatalf("%s: fields %v, want %v", b.body, f, b.fields)
			}
		}
		if n, _ := serviceReviews(t, a, agent, svc); n != 0 {
			t.Fatalf("bad input stored %d reviews", n)
		}
		if p := ac.auditLog(adm, "action="+audit.ActionReviewAssign); p.Total != 0 {
			t.Fatalf("bad input wrote %d audit entries", p.Total)
		}

		// The agent never bought the service: not verified. The Pro member did (a purchase the
		// server recorded): verified. E-mail case does not matter.
		proID := dtProID
		if _, err := store.NewActivity(a.DB).RecordTrackingEvent(ctx, catalog.TrackingEvent{ServiceID: svc, UserID: &proID, EventType: "purchase", RevenueCents: 19900}, 0); err != nil {
			t.Fatal(err)
		}
		res := ac.call(adm, http.MethodPost, "/api/admin/reviews", `{"service_id":"`+svc+`","reviewer_email":" Agent@Demo.test ","rating":4,
				"review":"  Told us by phone: the course got him licensed in six weeks.  ","source_url":"https://example.com/testimonials/42","admin_notes":"`+secret+`"}`)
		if res.Status != http.StatusCreated {
			t.Fatalf("assign: %d %s", res.Status, res.Body)
		}
		var first admin.ReviewListItem
		res.JSON(t, &first)
		if first.Source != admin.ReviewSourceAdmin || first.VerifiedPurchase || first.UserID != "usr-demo-agent" || first.Rating != 4 ||
			first.Text != "Told us by phone: the course got him licensed in six weeks." || first.SourceURL != "https://example.com/testimonials/42" ||
			first.AdminNotes != secret || first.ServiceID != svc {
			t.Fatalf("assigned: %+v", first)
		}
		res = ac.call(adm, http.MethodPost, "/api/admin/reviews", `{"service_id":"`+svc+`","reviewer_email":"pro@demo.test","rating":5}`)
		var second admin.ReviewListItem
		res.JSON(t, &second)
		if res.Status != http.StatusCreated || !second.VerifiedPurchase || second.Text != "" || second.SourceURL != "" {
			t.Fatalf("verified assign: %d %s", res.Status, res.Body)
		}

		// The service page shows both like any review, with the source and its link; the rating
		// and count moved on the detail and its card; the notes never leave the back office.
		d := dtDetail(t, a, agent, svc)
		if d.Reviews.TotalReviews != 2 || d.Reviews.AverageRating != 4.5 || d.Service.Rating.TotalReviews != 2 || d.Service.Rating.AverageRating != 4.5 {
			t.Fatalf("detail rating: %+v card %+v", d.Reviews, d.Service.Rating)
		}
		var shown *catalog.ReviewView
		for i, r := range d.Reviews.Reviews {
			if r.ID == first.ID {
				shown = &d.Reviews.Reviews[i]
			}
		}
		if shown == nil || shown.ReviewSource != admin.ReviewSourceAdmin || shown.SourceURL != "https://example.com/testimonials/42" || shown.Verified ||
			shown.Author.DisplayName != "Jordan Avery" {
			t.Fatalf("detail review: %+v", shown)
		}
		for _, path := range []string{"/api/services/" + svc, "/api/services/" + svc + "/reviews"} {
			if body := engSend(t, a, agent, http.MethodGet, path, nil).Body; strings.Contains(string(body), "internal only") {
				t.Fatalf("%s shows the admin notes", path)
			}
		}

		// One review per member per service.
		res = ac.call(adm, http.MethodPost, "/api/admin/reviews", `{"service_id":"`+svc+`","reviewer_email":"agent@demo.test","rating":1}`)
		if res.Status != http.StatusConflict {
			t.Fatalf("duplicate: %d %s", res.Status, res.Body)
		}
		if f := engFields(t, res); !slices.Equal(f, []string{"reviewer_email"}) {
			t.Fatalf("duplicate fields: %v", f)
		}

		// The list shows the source and filters by it.
		var assigned admin.ReviewPage
		ac.call(adm, http.MethodGet, "/api/admin/reviews?source=admin_assigned&page_size=200", "").JSON(t, &assigned)
		got := []string{}
		for _, r := range assigned.Reviews {
			if r.Source != admin.ReviewSourceAdmin {
				t.Fatalf("source filter: %+v", r)
			}
			got = append(got, r.ID)
		}
		if !slices.Contains(got, first.ID) || !slices.Contains(got, second.ID) || assigned.Total != len(assigned.Reviews) {
			t.Fatalf("assigned list %v lacks %s, %s", got, first.ID, second.ID)
		}
		var agents admin.ReviewPage
		ac.call(adm, http.MethodGet, "/api/admin/reviews?source=agent&page_size=200", "").JSON(t, &agents)
		for _, r := range agents.Reviews {
			if r.Source != "agent" {
				t.Fatalf("agent filter: %+v", r)
			}
		}
		if res := ac.call(adm, http.MethodGet, "/api/admin/reviews?source=robot", ""); res.Status/100 != 4 {
			t.Fatalf("unknown source: %d", res.Status)
		}

		// Notes of any review (a member's too), audited with before and after.
		if f := engFields(t, ac.call(adm, http.MethodPut, "/api/admin/reviews/"+first.ID+"/notes", `{"admin_notes":"`+strings.Repeat("n", admin.MaxAdminNotes+1)+`"}`)); !slices.Equal(f, []string{"admin_notes"}) {
			t.Fatalf("long notes: %v", f)
		}
		if res := ac.call(adm, http.MethodPut, "/api/admin/reviews/no-such-review/notes", `{"admin_notes":"x"}`); res.Status != http.StatusNotFound {
			t.Fatalf("unknown review notes: %d", res.Status)
		}
		res = ac.call(adm, http.MethodPut, "/api/admin/reviews/"+first.ID+"/notes", `{"admin_notes":"  Confirmed by e-mail too.  "}`)
		var noted admin.ReviewListItem
		res.JSON(t, &noted)
		if res.Status != http.StatusOK || noted.AdminNotes != "Confirmed by e-mail too." || noted.Rating != 4 {
			t.Fatalf("notes: %d %s", res.Status, res.Body)
		}
		if agents.Total > 0 {
			member := agents.Reviews[0].ID
			if res := ac.call(adm, http.MethodPut, "/api/admin/reviews/"+member+"/notes", `{"admin_notes":"Reviewer asked us to keep it."}`); res.Status != http.StatusOK {
				t.Fatalf("member review notes: %d %s", res.Status, res.Body)
			}
		}
		p := ac.auditLog(adm, "object_kind=review&object_id="+first.ID)
		if p.Total != 2 || p.Entries[0].Action != audit.ActionReviewNotes || p.Entries[1].Action != audit.ActionReviewAssign ||
			p.Entries[1].ActorEmail != "admin@demo.test" || !strings.Contains(string(p.Entries[0].Before), secret) {
			t.Fatalf("audit: %+v", p)
		}
	})
}
