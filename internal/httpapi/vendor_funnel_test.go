package httpapi_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"circle/internal/catalog"
	"circle/internal/catalogwrite"
	"circle/internal/demo"
	"circle/internal/store"
	"circle/internal/testapp"
)

type funnelAnswer struct {
	catalogwrite.Funnel
	Icons []string `json:"icons"`
}

// TestF_ENG_05_FunnelEditorSave: the vendor reads a service's funnel, saves an edited one
// through the catalogue write path (one catalog_changes row) and the public detail page shows it
// at once. Another vendor's service and an agent get 404 (nobody learns it exists) and nothing
// changes; a wrong funnel names every wrong field by its path and stores nothing.
func TestF_ENG_05_FunnelEditorSave(t *testing.T) {
	demoEach(t, func(t *testing.T, a *testapp.App) {
		ctx := context.Background()
		vendor := a.SignIn(t, "vendor@demo.test", demo.Password)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		const svc = "svc-closingbell-tc"
		path := "/api/vendor/services/" + svc + "/funnel"

		var got funnelAnswer
		res := engSend(t, a, vendor, http.MethodGet, path, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("get funnel: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &got)
		if !got.Saved || got.Content.Headline == "" || len(got.Icons) != 10 {
			t.Fatalf("the demo funnel: %+v", got)
		}

		fc := got.Content
		fc.Headline = "Close every file on time"
		fc.Benefits = []catalog.Benefit{{Icon: "clock", Title: "Deadlines kept", Description: "Every date tracked."}}
		fc.Packages = []catalog.FunnelPackage{{Name: "One side", PriceCents: catalogwrite.DefaultPackagePriceCent, Features: []string{"File opened in 24 hours"}, Popular: true}}
		fc.ProofItWorks.Testimonials = []catalog.Testimonial{{Name: "Dana Reyes", Company: "Reyes Realty", Content: "Never missed a date.", Rating: 5}}

		for _, other := range []struct {
			who    *http.Client
			path   string
			status int
		}{{vendor, "/api/vendor/services/svc-nestflow-crm/funnel", http.StatusNotFound}, {agent, path, http.StatusNotFound}} {
			if r := engSend(t, a, other.who, http.MethodPut, other.path, fc); r.Status != other.status {
				t.Fatalf("PUT %s by a non-owner: %d, want %d (%s)", other.path, r.Status, other.status, r.Body)
			}
			if r := engSend(t, a, other.who, http.MethodGet, other.path, nil); r.Status != other.status {
				t.Fatalf("GET %s by a non-owner: %d, want %d", other.path, r.Status, other.status)
			}
		}

		bad := fc
		bad.Headline = " "
		bad.Benefits = []catalog.Benefit{{Icon: "rocket", Title: "x"}}
		bad.ProofItWorks.Testimonials = []catalog.Testimonial{{Name: "Dana Reyes", Content: "Good", Rating: 6}}
		bad.CallToAction.Email = "not-an-email"
		bad.Media = []catalog.FunnelMedia{{URL: "ftp://x", Type: "image"}}
		res = engSend(t, a, vendor, http.MethodPut, path, bad)
		want := []string{"benefits[0].icon", "benefits[0].title", "callToAction.email", "headline", "media[0].url", "proofItWorks.testimonials[0].rating"}
		if got := sorted(engFields(t, res)); !slices.Equal(got, want) {
			t.Fatalf("bad funnel fields %v, want %v (%s)", got, want, res.Body)
		}
		if !strings.Contains(string(res.Body), "Main headline is required") || !strings.Contains(string(res.Body), "Invalid email format") {
			t.Fatalf("messages of the rule table: %s", res.Body)
		}
		if n, err := store.NewCatalogWrites(a.DB).CatalogChangeCount(ctx, svc); err != nil || n != 0 {
			t.Fatalf("refused saves recorded changes: %d %v", n, err)
		}

		res = engSend(t, a, vendor, http.MethodPut, path, fc)
		if res.Status != http.StatusOK {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &got)
		if got.Content.Headline != fc.Headline || !got.Draft || len(got.Content.Packages) != 1 || got.Content.Packages[0].ID == "" || got.Content.ProofItWorks.Testimonials[0].ID == "" {
			t.Fatalf("saved funnel: %+v", got.Content)
		}
		// Saved as the draft: the editor reads it back, the detail page keeps the live funnel
		// and nothing is recorded until Publish.
		var again funnelAnswer
		engSend(t, a, vendor, http.MethodGet, path, nil).JSON(t, &again)
		if !again.Draft || again.Content.Headline != fc.Headline {
			t.Fatalf("the editor reads the draft back: %+v", again)
		}
		var detail struct {
			Headline      string                `json:"headline"`
			FunnelContent catalog.FunnelContent `json:"funnel_content"`
		}
		engSend(t, a, agent, http.MethodGet, "/api/services/"+svc, nil).JSON(t, &detail)
		if detail.Headline == fc.Headline {
			t.Fatalf("the detail page shows an unpublished funnel")
		}
		if n, err := store.NewCatalogWrites(a.DB).CatalogChangeCount(ctx, svc); err != nil || n != 0 {
			t.Fatalf("catalogue changes of %s before publishing: %d %v, want 0", svc, n, err)
		}
		if r := engSend(t, a, vendor, http.MethodPost, "/api/vendor/services/"+svc+"/publish", nil); r.Status != http.StatusOK {
			t.Fatalf("publish: %d %s", r.Status, r.Body)
		}
		if n, err := store.NewCatalogWrites(a.DB).CatalogChangeCount(ctx, svc); err != nil || n != 1 {
			t.Fatalf("catalogue changes of %s: %d %v, want 1", svc, n, err)
		}
		engSend(t, a, agent, http.MethodGet, "/api/services/"+svc, nil).JSON(t, &detail)
		if detail.Headline != fc.Headline || len(detail.FunnelContent.Benefits) != 1 || detail.FunnelContent.Benefits[0].Icon != "clock" {
			t.Fatalf("the detail page after the save: %q %+v", detail.Headline, detail.FunnelContent.Benefits)
		}
	})
}

// TestF_ENG_07_FunnelSanitisedOnServer: a <script> element and an <img onerror=...> in the
// funnel's texts are removed on the server, whatever the client sent; the words stay.
func TestF_ENG_07_FunnelSanitisedOnServer(t *testing.T) {
	demoEach(t, func(t *testing.T, a *testapp.App) {
		vendor := a.SignIn(t, "vendor@demo.test", demo.Password)
		const svc = "svc-closingbell-tc"
		path := "/api/vendor/services/" + svc + "/funnel"
		var got funnelAnswer
		engSend(t, a, vendor, http.MethodGet, path, nil).JSON(t, &got)
		fc := got.Content
		fc.Headline = `Fast closings<script>alert("x")</script>`
		fc.HeroDescription = `We handle it all <img src=x onerror=alert(1)>from contract to keys. onerror=alert(2)`
		fc.CallToAction.PrimaryDescription = `<a href="javascript:alert(3)">Book</a> now`
		res := engSend(t, a, vendor, http.MethodPut, path, fc)
		if res.Status != http.StatusOK {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}
		if r := engSend(t, a, vendor, http.MethodPost, "/api/vendor/services/"+svc+"/publish", nil); r.Status != http.StatusOK {
			t.Fatalf("publish: %d %s", r.Status, r.Body)
		}
		var detail struct {
			FunnelContent catalog.FunnelContent `json:"funnel_content"`
		}
		engSend(t, a, vendor, http.MethodGet, "/api/services/"+svc, nil).JSON(t, &detail)
		d := detail.FunnelContent
		if d.Headline != "Fast closings" || d.HeroDescription != "We handle it all from contract to keys. alert(2)" || d.CallToAction.PrimaryDescription != "Book now" {
			t.Fatalf("stored texts: %q / %q / %q", d.Headline, d.HeroDescription, d.CallToAction.PrimaryDescription)
		}
		for _, s := range []string{d.Headline, d.HeroDescription, d.CallToAction.PrimaryDescription} {
			if strings.Contains(s, "<") || strings.Contains(strings.ToLower(s), "onerror") || strings.Contains(s, "javascript:") {
				t.Fatalf("unsafe text kept: %q", s)
			}
		}
	})
}
