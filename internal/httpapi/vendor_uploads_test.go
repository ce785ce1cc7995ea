package httpapi_test

import (
	"context"
	"net/http"
	"regexp"
	"slices"
	"testing"

	"circle/internal/catalogwrite"
	"circle/internal/demo"
	"circle/internal/media"
	"circle/internal/store"
	"circle/internal/testapp"
	"circle/internal/vendorprofile"
	"circle/internal/vendorreg"
)

// uploadedImage uploads a PNG as the web app's picture uploaders do (accept=image) and returns
// its view.
func uploadedImage(t *testing.T, a *testapp.App, c *http.Client, name string) mediaItem {
	t.Helper()
	res := uploadFile(t, a, c, name, pngBytes(t, 320, 200), "image")
	if res.Status != http.StatusCreated {
		t.Fatalf("upload %s: %d %s", name, res.Status, res.Body)
	}
	var f mediaItem
	res.JSON(t, &f)
	return f
}

type mediaItem struct {
	ID      string `json:"id"`
	URL     string `json:"url"`
	CardURL string `json:"card_url"`
}

// companyVerifyToken is the token of the verification link e-mailed to a company address.
func companyVerifyToken(t *testing.T, a *testapp.App, email string) string {
	t.Helper()
	mails, err := store.NewOps(a.DB).OutboxEmails(context.Background(), email, 10)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mails {
		if m.Kind == "vendor_verify_email" {
			return regexp.MustCompile(`verify=([A-Za-z0-9_-]+)`).FindStringSubmatch(m.Text)[1]
		}
	}
	t.Fatalf("no verification e-mail to %s: %+v", email, mails)
	return ""
}

// TestF_AREA_01_RegistrationLogoUpload (issue 30 item 1): an applicant, who is no vendor yet,
// uploads the logo through the media uploader (the file is the applicant's own picture) and
// sends its address with the application. A typed URL, another member's picture and an unknown
// file are refused naming logo_url and store nothing; the stored application keeps the address
// (a size's ?variant= dropped), and approval makes it the new vendor's logo, served as the
// re-encoded picture. Both engines.
func TestF_AREA_01_RegistrationLogoUpload(t *testing.T) {
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := uploadsApp(t, kind)
		admin := a.SignIn(t, "admin@demo.test", demo.Password)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		applicant := a.SignIn(t, "creator@demo.test", demo.Password)
		const company = "hello@bluebonnet-photo.example"

		logo := uploadedImage(t, a, applicant, "bluebonnet-logo.png")
		foreign := uploadedImage(t, a, agent, "someone-else.png")
		form := func(logoURL string) map[string]any {
			return map[string]any{"type": "service_provider", "company_name": "Bluebonnet Photo", "contact_name": "Ana Ruiz",
				"contact_phone": "(512) 555-0111", "contact_email": company, "business_type": "photographer",
				"categories": []string{"cat:photography"}, "service_states": []string{"TX"}, "settlement_provider": false, "logo_url": logoURL}
		}
		for _, bad := range []string{"https://cdn.example/logo.png", foreign.URL, media.Address("019a0000-0000-7000-8000-00000000dead"), "/demo/logos/closingbell.png"} {
			res := engSend(t, a, applicant, http.MethodPost, "/api/vendor-applications", form(bad))
			if got := engFields(t, res); !slices.Equal(got, []string{"logo_url"}) {
				t.Fatalf("logo %q: %d fields %v (%s), want logo_url", bad, res.Status, got, res.Body)
			}
		}
		var mine struct {
			Application *vendorreg.Application `json:"application"`
		}
		engSend(t, a, applicant, http.MethodGet, "/api/vendor-applications/mine", nil).JSON(t, &mine)
		if mine.Application != nil {
			t.Fatalf("a refused application was stored: %+v", mine.Application)
		}

		res := engSend(t, a, applicant, http.MethodPost, "/api/vendor-applications", form(logo.CardURL))
		if res.Status != http.StatusCreated {
			t.Fatalf("submit: %d %s", res.Status, res.Body)
		}
		var app vendorreg.Application
		res.JSON(t, &app)
		if app.LogoURL != logo.URL {
			t.Fatalf("stored logo %q, want the file's address %q", app.LogoURL, logo.URL)
		}
		if res := engSend(t, a, a.Client, http.MethodPost, "/api/vendor-applications/verify", map[string]string{"token": companyVerifyToken(t, a, company)}); res.Status != http.StatusOK {
			t.Fatalf("verify: %d %s", res.Status, res.Body)
		}
		if res := engSend(t, a, admin, http.MethodPost, "/api/admin/vendor-applications/"+app.ID+"/approve", nil); res.Status != http.StatusOK {
			t.Fatalf("approve: %d %s", res.Status, res.Body)
		}
		var profiles struct {
			Profiles []vendorprofile.VendorProfile `json:"profiles"`
		}
		engSend(t, a, applicant, http.MethodGet, "/api/vendor/profiles", nil).JSON(t, &profiles)
		if len(profiles.Profiles) != 1 || profiles.Profiles[0].LogoURL != logo.URL {
			t.Fatalf("the new vendor's logo: %+v, want %s", profiles.Profiles, logo.URL)
		}
		pic := a.DoWith(t, a.Client, http.MethodGet, logo.URL, nil, nil)
		if pic.Status != http.StatusOK || pic.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("the logo's address: %d %s", pic.Status, pic.Header.Get("Content-Type"))
		}
	})
}

