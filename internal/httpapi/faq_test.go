package httpapi_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"circle/internal/support"
)

type faqPublic struct {
	Enabled bool              `json:"enabled"`
	Items   []support.FAQItem `json:"items"`
}

// TestF_HELP_01_RemoteFAQBehindItsFlag (issue 29 item 6, 03§7 faq_items): administrators add,
// change and remove remote FAQ items, each written with its audit entry (a refused item writes
// none); the help widget's read answers nothing while app_config faq_remote_enabled is off, and
// the active items of the asked language, by category and sort order, once it is on. Both engines.
func TestF_HELP_01_RemoteFAQBehindItsFlag(t *testing.T) {
	adminEach(t, func(t *testing.T, s adminScene) {
		app, a, adm, agent := s.a, s.ac, s.adm, s.agent

		create := func(body string) support.FAQItem {
			t.Helper()
			res := a.call(adm, http.MethodPost, "/api/admin/faq-items", body)
			if res.Status != http.StatusCreated {
				t.Fatalf("create %s: %d %s", body, res.Status, res.Body)
			}
			var f support.FAQItem
			res.JSON(t, &f)
			return f
		}
		wallet := create(`{"question":"  Can my broker add points to my wallet?  ","answer":"Yes: brokers can allocate points.","category":"agentWallet","language":"en","sort_order":2,"active":true}`)
		if wallet.Question != "Can my broker add points to my wallet?" || wallet.ID == "" || !wallet.Active {
			t.Fatalf("created: %+v", wallet)
		}
		first := create(`{"question":"Where do I start?","answer":"Open the marketplace.","category":"gettingStarted","language":"en","sort_order":5,"active":true}`)
		create(`{"question":"¿Dónde empiezo?","answer":"Abre el marketplace.","category":"gettingStarted","language":"es","sort_order":0,"active":true}`)
		hidden := create(`{"question":"Draft question","answer":"Not yet.","category":"roi","language":"en","sort_order":0,"active":false}`)

		// Refused: a field out of its rules is a 400 naming it, and writes no audit entry.
		wantError(t, a.call(adm, http.MethodPost, "/api/admin/faq-items", `{"question":"Q","answer":"A","category":"weather","language":"en","sort_order":0,"active":true}`),
			400, "category", "support.faq.category", "")
		wantError(t, a.call(adm, http.MethodPost, "/api/admin/faq-items", `{"question":" ","answer":"A","category":"roi","language":"en","sort_order":0,"active":true}`),
			400, "question", "support.faq.question", "")
		if res := a.call(agent, http.MethodPost, "/api/admin/faq-items", `{"question":"Q","answer":"A","category":"roi","language":"en","sort_order":0,"active":true}`); res.Status != http.StatusForbidden {
			t.Fatalf("agent create: %d", res.Status)
		}
		if p := a.auditLog(adm, "action=faq_item.create"); p.Total != 4 {
			t.Fatalf("create entries %d, want 4 (refused items write none)", p.Total)
		}

		// The concierge retrieves active items (whatever the widget's flag): a declined question
		// an item answers is answered by it, cited; an inactive item is never cited.
		create(`{"question":"Is there a zebra discount for broker teams?","answer":"Secret.","category":"roi","language":"en","sort_order":0,"active":false}`)
		for q, want := range map[string]string{"Can my broker add points to my wallet?": wallet.ID, "Is there a zebra discount for broker teams?": ""} {
			res := a.call(agent, http.MethodPost, "/api/concierge/respond", `{"text":"`+q+`"}`)
			var ans struct {
				Message   string
				Handoff   bool
				Citations []struct{ Kind, ID string }
			}
			res.JSON(t, &ans)
			got := ""
			for _, c := range ans.Citations {
				if c.Kind == "faq" {
					got = c.ID
				}
			}
			if res.Status != http.StatusOK || got != want || (want != "" && (ans.Handoff || ans.Message != "Yes: brokers can allocate points.")) {
				t.Fatalf("concierge on %q: %d %+v, want the FAQ citation %q", q, res.Status, ans, want)
			}
		}

		// The flag is off by default: the widget reads nothing.
		var pub faqPublic
		res := app.Get(t, "/api/help/faq?lang=en")
		res.JSON(t, &pub)
		if res.Status != http.StatusOK || pub.Enabled || len(pub.Items) != 0 {
			t.Fatalf("flag off: %d %+v", res.Status, pub)
		}
		if res := a.call(adm, http.MethodPatch, "/api/admin/config", `{"changes":[{"key":"faq_remote_enabled","value":"true"}]}`); res.Status != http.StatusOK {
			t.Fatalf("flag on: %d %s", res.Status, res.Body)
		}
		res = app.Get(t, "/api/help/faq?lang=en")
		pub = faqPublic{}
		res.JSON(t, &pub)
		if !pub.Enabled || len(pub.Items) != 2 || pub.Items[0].ID != wallet.ID || pub.Items[1].ID != first.ID {
			t.Fatalf("flag on, en: %+v (want the wallet item, then getting started; no inactive, no Spanish)", pub)
		}

		// Change: the inactive item becomes active; the audit entry has before and after.
		res = a.call(adm, http.MethodPut, "/api/admin/faq-items/"+hidden.ID, `{"question":"How soon will I see ROI?","answer":"Most agents see leads in 2 weeks.","category":"roi","language":"en","sort_order":0,"active":true}`)
		if res.Status != http.StatusOK {
			t.Fatalf("update: %d %s", res.Status, res.Body)
		}
		p := a.auditLog(adm, "action=faq_item.update&object_id="+hidden.ID)
		if p.Total != 1 || p.Entries[0].ObjectKind != "faq_item" || p.Entries[0].ActorID != "usr-demo-admin" {
			t.Fatalf("update entry: %+v", p)
		}
		var before, after support.FAQItem
		if json.Unmarshal(p.Entries[0].Before, &before) != nil || json.Unmarshal(p.Entries[0].After, &after) != nil || before.Active || !after.Active {
			t.Fatalf("update before %+v after %+v", before, after)
		}
		if res := a.call(adm, http.MethodPut, "/api/admin/faq-items/no-such-item", `{"question":"Q","answer":"A","category":"roi","language":"en","sort_order":0,"active":true}`); res.Status != http.StatusNotFound {
			t.Fatalf("update unknown: %d", res.Status)
		}
		res = app.Get(t, "/api/help/faq?lang=en")
		pub = faqPublic{}
		res.JSON(t, &pub)
		if len(pub.Items) != 3 {
			t.Fatalf("after activating: %+v", pub)
		}

		// Remove; the back office lists every item.
		if res := a.call(adm, http.MethodDelete, "/api/admin/faq-items/"+first.ID, ""); res.Status != http.StatusNoContent {
			t.Fatalf("delete: %d %s", res.Status, res.Body)
		}
		if p := a.auditLog(adm, "action=faq_item.delete&object_id="+first.ID); p.Total != 1 {
			t.Fatalf("delete entries: %+v", p)
		}
		if res := a.call(adm, http.MethodDelete, "/api/admin/faq-items/"+first.ID, ""); res.Status != http.StatusNotFound {
			t.Fatalf("delete again: %d", res.Status)
		}
		var all struct{ Items []support.FAQItem }
		res = a.call(adm, http.MethodGet, "/api/admin/faq-items", "")
		res.JSON(t, &all)
		if len(all.Items) != 4 {
			t.Fatalf("admin list: %+v", all)
		}
	})
}
