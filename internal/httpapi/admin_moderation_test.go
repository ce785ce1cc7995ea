package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"circle/internal/admin"
	"circle/internal/audit"
	"circle/internal/demo"
	"circle/internal/notify"
	"circle/internal/store"
	"circle/internal/testapp"
	"circle/internal/vendorreg"
)

// TestF_AREA_03_VendorApplicationQueue: an administrator asks an applicant for changes with a
// message that is e-mailed to them (outbox) and kept on the application, which stays pending;
// the applicant's next submission replaces it and clears the request. Approving then writes its
// audit entry on the new vendor (shown on the vendor's page) and a rejection keeps its reason
// and its entry; an empty message names its field; agents and vendors get 403.
func TestF_AREA_03_VendorApplicationQueue(t *testing.T) {
	adminEach(t, func(t *testing.T, s adminScene) {
		ctx := context.Background()
		a, ac, adm, agent, vendor := s.a, s.ac, s.adm, s.agent, s.vendor
		applicant := a.SignIn(t, "creator@demo.test", demo.Password)
		const company = "hello@bluebonnet-tc.example"
		form := map[string]any{"type": "service_provider", "company_name": "Bluebonnet TC", "contact_name": "Ana Ruiz",
			"contact_phone": "(512) 555-0111", "contact_email": company, "business_type": "service_provider",
			"categories": []string{"cat:transaction-coordinator"}, "service_states": []string{"TX"}, "settlement_provider": false,
			"website_url": "https://bluebonnet-tc.example"}
		res := engSend(t, a, applicant, http.MethodPost, "/api/vendor-applications", form)
		if res.Status != http.StatusCreated {
			t.Fatalf("submit: %d %s", res.Status, res.Body)
		}
		var app vendorreg.Application
		res.JSON(t, &app)

		for _, c := range []*http.Client{agent, vendor} {
			if res := engSend(t, a, c, http.MethodPost, "/api/admin/vendor-applications/"+app.ID+"/request-changes", map[string]string{"message": "x"}); res.Status != http.StatusForbidden {
				t.Fatalf("non-admin request changes: %d", res.Status)
			}
		}
		if f := engFields(t, engSend(t, a, adm, http.MethodPost, "/api/admin/vendor-applications/"+app.ID+"/request-changes", map[string]string{"message": "  "})); !slices.Equal(f, []string{"message"}) {
			t.Fatalf("empty message: %v", f)
		}
		const msg = "Please give the company name as registered."
		res = ac.call(adm, http.MethodPost, "/api/admin/vendor-applications/"+app.ID+"/request-changes", `{"message":"`+msg+`"}`)
		if res.Status != http.StatusOK {
			t.Fatalf("request changes: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &app)
		if app.Status != vendorreg.StatusPending || app.ChangesMessage != msg || app.ChangesRequestedAt == nil {
			t.Fatalf("after request changes: %+v", app)
		}
		mails, err := store.NewOps(a.DB).OutboxEmails(ctx, company, 10)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(mails, func(m notify.OutboxEmail) bool {
			return m.Kind == "vendor_application_changes_requested" && strings.Contains(m.Text, msg)
		}) {
			t.Fatalf("no changes-requested e-mail with the message: %+v", mails)
		}
		p := ac.auditLog(adm, "object_kind=vendor_application&object_id="+app.ID)
		if p.Total != 1 || p.Entries[0].Action != audit.ActionVendorAppChanges || p.Entries[0].ActorID != "usr-demo-admin" || p.Entries[0].RequestID != "req-admin-test" {
			t.Fatalf("request-changes audit: %+v", p)
		}

		// The applicant answers: the same application, the request cleared.
		form["company_name"] = "Bluebonnet Transactions"
		res = engSend(t, a, applicant, http.MethodPost, "/api/vendor-applications", form)
		if res.Status != http.StatusCreated {
			t.Fatalf("resubmit: %d %s", res.Status, res.Body)
		}
		var again vendorreg.Application
		res.JSON(t, &again)
		if again.ID != app.ID || again.CompanyName != "Bluebonnet Transactions" || again.ChangesRequestedAt != nil || again.ChangesMessage != "" {
			t.Fatalf("resubmitted: %+v", again)
		}
		if res := engSend(t, a, applicant, http.MethodPost, "/api/vendor-applications", form); res.Status != http.StatusConflict {
			t.Fatalf("a second submission without a request for changes: %d, want 409", res.Status)
		}

		// Verify the address (the latest link), then approve: the entry is on the vendor.
		mails, _ = store.NewOps(a.DB).OutboxEmails(ctx, company, 10)
		var token string
		for _, m := range mails {
			if m.Kind == "vendor_verify_email" && token == "" {
				token = regexp.MustCompile(`verify=([A-Za-z0-9_-]+)`).FindStringSubmatch(m.Text)[1]
			}
		}
		if res := engSend(t, a, a.Client, http.MethodPost, "/api/vendor-applications/verify", map[string]string{"token": token}); res.Status != http.StatusOK {
			t.Fatalf("verify: %d %s", res.Status, res.Body)
		}
		res = ac.call(adm, http.MethodPost, "/api/admin/vendor-applications/"+app.ID+"/approve", "")
		if res.Status != http.StatusOK {
			t.Fatalf("approve: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &app)
		if app.VendorID == nil {
			t.Fatalf("approved without a vendor: %+v", app)
		}
		p = ac.auditLog(adm, "object_kind=vendor&object_id="+*app.VendorID)
		if p.Total != 1 || p.Entries[0].Action != audit.ActionVendorAppApprove || p.Entries[0].ActorID != "usr-demo-admin" {
			t.Fatalf("approve audit: %+v", p)
		}
		var d admin.VendorDossier
		ac.call(adm, http.MethodGet, "/api/admin/vendors/"+*app.VendorID, "").JSON(t, &d)
		if d.ApplicationID != app.ID || d.Vendor.Name != "Bluebonnet Transactions" || d.Vendor.Status != "approved" || d.Vendor.RespaKind != "non_ssp" {
			t.Fatalf("new vendor's page: %+v", d)
		}
		// A decided application takes no more requests and writes no entry.
		if res := ac.call(adm, http.MethodPost, "/api/admin/vendor-applications/"+app.ID+"/request-changes", `{"message":"late"}`); res.Status != http.StatusConflict {
			t.Fatalf("request changes on an approved application: %d", res.Status)
		}
		if n := ac.auditLog(adm, "action="+audit.ActionVendorAppChanges).Total; n != 1 {
			t.Fatalf("request-changes entries: %d, want 1", n)
		}
	})
}

type searchIDs struct {
	Services []struct {
		ID string `json:"id"`
	} `json:"services"`
}

func listedServices(t *testing.T, a *testapp.App, c *http.Client) map[string]bool {
	t.Helper()
	p := okJSON[searchIDs](t, "search", engSend(t, a, c, http.MethodGet, "/api/marketplace/services?page_size=100", nil))
	out := map[string]bool{}
	for _, s := range p.Services {
		out[s.ID] = true
	}
	return out
}

// TestF_AREA_03_VendorsListAndSuspension: the vendors list pages without overlap, sorts both
// ways and filters; the vendor's page shows its services with RESPA caps, representatives and
// co-pay decisions. Suspending with a reason takes the vendor's active services off the
// marketplace at once and writes one audit entry (the vendor's page lists it); suspending
// again is 409 and writes nothing; reinstating brings back exactly those services. Agents and
// vendors get 403.
func TestF_AREA_03_VendorsListAndSuspension(t *testing.T) {
	adminEach(t, func(t *testing.T, s adminScene) {
		a, ac, adm, agent, vendor := s.a, s.ac, s.adm, s.agent, s.vendor

		var all admin.VendorPage
		ac.call(adm, http.MethodGet, "/api/admin/vendors?page_size=200", "").JSON(t, &all)
		if all.Total < 3 || len(all.Vendors) != all.Total {
			t.Fatalf("vendors: %d of %d", len(all.Vendors), all.Total)
		}
		var pages []string
		for page := 1; page <= 3; page++ {
			var p admin.VendorPage
			ac.call(adm, http.MethodGet, "/api/admin/vendors?sort=name&page_size=2&page="+string(rune('0'+page)), "").JSON(t, &p)
			for _, v := range p.Vendors {
				pages = append(pages, v.ID)
			}
		}
		want := []string{}
		for _, v := range all.Vendors[:min(6, len(all.Vendors))] {
			want = append(want, v.ID)
		}
		if !slices.Equal(pages, want) {
			t.Fatalf("paged by name: %v, want %v", pages, want)
		}
		var desc admin.VendorPage
		ac.call(adm, http.MethodGet, "/api/admin/vendors?sort=name&dir=desc&page_size=200", "").JSON(t, &desc)
		if desc.Vendors[0].ID != all.Vendors[len(all.Vendors)-1].ID {
			t.Fatalf("descending first %s, want %s", desc.Vendors[0].ID, all.Vendors[len(all.Vendors)-1].ID)
		}
		var found admin.VendorPage
		ac.call(adm, http.MethodGet, "/api/admin/vendors?q=closingbell", "").JSON(t, &found)
		if found.Total != 1 || found.Vendors[0].ID != "ven-closingbell" || found.Vendors[0].Services != 3 {
			t.Fatalf("search closingbell: %+v", found)
		}
		if res := ac.call(adm, http.MethodGet, "/api/admin/vendors?sort=nope", ""); res.Status != http.StatusUnprocessableEntity && res.Status != http.StatusBadRequest {
			t.Fatalf("unknown sort: %d", res.Status)
		}

		var d admin.VendorDossier
		ac.call(adm, http.MethodGet, "/api/admin/vendors/ven-closingbell", "").JSON(t, &d)
		if len(d.Services) != 3 || d.Vendor.Status != "approved" {
			t.Fatalf("closingbell page: %+v", d)
		}
		for _, s := range d.Services {
			if s.CopayAllowed && (s.NonSSPCap < 1 || s.SSPCap > s.NonSSPCap) {
				t.Fatalf("caps of %s: ssp %d non-ssp %d", s.ID, s.SSPCap, s.NonSSPCap)
			}
		}

		for _, c := range []*http.Client{agent, vendor} {
			for _, path := range []string{"/api/admin/vendors", "/api/admin/vendors/ven-closingbell"} {
				if res := ac.call(c, http.MethodGet, path, ""); res.Status != http.StatusForbidden {
					t.Fatalf("non-admin %s: %d", path, res.Status)
				}
			}
			if res := ac.call(c, http.MethodPost, "/api/admin/vendors/ven-closingbell/suspend", `{"reason":"x"}`); res.Status != http.StatusForbidden {
				t.Fatalf("non-admin suspend: %d", res.Status)
			}
		}

		before := listedServices(t, a, agent)
		active := []string{}
		for _, s := range d.Services {
			if s.IsActive {
				active = append(active, s.ID)
				if !before[s.ID] {
					t.Fatalf("active service %s is not listed before the suspension", s.ID)
				}
			}
		}
		if len(active) == 0 {
			t.Fatal("closingbell has no active service")
		}
		if f := engFields(t, ac.call(adm, http.MethodPost, "/api/admin/vendors/ven-closingbell/suspend", `{"reason":" "}`)); !slices.Equal(f, []string{"reason"}) {
			t.Fatalf("suspend without reason: %v", f)
		}
		v := okJSON[admin.VendorListItem](t, "suspend", ac.call(adm, http.MethodPost, "/api/admin/vendors/ven-closingbell/suspend", `{"reason":"Licence lapsed"}`))
		if v.Status != admin.VendorSuspended || v.ActiveServices != 0 || v.SuspendedAt == nil {
			t.Fatalf("suspended: %+v", v)
		}
		after := listedServices(t, a, agent)
		for _, id := range active {
			if after[id] {
				t.Fatalf("suspended vendor's service %s still listed", id)
			}
		}
		// The vendor cannot put a service back on the marketplace while suspended.
		if res := ac.call(vendor, http.MethodPost, "/api/vendor/services/"+active[0]+"/active", `{"active":true}`); res.Status != http.StatusConflict {
			t.Fatalf("a suspended vendor activates a service: %d %s", res.Status, res.Body)
		}
		if res := ac.call(adm, http.MethodPost, "/api/admin/vendors/ven-closingbell/suspend", `{"reason":"again"}`); res.Status != http.StatusConflict {
			t.Fatalf("suspend twice: %d", res.Status)
		}
		var susp admin.VendorPage
		ac.call(adm, http.MethodGet, "/api/admin/vendors?status=suspended", "").JSON(t, &susp)
		if susp.Total != 1 || susp.Vendors[0].ID != "ven-closingbell" {
			t.Fatalf("suspended filter: %+v", susp)
		}
		ac.call(adm, http.MethodGet, "/api/admin/vendors/ven-closingbell", "").JSON(t, &d)
		if d.SuspendedReason != "Licence lapsed" {
			t.Fatalf("suspended reason: %q", d.SuspendedReason)
		}
		p := ac.auditLog(adm, "object_kind=vendor&object_id=ven-closingbell")
		if p.Total != 1 || p.Entries[0].Action != audit.ActionVendorSuspend || p.Entries[0].ActorID != "usr-demo-admin" {
			t.Fatalf("suspend audit: %+v", p)
		}
		var entry struct {
			Reason     string   `json:"reason"`
			ServiceIDs []string `json:"service_ids"`
		}
		if err := json.Unmarshal(p.Entries[0].After, &entry); err != nil || entry.Reason != "Licence lapsed" || !slices.Equal(entry.ServiceIDs, sorted(active)) {
			t.Fatalf("suspend entry: %+v (%v)", entry, err)
		}

		if res := ac.call(adm, http.MethodPost, "/api/admin/vendors/ven-closingbell/reinstate", `{"reason":"Licence renewed"}`); res.Status != http.StatusOK {
			t.Fatalf("reinstate: %d %s", res.Status, res.Body)
		}
		back := listedServices(t, a, agent)
		for _, id := range active {
			if !back[id] {
				t.Fatalf("reinstated vendor's service %s not listed", id)
			}
		}
		if res := ac.call(adm, http.MethodPost, "/api/admin/vendors/ven-closingbell/reinstate", `{"reason":"again"}`); res.Status != http.StatusConflict {
			t.Fatalf("reinstate twice: %d", res.Status)
		}
		if p := ac.auditLog(adm, "object_kind=vendor&object_id=ven-closingbell"); p.Total != 2 || p.Entries[0].Action != audit.ActionVendorReinstate {
			t.Fatalf("vendor entries: %+v", p)
		}
	})
}

type detailReviews struct {
	Reviews struct {
		TotalReviews int `json:"total_reviews"`
		Reviews      []struct {
			ID string `json:"id"`
		} `json:"reviews"`
	} `json:"reviews"`
}

func serviceReviews(t *testing.T, a *testapp.App, c *http.Client, id string) (total int, ids []string) {
	t.Helper()
	var d detailReviews
	res := engSend(t, a, c, http.MethodGet, "/api/services/"+id, nil)
	if res.Status != http.StatusOK {
		t.Fatalf("detail %s: %d %s", id, res.Status, res.Body)
	}
	res.JSON(t, &d)
	for _, r := range d.Reviews.Reviews {
		ids = append(ids, r.ID)
	}
	return d.Reviews.TotalReviews, ids
}

// TestF_AREA_03_ReviewModeration: the reviews list pages, sorts and filters (status, rating,
// verified purchase); hiding a review needs a reason, takes it out of the service's detail,
// rating and review count at once and writes one audit entry; hiding again is 409; restoring
// brings it back with its own entry. Agents and vendors get 403.
func TestF_AREA_03_ReviewModeration(t *testing.T) {
	adminEach(t, func(t *testing.T, s adminScene) {
		a, ac, adm, agent, vendor := s.a, s.ac, s.adm, s.agent, s.vendor

		var all admin.ReviewPage
		ac.call(adm, http.MethodGet, "/api/admin/reviews?page_size=200", "").JSON(t, &all)
		if all.Total < 2 || len(all.Reviews) != all.Total {
			t.Fatalf("reviews: %d of %d", len(all.Reviews), all.Total)
		}
		for i := 1; i < len(all.Reviews); i++ {
			if all.Reviews[i].CreatedAt.After(all.Reviews[i-1].CreatedAt) {
				t.Fatal("reviews not newest first")
			}
		}
		var byRating admin.ReviewPage
		ac.call(adm, http.MethodGet, "/api/admin/reviews?sort=rating&dir=asc&page_size=200", "").JSON(t, &byRating)
		for i := 1; i < len(byRating.Reviews); i++ {
			if byRating.Reviews[i].Rating < byRating.Reviews[i-1].Rating {
				t.Fatal("reviews not by rating")
			}
		}
		var five admin.ReviewPage
		ac.call(adm, http.MethodGet, "/api/admin/reviews?rating=5&verified=yes&page_size=200", "").JSON(t, &five)
		for _, r := range five.Reviews {
			if r.Rating != 5 || !r.VerifiedPurchase {
				t.Fatalf("filtered review: %+v", r)
			}
		}
		for _, c := range []*http.Client{agent, vendor} {
			if res := ac.call(c, http.MethodGet, "/api/admin/reviews", ""); res.Status != http.StatusForbidden {
				t.Fatalf("non-admin reviews: %d", res.Status)
			}
			if res := ac.call(c, http.MethodPost, "/api/admin/reviews/"+all.Reviews[0].ID+"/hide", `{"reason":"x"}`); res.Status != http.StatusForbidden {
				t.Fatalf("non-admin hide: %d", res.Status)
			}
		}

		// The newest review of a service that shows it on its detail.
		var target admin.ReviewListItem
		var total int
		for _, r := range all.Reviews {
			n, ids := serviceReviews(t, a, agent, r.ServiceID)
			if slices.Contains(ids, r.ID) {
				target, total = r, n
				break
			}
		}
		if target.ID == "" {
			t.Fatal("no review is shown on its service's detail")
		}
		if f := engFields(t, ac.call(adm, http.MethodPost, "/api/admin/reviews/"+target.ID+"/hide", `{"reason":""}`)); !slices.Equal(f, []string{"reason"}) {
			t.Fatalf("hide without reason: %v", f)
		}
		hidden := okJSON[admin.ReviewListItem](t, "hide", ac.call(adm, http.MethodPost, "/api/admin/reviews/"+target.ID+"/hide", `{"reason":"Spam link"}`))
		if hidden.Status != admin.ReviewHidden || hidden.HiddenReason != "Spam link" || hidden.HiddenAt == nil {
			t.Fatalf("hidden: %+v", hidden)
		}
		n, ids := serviceReviews(t, a, agent, target.ServiceID)
		if n != total-1 || slices.Contains(ids, target.ID) {
			t.Fatalf("after hiding: %d reviews %v, want %d without %s", n, ids, total-1, target.ID)
		}
		if res := ac.call(adm, http.MethodPost, "/api/admin/reviews/"+target.ID+"/hide", `{"reason":"again"}`); res.Status != http.StatusConflict {
			t.Fatalf("hide twice: %d", res.Status)
		}
		var hiddenList admin.ReviewPage
		ac.call(adm, http.MethodGet, "/api/admin/reviews?status=hidden", "").JSON(t, &hiddenList)
		if hiddenList.Total != 1 || hiddenList.Reviews[0].ID != target.ID {
			t.Fatalf("hidden filter: %+v", hiddenList)
		}
		if res := ac.call(adm, http.MethodPost, "/api/admin/reviews/"+target.ID+"/restore", `{"reason":"Appeal accepted"}`); res.Status != http.StatusOK {
			t.Fatalf("restore: %d %s", res.Status, res.Body)
		}
		if n, ids := serviceReviews(t, a, agent, target.ServiceID); n != total || !slices.Contains(ids, target.ID) {
			t.Fatalf("after restoring: %d reviews %v", n, ids)
		}
		p := ac.auditLog(adm, "object_kind=review&object_id="+target.ID)
		if p.Total != 2 || p.Entries[0].Action != audit.ActionReviewRestore || p.Entries[1].Action != audit.ActionReviewHide {
			t.Fatalf("review entries: %+v", p)
		}
	})
}