// TestF_AREA_01_ServicePictureUpload (issue 30 items 1-3, F-ENG-05): a vendor uploads a
// service's picture and saves its address with the services editor's form. Saved, it is the
// draft's (the editor shows it, the marketplace card keeps the live picture); published, the
// card shows it. A form without image_url (the back office's, an older draft) keeps the
// picture; a bad address is refused naming image_url. The funnel answer carries the draft's
// state, so the funnel editor's Publish shows it. Both engines.
func TestF_AREA_01_ServicePictureUpload(t *testing.T) {
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := uploadsApp(t, kind)
		vendor := a.SignIn(t, "vendor@demo.test", demo.Password)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		const svc = "svc-closingbell-tc"
		cardImage := func() string {
			t.Helper()
			var p struct {
				Services []struct {
					ID       string `json:"id"`
					ImageURL string `json:"image_url"`
				} `json:"services"`
			}
			engSend(t, a, agent, http.MethodGet, "/api/marketplace/services?q=coordination&page_size=100", nil).JSON(t, &p)
			for _, s := range p.Services {
				if s.ID == svc {
					return s.ImageURL
				}
			}
			t.Fatalf("%s not on the marketplace", svc)
			return ""
		}
		live := cardImage()
		if live == "" {
			t.Fatal("the demo service has no picture")
		}

		pic := uploadedImage(t, a, vendor, "storefront.png")
		form := map[string]any{"title": "Contract-to-Close Transaction Coordination", "description": "A licensed coordinator manages every deadline.",
			"categories": []string{"cat:transaction-coordinator"}, "retail_price": "$395", "billing_period": "one_time",
			"packages": []map[string]any{{"name": "One side", "price": "$395"}}, "image_url": "javascript:alert(1)"}
		if got := engFields(t, engSend(t, a, vendor, http.MethodPut, "/api/vendor/services/"+svc, form)); !slices.Equal(got, []string{"image_url"}) {
			t.Fatalf("bad picture: fields %v, want image_url", got)
		}
		form["image_url"] = pic.URL
		res := engSend(t, a, vendor, http.MethodPut, "/api/vendor/services/"+svc, form)
		var e catalogwrite.Editable
		res.JSON(t, &e)
		if res.Status != http.StatusOK || e.ImageURL != pic.URL || !e.HasDraft {
			t.Fatalf("saved picture: %d %+v", res.Status, e)
		}
		if got := cardImage(); got != live {
			t.Fatalf("the card before Publish: %q, want the live %q", got, live)
		}

		// The funnel editor reads the service's draft state (it changes the fields only).
		var f catalogwrite.Funnel
		engSend(t, a, vendor, http.MethodGet, "/api/vendor/services/"+svc+"/funnel", nil).JSON(t, &f)
		if !f.HasDraft || f.Draft || f.DraftSavedAt == nil || !f.Active || f.PublishLists {
			t.Fatalf("funnel answer with a fields-only draft: %+v", f)
		}

		if res := engSend(t, a, vendor, http.MethodPost, "/api/vendor/services/"+svc+"/publish", nil); res.Status != http.StatusOK {
			t.Fatalf("publish: %d %s", res.Status, res.Body)
		}
		if got := cardImage(); got != pic.URL {
			t.Fatalf("the card after Publish: %q, want %q", got, pic.URL)
		}
		f = catalogwrite.Funnel{}
		engSend(t, a, vendor, http.MethodGet, "/api/vendor/services/"+svc+"/funnel", nil).JSON(t, &f)
		if f.HasDraft || f.DraftSavedAt != nil {
			t.Fatalf("funnel answer after Publish: %+v", f)
		}

		// A form without image_url keeps the picture.
		delete(form, "image_url")
		form["retail_price"] = "$399"
		if res := engSend(t, a, vendor, http.MethodPut, "/api/vendor/services/"+svc, form); res.Status != http.StatusOK {
			t.Fatalf("save without a picture: %d %s", res.Status, res.Body)
		}
		if res := engSend(t, a, vendor, http.MethodPost, "/api/vendor/services/"+svc+"/publish", nil); res.Status != http.StatusOK {
			t.Fatalf("publish: %d %s", res.Status, res.Body)
		}
		if got := cardImage(); got != pic.URL {
			t.Fatalf("the card after a form without image_url: %q, want %q", got, pic.URL)
		}

		// A new service: its funnel answer says the first Publish lists it.
		form["title"], form["image_url"] = "Dusk listing photos", pic.URL
		res = engSend(t, a, vendor, http.MethodPost, "/api/vendor/services", form)
		if res.Status != http.StatusCreated && res.Status != http.StatusOK {
			t.Fatalf("create: %d %s", res.Status, res.Body)
		}
		e = catalogwrite.Editable{}
		res.JSON(t, &e)
		f = catalogwrite.Funnel{}
		engSend(t, a, vendor, http.MethodGet, "/api/vendor/services/"+e.ID+"/funnel", nil).JSON(t, &f)
		if !f.HasDraft || f.Active || !f.PublishLists || e.ImageURL != pic.URL {
			t.Fatalf("a new service's funnel answer: %+v (service %+v)", f, e)
		}
	})
}
