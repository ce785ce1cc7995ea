package httpapi_test

import (
	"context"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"circle/internal/catalogwrite"
	"circle/internal/demo"
	"circle/internal/notices"
	"circle/internal/notify"
	"circle/internal/roles"
	"circle/internal/store"
	"circle/internal/testapp"
	"circle/internal/vendorinvite"
	"circle/internal/vendorreg"
)

// TestF_AREA_01_VendorRegistrationAndApproval: a signed-in user applies to list on Circle. A bad
// form names every wrong field (licence and NMLS for a lender, the SSP answer, categories,
// states) and stores nothing; a good one is stored pending and e-mails a verification link to
// the company address; a second application is 409. An administrator cannot approve it before
// the address is verified (409); once verified, approving creates the vendor owned by the
// applicant, grants the vendor role once (a recorded grant), writes the applicant's notice and
// e-mail, and credits the agent whose invitation went to that address; approving again is 409
// and grants nothing more.
func TestF_AREA_01_VendorRegistrationAndApproval(t *testing.T) {
	demoEach(t, func(t *testing.T, a *testapp.App) {
		ctx := context.Background()
		admin := a.SignIn(t, "admin@demo.test", demo.Password)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		applicant := a.SignIn(t, "creator@demo.test", demo.Password)
		const company = "team@lonestar-title.example"

		// The agent invited this company before it applied.
		res := engSend(t, a, agent, http.MethodPost, "/api/vendor-invites", map[string]any{"vendor_type": "settlement", "name": "Lone Star Title",
			"category": "Title Company", "contact_email": company, "phone": "(512) 555-0100"})
		if res.Status != http.StatusCreated {
			t.Fatalf("invite: %d %s", res.Status, res.Body)
		}

		bad := map[string]any{"type": "service_provider", "company_name": "L", "contact_name": "Dana Ruiz", "contact_phone": "12",
			"contact_email": "not-an-email", "business_type": "lender", "categories": []string{"cat:nope"}, "service_states": []string{},
			"settlement_provider": false, "website_url": "ftp://x"}
		res = engSend(t, a, applicant, http.MethodPost, "/api/vendor-applications", bad)
		want := []string{"categories", "company_name", "contact_email", "contact_phone", "license_number", "nmls_id", "service_states", "settlement_provider", "website_url"}
		if got := engFields(t, res); res.Status != http.StatusBadRequest && res.Status != http.StatusUnprocessableEntity || !slices.Equal(sorted(got), want) {
			t.Fatalf("bad application: %d fields %v, want %v", res.Status, got, want)
		}
		var mine struct {
			Application *vendorreg.Application `json:"application"`
		}
		engSend(t, a, applicant, http.MethodGet, "/api/vendor-applications/mine", nil).JSON(t, &mine)
		if mine.Application != nil {
			t.Fatalf("a refused application was stored: %+v", mine.Application)
		}

		good := map[string]any{"type": "co_marketing", "company_name": "Lone Star Title", "contact_name": "Dana Ruiz",
			"contact_phone": "(512) 555-0100", "contact_email": "Team@LoneStar-Title.example", "business_type": "title_company",
			"categories": []string{"cat:insurance-compliance", "cat:transaction-coordinator"}, "service_states": []string{"tx", "OK"},
			"license_number": "TX-884120", "settlement_provider": true, "website_url": "https://lonestar-title.example"}
		res = engSend(t, a, applicant, http.MethodPost, "/api/vendor-applications", good)
		if res.Status != http.StatusCreated {
			t.Fatalf("submit: %d %s", res.Status, res.Body)
		}
		var app vendorreg.Application
		res.JSON(t, &app)
		if app.Status != vendorreg.StatusPending || app.ContactEmail != company || !slices.Equal(app.ServiceStates, []string{"OK", "TX"}) ||
			!app.SettlementProvider || app.EmailVerifiedAt != nil {
			t.Fatalf("stored application: %+v", app)
		}
		if res := engSend(t, a, applicant, http.MethodPost, "/api/vendor-applications", good); res.Status != http.StatusConflict {
			t.Fatalf("second application: %d, want 409", res.Status)
		}

		// Not verified yet: not approvable.
		if res := engSend(t, a, admin, http.MethodPost, "/api/admin/vendor-applications/"+app.ID+"/approve", nil); res.Status != http.StatusConflict {
			t.Fatalf("approve unverified: %d %s, want 409", res.Status, res.Body)
		}
		mails, err := store.NewOps(a.DB).OutboxEmails(ctx, company, 10)
		if err != nil {
			t.Fatal(err)
		}
		var token string
		for _, m := range mails {
			if m.Kind == "vendor_verify_email" {
				token = regexp.MustCompile(`verify=([A-Za-z0-9_-]+)`).FindStringSubmatch(m.Text)[1]
			}
		}
		if token == "" {
			t.Fatalf("no verification e-mail: %+v", mails)
		}
		if f := engFields(t, engSend(t, a, a.Client, http.MethodPost, "/api/vendor-applications/verify", map[string]string{"token": "wrong"})); !slices.Equal(f, []string{"token"}) {
			t.Fatalf("wrong token: %v", f)
		}
		if res := engSend(t, a, a.Client, http.MethodPost, "/api/vendor-applications/verify", map[string]string{"token": token}); res.Status != http.StatusOK {
			t.Fatalf("verify: %d %s", res.Status, res.Body)
		}

		// The creator is not a vendor before the approval.
		if res := engSend(t, a, applicant, http.MethodGet, "/api/vendor/services", nil); res.Status != http.StatusForbidden {
			t.Fatalf("vendor services before approval: %d, want 403", res.Status)
		}
		res = engSend(t, a, admin, http.MethodPost, "/api/admin/vendor-applications/"+app.ID+"/approve", nil)
		if res.Status != http.StatusOK {
			t.Fatalf("approve: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &app)
		if app.Status != vendorreg.StatusApproved || app.VendorID == nil || app.DecidedBy == nil || *app.DecidedBy != "usr-demo-admin" {
			t.Fatalf("approved application: %+v", app)
		}
		if res := engSend(t, a, admin, http.MethodPost, "/api/admin/vendor-applications/"+app.ID+"/approve", nil); res.Status != http.StatusConflict {
			t.Fatalf("approve twice: %d, want 409", res.Status)
		}

		// The vendor role: one live grant by the administrator; the applicant is a vendor now.
		var h struct {
			Live    []roles.Grant `json:"live"`
			History []roles.Grant `json:"history"`
		}
		engSend(t, a, admin, http.MethodGet, "/api/admin/users/usr-demo-creator/roles", nil).JSON(t, &h)
		vendorGrants := 0
		for _, g := range h.History {
			if g.Role == roles.Vendor {
				vendorGrants++
				if g.GrantedBy != "usr-demo-admin" || !strings.Contains(g.Reason, app.ID) {
					t.Fatalf("vendor grant: %+v", g)
				}
			}
		}
		if vendorGrants != 1 {
			t.Fatalf("vendor grants: %d, want 1 (%+v)", vendorGrants, h.History)
		}
		var list struct {
			Vendors []struct {
				ID   string `json:"id"`
				Name string `json:"name"`
				SSP  bool   `json:"ssp"`
			} `json:"vendors"`
			Services []catalogwrite.Editable `json:"services"`
		}
		res = engSend(t, a, applicant, http.MethodGet, "/api/vendor/services", nil)
		if res.Status != http.StatusOK {
			t.Fatalf("vendor services after approval: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &list)
		if len(list.Vendors) != 1 || list.Vendors[0].ID != *app.VendorID || list.Vendors[0].Name != "Lone Star Title" || !list.Vendors[0].SSP {
			t.Fatalf("owned vendors: %+v", list.Vendors)
		}

		// Told in the app and by e-mail.
		var ns struct {
			Notifications []notices.View `json:"notifications"`
		}
		engSend(t, a, applicant, http.MethodGet, "/api/notifications", nil).JSON(t, &ns)
		if len(ns.Notifications) == 0 || ns.Notifications[0].Kind != vendorreg.NoticeApproved || ns.Notifications[0].Parameters["vendor"] != "Lone Star Title" {
			t.Fatalf("notices: %+v", ns.Notifications)
		}
		mails, _ = store.NewOps(a.DB).OutboxEmails(ctx, company, 10)
		if !slices.ContainsFunc(mails, func(m notify.OutboxEmail) bool { return m.Kind == "vendor_application_approved" }) {
			t.Fatalf("no approval e-mail: %+v", mails)
		}

		// The inviting agent is credited once.
		var invs struct {
			Invitations []vendorinvite.Invitation `json:"invitations"`
		}
		engSend(t, a, admin, http.MethodGet, "/api/admin/vendor-invitations", nil).JSON(t, &invs)
		credited := 0
		for _, inv := range invs.Invitations {
			if inv.VendorEmail == company && inv.Status == vendorinvite.StatusJoined && inv.JoinedUserID == "usr-demo-creator" {
				credited++
			}
		}
		if credited != 1 {
			t.Fatalf("credited invitations: %d, want 1 (%+v)", credited, invs.Invitations)
		}

		// Reject: a reason is required, and a decided application cannot be rejected.
		if f := engFields(t, engSend(t, a, admin, http.MethodPost, "/api/admin/vendor-applications/"+app.ID+"/reject", map[string]string{"reason": " "})); !slices.Equal(f, []string{"reason"}) {
			t.Fatalf("empty reason: %v", f)
		}
		if res := engSend(t, a, admin, http.MethodPost, "/api/admin/vendor-applications/"+app.ID+"/reject", map[string]string{"reason": "late"}); res.Status != http.StatusConflict {
			t.Fatalf("reject approved: %d, want 409", res.Status)
		}
	})
}

func sorted(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}

type searchPage struct {
	Services []struct {
		ID     string `json:"id"`
		Offers struct {
			Member struct {
				Cents *int64 `json:"cents"`
			} `json:"member"`
		} `json:"offers"`
	} `json:"services"`
}

// memberPriceInSearch is the member's price of a service on the marketplace's search, or nil
// when the search does not list it.
func memberPriceInSearch(t *testing.T, a *testapp.App, c *http.Client, q, id string) (*int64, bool) {
	t.Helper()
	p := okJSON[searchPage](t, "search", engSend(t, a, c, http.MethodGet, "/api/marketplace/services?q="+q+"&page_size=100", nil))
	for _, s := range p.Services {
		if s.ID == id {
			return s.Offers.Member.Cents, true
		}
	}
	return nil, false
}

// TestF_AREA_01_VendorServicesEditor: the demo vendor edits its own service through the one
// catalogue write path. Bad prices and splits name their fields (packages[i].price too) and
// change nothing; a good edit is recorded in catalog_changes and shows at once in the
// marketplace's search to an agent; deactivating takes it off the marketplace; duplicating
// makes an inactive copy. Another vendor's service, and a vendor account that owns no vendor,
// get 404, as does an agent (403 at the role check first).
func TestF_AREA_01_VendorServicesEditor(t *testing.T) {
	demoEach(t, func(t *testing.T, a *testapp.App) {
		ctx := context.Background()
		vendor := a.SignIn(t, "vendor@demo.test", demo.Password)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		admin := a.SignIn(t, "admin@demo.test", demo.Password)
		const svc = "svc-closingbell-tc"

		var list struct {
			Services []catalogwrite.Editable `json:"services"`
		}
		engSend(t, a, vendor, http.MethodGet, "/api/vendor/services", nil).JSON(t, &list)
		i := slices.IndexFunc(list.Services, func(e catalogwrite.Editable) bool { return e.ID == svc })
		if i < 0 || len(list.Services) < 2 {
			t.Fatalf("the vendor's services: %+v", list.Services)
		}
		for _, e := range list.Services {
			if e.VendorID != "ven-closingbell" {
				t.Fatalf("another vendor's service listed: %+v", e)
			}
		}
		before, listed := memberPriceInSearch(t, a, agent, "coordination", svc)
		if !listed || before == nil || *before != 39500 {
			t.Fatalf("marketplace before the edit: %v %v", before, listed)
		}

		form := map[string]any{"title": "Contract-to-Close Transaction Coordination", "description": "A licensed coordinator manages every deadline.",
			"categories": []string{"cat:transaction-coordinator", "cat:productivity"}, "retail_price": "abc", "pro_price": "$500",
			"billing_period": "one_time", "copay_allowed": true, "split_limit": 90,
			"packages": []map[string]any{{"name": "One side", "price": "$395", "popular": true}, {"name": "Dual", "price": "-5", "popular": true}}}
		res := engSend(t, a, vendor, http.MethodPut, "/api/vendor/services/"+svc, form)
		want := []string{"packages", "packages[1].price", "retail_price", "split_limit"}
		if got := sorted(engFields(t, res)); !slices.Equal(got, want) {
			t.Fatalf("bad edit fields %v, want %v (%s)", got, want, res.Body)
		}
		form["retail_price"] = "$412"
		form["split_limit"] = 40
		form["packages"] = []map[string]any{{"name": "One side", "price": "$412", "pro_price": "$500"}}
		if got := engFields(t, engSend(t, a, vendor, http.MethodPut, "/api/vendor/services/"+svc, form)); !slices.Equal(sorted(got), []string{"packages[0].pro_price", "pro_price"}) {
			t.Fatalf("Pro above retail: %v", got)
		}
		if p, _ := memberPriceInSearch(t, a, agent, "coordination", svc); p == nil || *p != 39500 {
			t.Fatalf("a refused edit changed the price: %v", p)
		}

		form["pro_price"] = "$380"
		form["packages"] = []map[string]any{{"name": "One side", "price": "$412", "features": []string{"File opened within 24 hours"}, "popular": true},
			{"name": "Dual agency", "price": "$595"}}
		res = engSend(t, a, vendor, http.MethodPut, "/api/vendor/services/"+svc, form)
		if res.Status != http.StatusOK {
			t.Fatalf("edit: %d %s", res.Status, res.Body)
		}
		var e catalogwrite.Editable
		res.JSON(t, &e)
		if e.RetailCents == nil || *e.RetailCents != 41200 || e.SplitLimit != 40 || len(e.Packages) != 2 || !e.Packages[0].Popular ||
			!slices.Equal(sorted(e.Categories), []string{"cat:productivity", "cat:transaction-coordinator"}) || !e.HasDraft || e.DraftSavedAt == nil {
			t.Fatalf("edited service: %+v", e)
		}
		// A saved edit is a draft (F-ENG-05 drafts): the marketplace keeps the live price and
		// nothing is announced until Publish.
		if p, _ := memberPriceInSearch(t, a, agent, "coordination", svc); p == nil || *p != 39500 {
			t.Fatalf("marketplace after saving a draft: %v, want the live 39500", p)
		}
		if n, err := store.NewCatalogWrites(a.DB).CatalogChangeCount(ctx, svc); err != nil || n != 0 {
			t.Fatalf("catalogue changes of %s after a draft: %d %v, want 0", svc, n, err)
		}
		res = engSend(t, a, vendor, http.MethodPost, "/api/vendor/services/"+svc+"/publish", nil)
		if res.Status != http.StatusOK {
			t.Fatalf("publish: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &e)
		if e.HasDraft || e.RetailCents == nil || *e.RetailCents != 41200 || len(e.Packages) != 2 || e.Packages[0].ID == "" {
			t.Fatalf("published service: %+v", e)
		}
		if p, _ := memberPriceInSearch(t, a, agent, "coordination", svc); p == nil || *p != 41200 {
			t.Fatalf("marketplace after publishing: %v, want 41200", p)
		}
		if n, err := store.NewCatalogWrites(a.DB).CatalogChangeCount(ctx, svc); err != nil || n != 1 {
			t.Fatalf("catalogue changes of %s: %d %v, want 1", svc, n, err)
		}
		// A second press publishes nothing more.
		if res := engSend(t, a, vendor, http.MethodPost, "/api/vendor/services/"+svc+"/publish", nil); res.Status != http.StatusOK {
			t.Fatalf("publish again: %d %s", res.Status, res.Body)
		}
		if n, _ := store.NewCatalogWrites(a.DB).CatalogChangeCount(ctx, svc); n != 1 {
			t.Fatalf("catalogue changes after a second publish: %d, want 1", n)
		}
		// Discard: the draft goes, the live service stays.
		form["retail_price"] = "$999"
		form["packages"] = []map[string]any{{"name": "One side", "price": "$999"}}
		if res := engSend(t, a, vendor, http.MethodPut, "/api/vendor/services/"+svc, form); res.Status != http.StatusOK {
			t.Fatalf("second draft: %d %s", res.Status, res.Body)
		}
		res = engSend(t, a, vendor, http.MethodDelete, "/api/vendor/services/"+svc+"/draft", nil)
		var kept catalogwrite.Editable
		res.JSON(t, &kept)
		if res.Status != http.StatusOK || kept.HasDraft || kept.RetailCents == nil || *kept.RetailCents != 41200 || len(kept.Packages) != 2 {
			t.Fatalf("discard: %d %+v", res.Status, kept)
		}
		if p, _ := memberPriceInSearch(t, a, agent, "coordination", svc); p == nil || *p != 41200 {
			t.Fatalf("marketplace after discarding: %v, want 41200", p)
		}

		// Deactivate: off the marketplace at once; activate: back.
		if res := engSend(t, a, vendor, http.MethodPost, "/api/vendor/services/"+svc+"/active", map[string]bool{"active": false}); res.Status != http.StatusOK {
			t.Fatalf("deactivate: %d %s", res.Status, res.Body)
		}
		if _, listed := memberPriceInSearch(t, a, agent, "coordination", svc); listed {
			t.Fatalf("a deactivated service is still in the marketplace")
		}
		engSend(t, a, vendor, http.MethodPost, "/api/vendor/services/"+svc+"/active", map[string]bool{"active": true})
		if _, listed := memberPriceInSearch(t, a, agent, "coordination", svc); !listed {
			t.Fatalf("a reactivated service is not in the marketplace")
		}

		// Duplicate: an inactive copy with the packages.
		res = engSend(t, a, vendor, http.MethodPost, "/api/vendor/services/"+svc+"/duplicate", nil)
		if res.Status != http.StatusCreated {
			t.Fatalf("duplicate: %d %s", res.Status, res.Body)
		}
		var cp catalogwrite.Editable
		res.JSON(t, &cp)
		if cp.ID == svc || cp.Active || !strings.HasSuffix(cp.Title, "(copy)") || len(cp.Packages) != 2 || cp.Packages[0].ID == e.Packages[0].ID {
			t.Fatalf("copy: %+v", cp)
		}

		// Another vendor's service: 404 to this vendor, for reading and writing.
		other := "svc-listingloop-hdr-photos"
		for _, call := range []struct{ method, path string }{{http.MethodGet, ""}, {http.MethodPut, ""}, {http.MethodPost, "/active"}, {http.MethodPost, "/duplicate"},
			{http.MethodPost, "/publish"}, {http.MethodDelete, "/draft"}, {http.MethodGet, "/funnel"}} {
			var body any
			if call.method == http.MethodPut {
				body = form
			} else if call.path == "/active" {
				body = map[string]bool{"active": false}
			}
			if res := engSend(t, a, vendor, call.method, "/api/vendor/services/"+other+call.path, body); res.Status != http.StatusNotFound {
				t.Fatalf("%s another vendor's service%s: %d, want 404", call.method, call.path, res.Status)
			}
		}
		// An agent is refused at the role check; made a vendor without a vendor, still 404.
		if res := engSend(t, a, agent, http.MethodGet, "/api/vendor/services", nil); res.Status != http.StatusForbidden {
			t.Fatalf("agent lists vendor services: %d, want 403", res.Status)
		}
		if res := engSend(t, a, admin, http.MethodPost, "/api/admin/users/usr-demo-agent/roles", map[string]string{"role": "vendor"}); res.Status != http.StatusCreated {
			t.Fatalf("grant vendor to the agent: %d %s", res.Status, res.Body)
		}
		if res := engSend(t, a, agent, http.MethodPut, "/api/vendor/services/"+svc, form); res.Status != http.StatusNotFound {
			t.Fatalf("a vendor without this vendor edits its service: %d, want 404", res.Status)
		}
		if res := engSend(t, a, agent, http.MethodPost, "/api/vendor/services", form); res.Status != http.StatusForbidden {
			t.Fatalf("create without a vendor: %d %s, want 403", res.Status, res.Body)
		}
	})
}
