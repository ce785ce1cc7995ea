package httpapi_test

import (
	"context"
	"net/http"
	"slices"
	"testing"

	"circle/internal/catalog"
	"circle/internal/catalogwrite"
	"circle/internal/demo"
	"circle/internal/store"
	"circle/internal/testapp"
	"circle/internal/vendorprofile"
)

type repsBody struct {
	Representatives []catalog.Representative `json:"representatives"`
}

type questionsBody struct {
	Questions []catalog.VendorQuestion `json:"questions"`
	Max       int                      `json:"max"`
}

func fieldMessages(t *testing.T, res testapp.Response) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, f := range acctError(t, res).Fields {
		out[f.Field] = f.Message
	}
	return out
}

// TestF_AREA_01_VendorRepresentatives: the vendor adds a representative, makes them primary
// (exactly one primary: the old one loses the mark), and the vendor funnel modal's picker
// (GET /api/vendors/{id}) shows them first; edit, remove (the next becomes primary); each
// change is a catalogue change of the vendor's services; the spec's messages name bad fields.
func TestF_AREA_01_VendorRepresentatives(t *testing.T) {
	demoEach(t, func(t *testing.T, a *testapp.App) {
		ctx := context.Background()
		vendor := a.SignIn(t, "vendor@demo.test", demo.Password)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		const base = "/api/vendor/profiles/ven-closingbell/representatives"

		var list repsBody
		engSend(t, a, vendor, http.MethodGet, base, nil).JSON(t, &list)
		if len(list.Representatives) != 3 || !list.Representatives[0].IsPrimary || list.Representatives[1].IsPrimary {
			t.Fatalf("demo representatives: %+v", list.Representatives)
		}
		changesBefore, err := store.NewCatalogWrites(a.DB).CatalogChangeCount(ctx, "svc-closingbell-tc")
		if err != nil {
			t.Fatal(err)
		}

		bad := map[string]any{"name": "J", "email": "nope", "phone": "call me", "website": "ftp://x", "license_number": "TC-1", "years_experience": 99}
		res := engSend(t, a, vendor, http.MethodPost, base, bad)
		msgs := fieldMessages(t, res)
		if res.Status != http.StatusUnprocessableEntity && res.Status != http.StatusBadRequest {
			t.Fatalf("bad representative: %d %s", res.Status, res.Body)
		}
		want := map[string]string{"name": "Name must be at least 2 characters", "email": "Invalid email format", "phone": "Invalid phone format",
			"website": "Invalid URL format", "license_state": "Licence state is required", "years_experience": vendorprofile.MsgYears}
		for f, m := range want {
			if msgs[f] != m {
				t.Errorf("field %s: %q, want %q (%v)", f, msgs[f], m, msgs)
			}
		}

		rep := map[string]any{"name": "Jordan <b>Reyes</b>", "title": "Senior Coordinator", "email": "jordan@closingbell.test", "phone": "(512) 555-0199",
			"license_number": "TC-44812", "license_state": "tx", "profile_picture_url": "https://images.example.com/jordan.jpg",
			"years_experience": 9, "specialties": []string{"Short sales", "New construction"}}
		res = engSend(t, a, vendor, http.MethodPost, base, rep)
		if res.Status != http.StatusCreated {
			t.Fatalf("add: %d %s", res.Status, res.Body)
		}
		var added catalog.Representative
		res.JSON(t, &added)
		if added.Name != "Jordan Reyes" || added.LicenseState != "TX" || added.IsPrimary || !added.IsActive {
			t.Fatalf("added: %+v", added)
		}

		res = engSend(t, a, vendor, http.MethodPost, "/api/vendor/representatives/"+added.ID+"/primary", nil)
		if res.Status != http.StatusOK {
			t.Fatalf("primary: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &list)
		primaries := 0
		for _, r := range list.Representatives {
			if r.IsPrimary {
				primaries++
			}
		}
		if primaries != 1 || list.Representatives[0].ID != added.ID {
			t.Fatalf("after set primary: %+v", list.Representatives)
		}
		// The picker the agents see.
		var detail struct {
			Representatives []catalog.Representative `json:"representatives"`
		}
		engSend(t, a, agent, http.MethodGet, "/api/vendors/ven-closingbell", nil).JSON(t, &detail)
		if len(detail.Representatives) != 4 || detail.Representatives[0].ID != added.ID || !detail.Representatives[0].IsPrimary ||
			detail.Representatives[0].LicenseNumber != "TC-44812" {
			t.Fatalf("the picker: %+v", detail.Representatives)
		}

		rep["title"] = "Team Lead"
		res = engSend(t, a, vendor, http.MethodPut, "/api/vendor/representatives/"+added.ID, rep)
		var edited catalog.Representative
		res.JSON(t, &edited)
		if res.Status != http.StatusOK || edited.Title != "Team Lead" || !edited.IsPrimary {
			t.Fatalf("edit: %d %+v", res.Status, edited)
		}

		res = engSend(t, a, vendor, http.MethodDelete, "/api/vendor/representatives/"+added.ID, nil)
		res.JSON(t, &list)
		if res.Status != http.StatusOK || len(list.Representatives) != 3 || !list.Representatives[0].IsPrimary || list.Representatives[0].ID == added.ID {
			t.Fatalf("remove the primary: %d %+v", res.Status, list.Representatives)
		}
		after, err := store.NewCatalogWrites(a.DB).CatalogChangeCount(ctx, "svc-closingbell-tc")
		if err != nil || after != changesBefore+4 {
			t.Fatalf("catalogue changes: %d -> %d (%v), want 4 more", changesBefore, after, err)
		}
	})
}

// TestF_AREA_01_VendorProfileOwnership: another vendor's profile, representatives and
// questions answer 404 to a vendor (reading and writing); an agent is 403; nothing changes.
func TestF_AREA_01_VendorProfileOwnership(t *testing.T) {
	demoEach(t, func(t *testing.T, a *testapp.App) {
		vendor := a.SignIn(t, "vendor@demo.test", demo.Password)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		admin := a.SignIn(t, "admin@demo.test", demo.Password)
		const other = "ven-harborline"
		calls := []struct {
			method, path string
			body         any
		}{
			{http.MethodPut, "/api/vendor/profiles/" + other, map[string]any{"name": "Taken Over", "description": "", "service_states": []string{"TX"}}},
			{http.MethodGet, "/api/vendor/profiles/" + other + "/representatives", nil},
			{http.MethodPost, "/api/vendor/profiles/" + other + "/representatives", map[string]any{"name": "Intruder"}},
			{http.MethodPut, "/api/vendor/representatives/rep-harborline-1", map[string]any{"name": "Intruder"}},
			{http.MethodPost, "/api/vendor/representatives/rep-harborline-2/primary", nil},
			{http.MethodDelete, "/api/vendor/representatives/rep-harborline-1", nil},
			{http.MethodGet, "/api/vendor/profiles/" + other + "/questions", nil},
			{http.MethodPost, "/api/vendor/profiles/" + other + "/questions", map[string]any{"question_text": "Who are you really?"}},
			{http.MethodPut, "/api/vendor/profiles/" + other + "/questions/1", map[string]any{"question_text": "Who are you really?"}},
			{http.MethodPost, "/api/vendor/profiles/" + other + "/questions/order", map[string]any{"order": []int{2, 1, 3, 4, 5}}},
			{http.MethodDelete, "/api/vendor/profiles/" + other + "/questions/1", nil},
			{http.MethodPost, "/api/vendor/products", map[string]any{"vendor_id": other, "title": "Hijack", "description": "x", "price": "10",
				"category": "cat:photography", "vendor_location": "Austin, TX"}},
		}
		for _, c := range calls {
			if res := engSend(t, a, vendor, c.method, c.path, c.body); res.Status != http.StatusNotFound {
				t.Errorf("vendor %s %s: %d, want 404: %s", c.method, c.path, res.Status, res.Body)
			}
			if res := engSend(t, a, agent, c.method, c.path, c.body); res.Status != http.StatusForbidden {
				t.Errorf("agent %s %s: %d, want 403: %s", c.method, c.path, res.Status, res.Body)
			}
		}
		// Nothing changed: the administrator (who may edit any vendor) reads the same rows.
		var list repsBody
		engSend(t, a, admin, http.MethodGet, "/api/vendor/profiles/"+other+"/representatives", nil).JSON(t, &list)
		if len(list.Representatives) != 5 || list.Representatives[0].ID != "rep-harborline-1" || list.Representatives[0].Name == "Intruder" {
			t.Fatalf("the other vendor's representatives changed: %+v", list.Representatives)
		}
		var profiles struct {
			Profiles []vendorprofile.VendorProfile `json:"profiles"`
		}
		engSend(t, a, vendor, http.MethodGet, "/api/vendor/profiles", nil).JSON(t, &profiles)
		if len(profiles.Profiles) != 1 || profiles.Profiles[0].VendorID != "ven-closingbell" {
			t.Fatalf("the vendor's profiles: %+v", profiles.Profiles)
		}
	})
}

// TestF_AREA_01_VendorQuestions: list (seeded), add up to the limit, edit, reorder, remove
// (renumbered; the last stays); agents see the new order in the funnel modal.
func TestF_AREA_01_VendorQuestions(t *testing.T) {
	demoEach(t, func(t *testing.T, a *testapp.App) {
		vendor := a.SignIn(t, "vendor@demo.test", demo.Password)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		const base = "/api/vendor/profiles/ven-closingbell/questions"
		var qs questionsBody
		engSend(t, a, vendor, http.MethodGet, base, nil).JSON(t, &qs)
		if len(qs.Questions) != 5 || qs.Max != vendorprofile.MaxQuestions {
			t.Fatalf("questions: %+v", qs)
		}
		first, second := qs.Questions[0].QuestionText, qs.Questions[1].QuestionText

		if m := fieldMessages(t, engSend(t, a, vendor, http.MethodPost, base, map[string]any{"question_text": "<b>Hi</b>"})); m["question_text"] != "Question must be at least 5 characters" {
			t.Fatalf("short question: %v", m)
		}
		res := engSend(t, a, vendor, http.MethodPost, base, map[string]any{"question_text": "Do you work weekends?", "answer_text": "Yes, Saturdays."})
		res.JSON(t, &qs)
		if res.Status != http.StatusCreated || len(qs.Questions) != 6 || qs.Questions[5].QuestionNumber != 6 || qs.Questions[5].AnswerText != "Yes, Saturdays." {
			t.Fatalf("add: %d %+v", res.Status, qs)
		}
		for i := 7; i <= vendorprofile.MaxQuestions; i++ {
			engSend(t, a, vendor, http.MethodPost, base, map[string]any{"question_text": "Another question here?"})
		}
		if res := engSend(t, a, vendor, http.MethodPost, base, map[string]any{"question_text": "One too many?"}); res.Status != http.StatusConflict {
			t.Fatalf("eleventh question: %d %s", res.Status, res.Body)
		}
		engSend(t, a, vendor, http.MethodPut, base+"/1", map[string]any{"question_text": first + " (updated)", "answer_text": "We coordinate."}).JSON(t, &qs)
		if qs.Questions[0].QuestionText != first+" (updated)" || qs.Questions[0].AnswerText != "We coordinate." {
			t.Fatalf("edit: %+v", qs.Questions[0])
		}
		if res := engSend(t, a, vendor, http.MethodPost, base+"/order", map[string]any{"order": []int{2, 1}}); res.Status != http.StatusBadRequest {
			t.Fatalf("partial order: %d %s", res.Status, res.Body)
		}
		order := []int{2, 1}
		for i := 3; i <= vendorprofile.MaxQuestions; i++ {
			order = append(order, i)
		}
		res = engSend(t, a, vendor, http.MethodPost, base+"/order", map[string]any{"order": order})
		res.JSON(t, &qs)
		if res.Status != http.StatusOK || qs.Questions[0].QuestionText != second || qs.Questions[1].QuestionText != first+" (updated)" || qs.Questions[1].QuestionNumber != 2 {
			t.Fatalf("reorder: %d %+v", res.Status, qs.Questions[:2])
		}
		var detail struct {
			Questions []catalog.VendorQuestion `json:"questions"`
		}
		engSend(t, a, agent, http.MethodGet, "/api/vendors/ven-closingbell", nil).JSON(t, &detail)
		if len(detail.Questions) != vendorprofile.MaxQuestions || detail.Questions[0].QuestionText != second {
			t.Fatalf("the funnel modal's questions: %+v", detail.Questions[:1])
		}
		for n := vendorprofile.MaxQuestions; n > 1; n-- {
			if res := engSend(t, a, vendor, http.MethodDelete, base+"/1", nil); res.Status != http.StatusOK {
				t.Fatalf("remove: %d %s", res.Status, res.Body)
			}
		}
		res = engSend(t, a, vendor, http.MethodDelete, base+"/1", nil)
		if res.Status != http.StatusConflict || acctError(t, res).Message != vendorprofile.MsgLastQuestion {
			t.Fatalf("remove the last: %d %s", res.Status, res.Body)
		}
		engSend(t, a, vendor, http.MethodGet, base, nil).JSON(t, &qs)
		if len(qs.Questions) != 1 || qs.Questions[0].QuestionNumber != 1 {
			t.Fatalf("after removing: %+v", qs.Questions)
		}
	})
}

// TestF_AREA_01_VendorProfileEdit: the vendor changes what it may change alone; the vendor type,
// licences and categories stay; agents see the new name at once.
func TestF_AREA_01_VendorProfileEdit(t *testing.T) {
	demoEach(t, func(t *testing.T, a *testapp.App) {
		vendor := a.SignIn(t, "vendor@demo.test", demo.Password)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		var profiles struct {
			Profiles []vendorprofile.VendorProfile `json:"profiles"`
			States   []string                      `json:"states"`
		}
		engSend(t, a, vendor, http.MethodGet, "/api/vendor/profiles", nil).JSON(t, &profiles)
		p := profiles.Profiles[0]
		if len(profiles.States) != 51 || len(p.Categories) == 0 || p.VendorType == "" {
			t.Fatalf("profile: %+v", profiles)
		}
		bad := map[string]any{"name": "", "description": "", "website_url": "closingbell.test", "logo_url": "javascript:alert(1)", "service_states": []string{"ZZ"}}
		msgs := fieldMessages(t, engSend(t, a, vendor, http.MethodPut, "/api/vendor/profiles/ven-closingbell", bad))
		want := map[string]string{"name": "Company name is required", "website_url": "Invalid URL format", "logo_url": "Invalid URL format",
			"service_states": vendorprofile.MsgStates}
		for f, m := range want {
			if msgs[f] != m {
				t.Errorf("field %s: %q, want %q", f, msgs[f], m)
			}
		}
		good := map[string]any{"name": "ClosingBell Coordination", "description": "Every deadline <script>x()</script>met.", "website_url": "https://closingbell.test",
			"phone": "+1 512 555 0100", "contact_email": "hello@closingbell.test", "logo_url": "https://images.example.com/cb.png",
			"support_hours": "Mon-Fri 8-6", "service_states": []string{"TX", "ok"},
			"vendor_type": "lender"}
		// The vendor type changes only with an administrator's approval: the form has no such field.
		if res := engSend(t, a, vendor, http.MethodPut, "/api/vendor/profiles/ven-closingbell", good); res.Status != http.StatusUnprocessableEntity {
			t.Fatalf("vendor_type sent: %d %s", res.Status, res.Body)
		}
		delete(good, "vendor_type")
		res := engSend(t, a, vendor, http.MethodPut, "/api/vendor/profiles/ven-closingbell", good)
		var got vendorprofile.VendorProfile
		res.JSON(t, &got)
		if res.Status != http.StatusOK || got.Name != "ClosingBell Coordination" || got.Description != "Every deadline met." ||
			!slices.Equal(got.ServiceStates, []string{"TX", "OK"}) || got.VendorType != p.VendorType {
			t.Fatalf("update: %d %+v", res.Status, got)
		}
		var detail struct {
			Vendor catalog.Vendor `json:"vendor"`
		}
		engSend(t, a, agent, http.MethodGet, "/api/vendors/ven-closingbell", nil).JSON(t, &detail)
		if detail.Vendor.Name != "ClosingBell Coordination" || detail.Vendor.VendorType != p.VendorType {
			t.Fatalf("agents see: %+v", detail.Vendor)
		}
	})
}

// TestF_ENG_06_AddNewProduct: the Add New Product dialog's rules (03§5) with the spec's
// messages, then a product created through the write path as an inactive draft with its change
// record; visitors are told to log in; the draft is not on the marketplace until activated.
func TestF_ENG_06_AddNewProduct(t *testing.T) {
	demoEach(t, func(t *testing.T, a *testapp.App) {
		ctx := context.Background()
		vendor := a.SignIn(t, "vendor@demo.test", demo.Password)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)

		res := a.Do(t, http.MethodPost, "/api/vendor/products", []byte(`{"title":"x","description":"x","price":"1","category":"cat:photography","vendor_location":"Austin, TX"}`), nil)
		if res.Status != http.StatusUnauthorized || acctError(t, res).Message != catalogwrite.MsgProductSignIn {
			t.Fatalf("visitor: %d %s", res.Status, res.Body)
		}
		cases := []struct {
			form map[string]any
			want map[string]string
		}{
			{map[string]any{"title": "", "description": "", "price": "", "category": "", "vendor_location": ""},
				map[string]string{"title": "Product Title is required", "description": "Description is required", "price": "Price is required",
					"category": "Category is required", "vendor_location": "Location is required"}},
			{map[string]any{"title": "<script>alert(1)</script>A", "description": "ok", "price": "$1,200", "category": "cat:nope", "image_url": "www.x.com", "vendor_location": "A"},
				map[string]string{"title": "Product Title must be at least 2 characters", "price": "Price has invalid format",
					"category": "Category has invalid format", "image_url": "Invalid URL format", "vendor_location": "Location must be at least 2 characters"}},
			{map[string]any{"title": string(make([]byte, 0)) + "Listing Photos", "description": string(slices.Repeat([]byte("d"), 1001)), "price": "100001",
				"category": "cat:photography", "vendor_location": "Austin, TX"},
				map[string]string{"description": "Description must be no more than 1000 characters", "price": "Price cannot exceed $100,000"}},
			{map[string]any{"title": "Listing Photos", "description": "Photos", "price": "0", "category": "cat:photography", "vendor_location": "Austin, TX"},
				map[string]string{"price": catalogwrite.MsgFree}},
		}
		for i, c := range cases {
			res := engSend(t, a, vendor, http.MethodPost, "/api/vendor/products", c.form)
			got := fieldMessages(t, res)
			if len(got) != len(c.want) {
				t.Errorf("case %d: fields %v, want %v", i, got, c.want)
			}
			for f, m := range c.want {
				if got[f] != m {
					t.Errorf("case %d field %s: %q, want %q", i, f, got[f], m)
				}
			}
		}

		form := map[string]any{"title": "Twilight <em>Listing</em> Photos", "description": "Dusk exterior photos, delivered in 24 hours.", "price": "249.5",
			"category": "cat:photography", "image_url": "https://images.example.com/twilight.jpg", "vendor_location": "Austin, TX"}
		res = engSend(t, a, vendor, http.MethodPost, "/api/vendor/products", form)
		if res.Status != http.StatusCreated {
			t.Fatalf("add: %d %s", res.Status, res.Body)
		}
		var e catalogwrite.Editable
		res.JSON(t, &e)
		if e.Title != "Twilight Listing Photos" || e.RetailCents == nil || *e.RetailCents != 24950 || e.Active || e.VendorID != "ven-closingbell" ||
			e.Location != "Austin, TX" || !slices.Equal(e.Categories, []string{"cat:photography"}) || e.BillingPeriod != catalogwrite.PeriodOneTime {
			t.Fatalf("the product: %+v", e)
		}
		if n, err := store.NewCatalogWrites(a.DB).CatalogChangeCount(ctx, e.ID); err != nil || n != 1 {
			t.Fatalf("change records: %d %v", n, err)
		}
		if _, listed := memberPriceInSearch(t, a, agent, "twilight", e.ID); listed {
			t.Fatalf("a draft is on the marketplace")
		}
		engSend(t, a, vendor, http.MethodPost, "/api/vendor/services/"+e.ID+"/active", map[string]bool{"active": true})
		if p, listed := memberPriceInSearch(t, a, agent, "twilight", e.ID); !listed || p == nil || *p != 24950 {
			t.Fatalf("the activated product in the marketplace: %v %v", p, listed)
		}
	})
}
