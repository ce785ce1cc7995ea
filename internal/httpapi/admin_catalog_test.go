package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"circle/internal/admin"
	"circle/internal/appconfig"
	"circle/internal/audit"
	"circle/internal/catalogwrite"
	"circle/internal/store"
)

const cbService = "svc-closingbell-tc"

func adminServiceForm(over map[string]any) string {
	form := map[string]any{"title": "Contract-to-Close Transaction Coordination", "title_es": "Coordinación de cierre", "title_fr": "",
		"description": "A licensed coordinator manages every deadline from contract to close.", "categories": []string{"cat:transaction-coordinator"},
		"retail_price": "$412.50", "pro_price": "$350", "billing_period": "one_time", "copay_allowed": true, "split_limit": 40,
		"active": true, "featured": true, "top_pick": false, "sponsored": true, "sort_order": 3}
	for k, v := range over {
		form[k] = v
	}
	b, _ := json.Marshal(form)
	return string(b)
}

// TestF_AREA_03_AdminCatalogue: the services list pages without overlap, sorts and filters;
// an administrator edits any field of a vendor's service through the catalogue write path: the
// price shows on the public detail at once, a catalog_changes row and one audit entry (before
// and after) are written; a Pro price above retail and a split above the RESPA cap are named
// field errors that write nothing; agents and vendors are refused.
func TestF_AREA_03_AdminCatalogue(t *testing.T) {
	adminEach(t, func(t *testing.T, s adminScene) {
		ctx := context.Background()
		a, ac, adm, agent, vendor := s.a, s.ac, s.adm, s.agent, s.vendor
		for _, c := range []*http.Client{agent, vendor} {
			if res := ac.call(c, http.MethodGet, "/api/admin/services", ""); res.Status != http.StatusForbidden {
				t.Fatalf("non-admin list: %d", res.Status)
			}
			if res := ac.call(c, http.MethodPut, "/api/admin/services/"+cbService, adminServiceForm(nil)); res.Status != http.StatusForbidden {
				t.Fatalf("non-admin save: %d", res.Status)
			}
		}

		list := func(q string) admin.ServicePage {
			t.Helper()
			return okJSON[admin.ServicePage](t, "list "+q, ac.call(adm, http.MethodGet, "/api/admin/services?"+q, ""))
		}
		p1, p2 := list("sort=title&dir=asc&page=1&page_size=3"), list("sort=title&dir=asc&page=2&page_size=3")
		if p1.Total < 6 || len(p1.Services) != 3 || len(p2.Services) != 3 || p1.Total != p2.Total {
			t.Fatalf("pages: %d %d %d", p1.Total, len(p1.Services), len(p2.Services))
		}
		for _, s := range p2.Services {
			if slices.ContainsFunc(p1.Services, func(o admin.ServiceListItem) bool { return o.ID == s.ID }) {
				t.Fatalf("pages overlap on %s", s.ID)
			}
		}
		if strings.ToLower(p1.Services[2].Title) > strings.ToLower(p2.Services[0].Title) {
			t.Fatalf("not sorted by title: %q then %q", p1.Services[2].Title, p2.Services[0].Title)
		}
		if p := list("q=contract-to-close&status=active"); p.Total != 1 || p.Services[0].ID != cbService || p.Services[0].VendorName == "" {
			t.Fatalf("search: %+v", p)
		}
		if res := ac.call(adm, http.MethodGet, "/api/admin/services?category=crms", ""); res.Status != http.StatusBadRequest {
			t.Fatalf("bad category filter: %d", res.Status)
		}

		before := okJSON[catalogwrite.AdminView](t, "get", ac.call(adm, http.MethodGet, "/api/admin/services/"+cbService, ""))
		if before.VendorKind != "non_ssp" || before.SplitCap != 70 || len(before.Choices) == 0 {
			t.Fatalf("view: %+v", before)
		}
		changes := func() int {
			n, err := store.NewCatalogWrites(a.DB).CatalogChangeCount(ctx, cbService)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		n0 := changes()

		for field, over := range map[string]map[string]any{
			"pro_price":   {"pro_price": "$500"},
			"split_limit": {"split_limit": 71},
			"sort_order":  {"sort_order": 200000},
		} {
			res := ac.call(adm, http.MethodPut, "/api/admin/services/"+cbService, adminServiceForm(over))
			if res.Status != http.StatusBadRequest || !strings.Contains(string(res.Body), `"`+field+`"`) {
				t.Fatalf("%s: %d %s", field, res.Status, res.Body)
			}
		}
		if got := ac.auditLog(adm, "object_kind=service&object_id="+cbService); got.Total != 0 || changes() != n0 {
			t.Fatalf("refused saves wrote: %d entries, %d changes", got.Total, changes()-n0)
		}

		after := okJSON[catalogwrite.AdminView](t, "save", ac.call(adm, http.MethodPut, "/api/admin/services/"+cbService, adminServiceForm(nil)))
		if after.RetailCents == nil || *after.RetailCents != 41250 || after.ProCents == nil || *after.ProCents != 35000 ||
			!after.Featured || !after.Sponsored || after.SortOrder != 3 || after.SplitLimit != 40 || after.TitleEs != "Coordinación de cierre" {
			t.Fatalf("after save: %+v", after)
		}
		if changes() != n0+1 {
			t.Fatalf("catalog_changes: %d new", changes()-n0)
		}
		log := ac.auditLog(adm, "object_kind=service&object_id="+cbService)
		if log.Total != 1 || log.Entries[0].Action != audit.ActionServiceUpdate || log.Entries[0].ActorID != "usr-demo-admin" {
			t.Fatalf("audit: %+v", log)
		}
		var was, now catalogwrite.AdminView
		if err := json.Unmarshal(log.Entries[0].Before, &was); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(log.Entries[0].After, &now); err != nil {
			t.Fatal(err)
		}
		if *was.RetailCents != *before.RetailCents || *now.RetailCents != 41250 || was.Featured == now.Featured && !now.Featured {
			t.Fatalf("audit before/after: %v -> %v", *was.RetailCents, *now.RetailCents)
		}
		detail := a.Get(t, "/api/services/"+cbService)
		if detail.Status != http.StatusOK || !strings.Contains(string(detail.Body), `"retail_price_cents":41250`) {
			t.Fatalf("public detail after save: %d %s", detail.Status, detail.Body)
		}
	})
}

// TestF_AREA_03_ConfigurationScreen: every configuration key and 02§6 flag is listed with its
// description; a change shows who made it and when (from the audit log), is in the public
// configuration the web app reads, and only that key is marked changed.
func TestF_AREA_03_ConfigurationScreen(t *testing.T) {
	adminEach(t, func(t *testing.T, s adminScene) {
		a, ac, adm, agent := s.a, s.ac, s.adm, s.agent
		if res := ac.call(agent, http.MethodGet, "/api/admin/config", ""); res.Status != http.StatusForbidden {
			t.Fatalf("agent: %d", res.Status)
		}
		read := func() map[string]appconfig.ConfigEntry {
			t.Helper()
			res := ac.call(adm, http.MethodGet, "/api/admin/config", "")
			if res.Status != http.StatusOK {
				t.Fatalf("config: %d %s", res.Status, res.Body)
			}
			var v struct {
				Entries []appconfig.ConfigEntry `json:"entries"`
			}
			res.JSON(t, &v)
			out := map[string]appconfig.ConfigEntry{}
			for _, e := range v.Entries {
				out[e.Key] = e
			}
			return out
		}
		got := read()
		if len(got) != len(appconfig.Keys) {
			t.Fatalf("keys: %d, want %d", len(got), len(appconfig.Keys))
		}
		for _, k := range appconfig.Keys {
			if got[k].Description == "" {
				t.Fatalf("%s has no description", k)
			}
		}
		if e := got["flag_top_deals"]; e.Value != "false" || !e.Flag || e.ChangedAt != nil || got["flag_academy"].Value != "true" {
			t.Fatalf("defaults: %+v %+v", e, got["flag_academy"])
		}
		if res := ac.call(adm, http.MethodPatch, "/api/admin/config", `{"changes":[{"key":"flag_top_deals","value":"true"}]}`); res.Status != http.StatusOK {
			t.Fatalf("change: %d %s", res.Status, res.Body)
		}
		got = read()
		if e := got["flag_top_deals"]; e.Value != "true" || e.ChangedBy != "admin@demo.test" || e.ChangedAt == nil {
			t.Fatalf("after change: %+v", e)
		}
		if e := got["flag_academy"]; e.ChangedAt != nil {
			t.Fatalf("unchanged key marked changed: %+v", e)
		}
		if pub := a.Get(t, "/api/config"); !strings.Contains(string(pub.Body), `"flag_top_deals":true`) {
			t.Fatalf("public config: %s", pub.Body)
		}
	})
}
