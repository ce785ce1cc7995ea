package demo

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	"circle/internal/catalog"
)

var testNow = time.Date(2025, time.March, 14, 15, 30, 0, 0, time.UTC)

func demoData(t *testing.T) Data {
	t.Helper()
	return Build(testNow)
}

func activeServices(d Data) []catalog.ServiceWithParts {
	var out []catalog.ServiceWithParts
	for _, s := range d.Services {
		if s.Service.IsActive {
			out = append(out, s)
		}
	}
	return out
}

func TestF_CAT_01_DemoCatalogueActiveServiceCount(t *testing.T) {
	d := demoData(t)
	active := activeServices(d)
	if len(active) < 60 {
		t.Fatalf("active services = %d, want >= 60", len(active))
	}
	if inactive := len(d.Services) - len(active); inactive < 3 {
		t.Errorf("inactive services = %d, want >= 3", inactive)
	}
}

func TestF_CAT_01_DemoCatalogueCategoryBlocksCovered(t *testing.T) {
	d := demoData(t)
	count := map[string]int{}
	for _, s := range activeServices(d) {
		cats := 0
		for _, tag := range s.Tags {
			count[tag]++
			if strings.HasPrefix(tag, "cat:") {
				cats++
			}
		}
		if cats < 1 || cats > 3 {
			t.Errorf("%s has %d cat: tags, want 1-3", s.Service.ID, cats)
		}
	}
	known := map[string]bool{}
	for _, b := range catalog.CategoryBlocks {
		known[b.Tag] = true
		if count[b.Tag] < 2 {
			t.Errorf("category block %s on %d active services, want >= 2", b.Tag, count[b.Tag])
		}
	}
	for tag := range count {
		if strings.HasPrefix(tag, "cat:") && !known[tag] {
			t.Errorf("unknown category tag %s", tag)
		}
	}
}

func TestF_CAT_01_DemoCatalogueLobbyCategoriesCovered(t *testing.T) {
	d := demoData(t)
	count := map[string]int{}
	for _, s := range activeServices(d) {
		count[s.Service.LobbyCategory]++
	}
	known := map[string]bool{}
	for _, c := range catalog.LobbyCategories {
		known[c.Slug] = true
		if count[c.Slug] < 6 {
			t.Errorf("lobby category %s on %d active services, want >= 6", c.Slug, count[c.Slug])
		}
	}
	for _, s := range d.Services {
		if !known[s.Service.LobbyCategory] {
			t.Errorf("%s has unknown lobby category %q", s.Service.ID, s.Service.LobbyCategory)
		}
	}
}

func TestF_CAT_01_DemoCatalogueVendorsAndTypes(t *testing.T) {
	d := demoData(t)
	if len(d.Vendors) < 20 {
		t.Fatalf("vendors = %d, want >= 20", len(d.Vendors))
	}
	types := map[string]bool{}
	ssp, nonSSP, verified, pending, rejected, inactive := 0, 0, 0, 0, 0, 0
	valid := map[string]bool{}
	for _, vt := range append(append([]string{}, catalog.SSPVendorTypes...), catalog.NonSSPVendorTypes...) {
		valid[vt] = true
	}
	for _, v := range d.Vendors {
		if !valid[v.VendorType] {
			t.Errorf("%s has unknown vendor type %q", v.ID, v.VendorType)
		}
		types[v.VendorType] = true
		if catalog.IsSSP(v.VendorType) {
			ssp++
		} else {
			nonSSP++
		}
		if v.IsVerified {
			verified++
			if v.NameEs == "" || v.NameFr == "" || v.DescriptionEs == "" || v.DescriptionFr == "" {
				t.Errorf("verified vendor %s lacks es/fr name or description", v.ID)
			}
		}
		switch v.ApprovalStatus {
		case catalog.ApprovalPending:
			pending++
		case catalog.ApprovalRejected:
			rejected++
		case catalog.ApprovalApproved, catalog.ApprovalAutoApproved:
		default:
			t.Errorf("%s has unknown approval status %q", v.ID, v.ApprovalStatus)
		}
		if !v.IsActive {
			inactive++
		}
		if (v.VendorType == "lender" || v.VendorType == "mortgage_lender" || v.VendorType == "mortgage_broker") && !regexp.MustCompile(`^\d{4,10}$`).MatchString(v.NMLSID) {
			t.Errorf("lender %s has NMLS id %q, want digits", v.ID, v.NMLSID)
		}
		if n := len(v.Specialties); n < 3 || n > 6 {
			t.Errorf("%s has %d specialties, want 3-6", v.ID, n)
		}
		if !regexp.MustCompile(`^[A-Za-z .'-]+, [A-Z]{2}$`).MatchString(v.Location) {
			t.Errorf("%s location %q is not \"City, ST\"", v.ID, v.Location)
		}
		for _, st := range append(append([]string{}, v.ServiceStates...), v.LicenseStates...) {
			if !regexp.MustCompile(`^[A-Z]{2}$`).MatchString(st) {
				t.Errorf("%s has state %q, want a two-letter code", v.ID, st)
			}
		}
		if v.WebsiteURL != "" && !regexp.MustCompile(`^https://www\.[a-z0-9]+\.example$`).MatchString(v.WebsiteURL) {
			t.Errorf("%s website %q", v.ID, v.WebsiteURL)
		}
	}
	if len(types) < 5 || ssp == 0 || nonSSP == 0 {
		t.Errorf("vendor types = %d (ssp %d, non-ssp %d), want >= 5 with both kinds", len(types), ssp, nonSSP)
	}
	if verified == 0 || verified == len(d.Vendors) {
		t.Errorf("verified vendors = %d of %d, want a mix", verified, len(d.Vendors))
	}
	if pending != 2 || rejected != 1 || inactive != 1 {
		t.Errorf("pending %d, rejected %d, inactive %d; want 2, 1, 1", pending, rejected, inactive)
	}
}

func TestF_CAT_01_DemoCatalogueRepresentatives(t *testing.T) {
	d := demoData(t)
	reps := map[string][]catalog.Representative{}
	for _, r := range d.Representatives {
		reps[r.VendorID] = append(reps[r.VendorID], r)
		if r.RatingTenths < 38 || r.RatingTenths > 50 {
			t.Errorf("%s rating %d, want 38-50", r.ID, r.RatingTenths)
		}
	}
	for _, v := range d.Vendors {
		list := reps[v.ID]
		if len(list) < 1 || len(list) > 5 {
			t.Errorf("%s has %d representatives, want 1-5", v.ID, len(list))
		}
		primary := 0
		for _, r := range list {
			if r.IsPrimary {
				primary++
			}
		}
		if primary != 1 {
			t.Errorf("%s has %d primary representatives, want 1", v.ID, primary)
		}
	}
}

func TestF_CAT_01_DemoCatalogueQuestionsContentAvailability(t *testing.T) {
	d := demoData(t)
	questions := map[string][]int{}
	for _, q := range d.Questions {
		questions[q.VendorID] = append(questions[q.VendorID], q.QuestionNumber)
		if q.QuestionText == "" || q.AnswerText == "" {
			t.Errorf("%s question %d is empty", q.VendorID, q.QuestionNumber)
		}
	}
	without := 0
	for _, v := range d.Vendors {
		nums := questions[v.ID]
		if len(nums) == 0 {
			without++
			continue
		}
		if !reflect.DeepEqual(nums, []int{1, 2, 3, 4, 5}) {
			t.Errorf("%s question numbers %v, want 1..5", v.ID, nums)
		}
	}
	if without != 3 {
		t.Errorf("vendors without questions = %d, want 3", without)
	}

	tiles := map[string]int{}
	featured := map[string]int{}
	for _, c := range d.Content {
		tiles[c.VendorID]++
		if c.IsFeatured {
			featured[c.VendorID]++
		}
		if !contains(catalog.VendorContentTypes, c.ContentType) {
			t.Errorf("%s content type %q", c.ID, c.ContentType)
		}
		if c.ContentType == "video_youtube" && youtubeID(c.ContentURL) == "" {
			t.Errorf("%s has an unparsable YouTube URL %q", c.ID, c.ContentURL)
		}
	}
	for v, n := range tiles {
		if n > 4 {
			t.Errorf("%s has %d content tiles, want <= 4", v, n)
		}
		if featured[v] > 1 {
			t.Errorf("%s has %d featured tiles, want <= 1", v, featured[v])
		}
	}
	if len(d.Availability)*2 <= len(d.Vendors) {
		t.Errorf("only %d of %d vendors have a calendar link", len(d.Availability), len(d.Vendors))
	}
}

var youtubeForms = map[string]*regexp.Regexp{
	"watch":  regexp.MustCompile(`^https://www\.youtube\.com/watch\?v=[A-Za-z0-9_-]{11}$`),
	"shorts": regexp.MustCompile(`^https://www\.youtube\.com/shorts/[A-Za-z0-9_-]{11}$`),
	"embed":  regexp.MustCompile(`^https://www\.youtube\.com/embed/[A-Za-z0-9_-]{11}$`),
	"short":  regexp.MustCompile(`^https://youtu\.be/[A-Za-z0-9_-]{11}$`),
}

func TestF_CAT_01_DemoCatalogueFunnelMedia(t *testing.T) {
	d := demoData(t)
	seen := map[string]bool{}
	funnels, withFAQ, withoutFAQ := 0, 0, 0
	for _, s := range d.Services {
		fc := s.Service.FunnelContent
		if fc == nil {
			continue
		}
		funnels++
		if len(fc.FAQs) == 0 {
			withoutFAQ++
		} else {
			withFAQ++
		}
		if len(fc.Media) > 5 {
			t.Errorf("%s has %d media items, want <= 5", s.Service.ID, len(fc.Media))
		}
		for _, m := range fc.Media {
			lu := strings.ToLower(m.URL)
			switch {
			case strings.Contains(lu, "youtube.com") || strings.Contains(lu, "youtu.be"):
				matched := false
				for form, re := range youtubeForms {
					if re.MatchString(m.URL) {
						seen[form] = true
						matched = true
					}
				}
				if !matched {
					t.Errorf("%s YouTube URL %q is not a recognised form with an 11-character id", s.Service.ID, m.URL)
				}
			case strings.HasSuffix(lu, ".mp4"):
				seen["mp4"] = true
			case strings.HasSuffix(lu, ".webm"):
				seen["webm"] = true
			}
			if m.Type != "video" && m.Type != "image" {
				t.Errorf("%s media %q has type %q", s.Service.ID, m.URL, m.Type)
			}
		}
		for _, f := range fc.FAQs {
			if f.ID == "" || f.Title == "" || f.Content == "" {
				t.Errorf("%s has an incomplete FAQ %+v", s.Service.ID, f)
			}
		}
		for _, b := range fc.Benefits {
			if !contains([]string{"check", "star", "zap", "target", "users", "dollar", "trend", "award", "shield", "clock"}, b.Icon) {
				t.Errorf("%s benefit icon %q", s.Service.ID, b.Icon)
			}
		}
	}
	for _, form := range []string{"watch", "shorts", "embed", "short", "mp4", "webm"} {
		if !seen[form] {
			t.Errorf("no funnel media in %s form", form)
		}
	}
	if funnels < 40 || withFAQ == 0 || withoutFAQ == 0 {
		t.Errorf("funnels %d (with FAQs %d, without %d); want >= 40 and both kinds", funnels, withFAQ, withoutFAQ)
	}
}

func TestF_CAT_01_DemoCataloguePrices(t *testing.T) {
	d := demoData(t)
	durations := map[string]bool{"monthly": true, "yearly": true, "one time": true, "30 days": true, "TBD": true}
	quotes, pro, copay := 0, 0, 0
	for _, sp := range d.Services {
		s := sp.Service
		want := parsePriceCents(s.PriceText)
		if !reflect.DeepEqual(s.RetailPriceCents, want) {
			t.Errorf("%s retail %v, want parsePriceCents(%q) = %v", s.ID, deref(s.RetailPriceCents), s.PriceText, deref(want))
		}
		if s.RequiresQuote != (s.RetailPriceCents == nil) {
			t.Errorf("%s requires_quote %v with retail %v", s.ID, s.RequiresQuote, deref(s.RetailPriceCents))
		}
		if s.RequiresQuote {
			quotes++
		}
		if s.ProPriceCents != nil {
			pro++
			if s.RetailPriceCents == nil || *s.ProPriceCents >= *s.RetailPriceCents {
				t.Errorf("%s pro price %d not below retail %v", s.ID, *s.ProPriceCents, deref(s.RetailPriceCents))
			}
		}
		if s.CopayAllowed {
			copay++
			if s.RespaSplitLimit == nil || *s.RespaSplitLimit < 10 || *s.RespaSplitLimit > 70 {
				t.Errorf("%s co-pay split limit %v, want 10-70", s.ID, s.RespaSplitLimit)
			}
		}
		if !durations[s.PriceDuration] {
			t.Errorf("%s price duration %q", s.ID, s.PriceDuration)
		}
		if s.DiscountPercentage != 0 && (s.DiscountPercentage < 5 || s.DiscountPercentage > 40) {
			t.Errorf("%s discount %d", s.ID, s.DiscountPercentage)
		}
		if s.IsRespaRegulated != (s.DisclaimerID != nil) || s.IsRespaRegulated != (s.RespaRiskLevel != "") {
			t.Errorf("%s RESPA flags inconsistent", s.ID)
		}
		if s.SearchText != strings.ToLower(s.Title+" "+s.Description+" "+s.Category) {
			t.Errorf("%s search text is not the lower-cased title, description and category", s.ID)
		}
		if s.BookingType == "external" && (s.ExternalBookingProvider != "calendly" || !strings.HasPrefix(s.ExternalBookingURL, "https://calendly.com/")) {
			t.Errorf("%s external booking without a Calendly link", s.ID)
		}
		// Issue 16 item 3: demo bookings go through the CRM step (the built-in CRM by default).
		if !s.SyncToGHL {
			t.Errorf("%s does not sync to the CRM", s.ID)
		}
	}
	if quotes < 3 || pro < 25 || copay < 12 {
		t.Errorf("quote-only %d, pro-priced %d, co-pay %d; want >= 3, 25, 12", quotes, pro, copay)
	}
}

func TestF_CAT_01_DemoCataloguePackages(t *testing.T) {
	d := demoData(t)
	withPackages := 0
	for _, sp := range d.Services {
		if len(sp.Packages) == 0 {
			if sp.Service.DefaultPackageID != "" {
				t.Errorf("%s has a default package but no packages", sp.Service.ID)
			}
			continue
		}
		withPackages++
		if len(sp.Packages) < 2 || len(sp.Packages) > 4 {
			t.Errorf("%s has %d packages, want 2-4", sp.Service.ID, len(sp.Packages))
		}
		popular := 0
		for _, p := range sp.Packages {
			if p.Popular {
				popular++
				if sp.Service.DefaultPackageID != p.ID {
					t.Errorf("%s default package %q, want the popular %q", sp.Service.ID, sp.Service.DefaultPackageID, p.ID)
				}
			}
			if n := len(p.Features); n < 4 || n > 9 {
				t.Errorf("%s has %d features, want 4-9", p.ID, n)
			}
			if p.RequestPricing != (p.PriceCents == nil) {
				t.Errorf("%s request_pricing %v with price %v", p.ID, p.RequestPricing, deref(p.PriceCents))
			}
			if p.ProPriceCents != nil && *p.ProPriceCents >= *p.PriceCents {
				t.Errorf("%s pro price not below price", p.ID)
			}
			if p.YearlyPriceCents != nil && *p.YearlyPriceCents != *p.PriceCents*10 {
				t.Errorf("%s yearly price %d, want 10x monthly", p.ID, *p.YearlyPriceCents)
			}
			// Issue 28 item 18: no invented "Was" price (only the yearly price's 12 months is
			// one), and no package a buyer could take for the Circle Pro membership.
			if p.OriginalPriceCents != nil {
				t.Errorf("%s has an original price %d that the catalogue shows nowhere else", p.ID, *p.OriginalPriceCents)
			}
			if slices.Contains(strings.Fields(strings.ToLower(p.Name)), "pro") {
				t.Errorf("%s is named %q, which reads like the Circle Pro membership", p.ID, p.Name)
			}
		}
		if popular != 1 {
			t.Errorf("%s has %d popular packages, want 1", sp.Service.ID, popular)
		}
	}
	if withPackages < 35 {
		t.Errorf("services with packages = %d, want >= 35", withPackages)
	}
}

func TestF_CAT_01_DemoCatalogueFlagsAndText(t *testing.T) {
	d := demoData(t)
	var featured, topPick, sponsored, affiliate, verified, external, translated, nonASCII, long, short, recent int
	for _, sp := range d.Services {
		s := sp.Service
		if !s.IsActive {
			continue
		}
		featured += b2i(s.IsFeatured)
		topPick += b2i(s.IsTopPick)
		sponsored += b2i(s.IsSponsored)
		affiliate += b2i(s.IsAffiliate)
		verified += b2i(s.IsVerified)
		external += b2i(s.BookingType == "external")
		if s.TitleEs != "" && s.TitleFr != "" && s.DescriptionEs != "" && s.DescriptionFr != "" {
			translated++
		}
		if hasNonASCIILetter(s.Title) {
			nonASCII++
		}
		if len([]rune(s.Description)) > 100 {
			long++
		} else {
			short++
		}
		if testNow.Sub(s.CreatedAt) <= 7*day {
			recent++
		}
		if s.CreatedAt.After(testNow) || testNow.Sub(s.CreatedAt) > 121*day {
			t.Errorf("%s created %v, want within the last 120 days", s.ID, s.CreatedAt)
		}
	}
	checks := []struct {
		name     string
		got, min int
	}{
		{"featured", featured, 6}, {"top pick", topPick, 5}, {"sponsored", sponsored, 5},
		{"affiliate", affiliate, 5}, {"verified", verified, 20}, {"external booking", external, 4},
		{"translated", translated, 20}, {"non-ASCII title", nonASCII, 3}, {"long description", long, 10},
		{"short description", short, 10}, {"created in the last 7 days", recent, 3},
	}
	for _, c := range checks {
		if c.got < c.min {
			t.Errorf("%s services = %d, want >= %d", c.name, c.got, c.min)
		}
	}
}

func TestF_CAT_01_DemoCatalogueReviews(t *testing.T) {
	d := demoData(t)
	if len(d.Reviews) < 100 {
		t.Errorf("reviews = %d, want about 120", len(d.Reviews))
	}
	pair := map[[2]string]bool{}
	perService := map[string]int{}
	sources := map[string]int{}
	withoutText := 0
	for _, r := range d.Reviews {
		key := [2]string{r.ServiceID, r.UserID}
		if pair[key] {
			t.Errorf("two reviews of %s by %s", r.ServiceID, r.UserID)
		}
		pair[key] = true
		perService[r.ServiceID]++
		sources[r.ReviewSource]++
		if r.Rating < 1 || r.Rating > 5 {
			t.Errorf("%s rating %d", r.ID, r.Rating)
		}
		if r.Review == nil {
			withoutText++
		}
		if r.ReviewSource == "google_external" && !strings.HasPrefix(r.SourceURL, "https://") {
			t.Errorf("%s google review without a source URL", r.ID)
		}
		if r.ReviewSource == "admin_assigned" && r.AdminNotes == "" {
			t.Errorf("%s admin-assigned review without notes", r.ID)
		}
		if r.CreatedAt.After(testNow) {
			t.Errorf("%s created in the future", r.ID)
		}
	}
	for _, src := range catalog.ReviewSources {
		if sources[src] == 0 {
			t.Errorf("no %s reviews", src)
		}
	}
	if sources["agent"]*2 < len(d.Reviews) {
		t.Errorf("agent reviews %d of %d, want most", sources["agent"], len(d.Reviews))
	}
	if withoutText == 0 {
		t.Error("every review has text; want some without")
	}
	zero := 0
	for _, s := range activeServices(d) {
		if perService[s.Service.ID] == 0 {
			zero++
		}
	}
	if zero < 8 || zero > 14 {
		t.Errorf("active services without reviews = %d, want about 10", zero)
	}
}

func TestF_CAT_01_DemoCatalogueUniqueIDs(t *testing.T) {
	d := demoData(t)
	seen := map[string]bool{}
	add := func(kind, id string) {
		if id == "" {
			t.Errorf("empty %s id", kind)
		}
		if seen[kind+"/"+id] {
			t.Errorf("duplicate %s id %s", kind, id)
		}
		seen[kind+"/"+id] = true
	}
	for _, a := range d.Accounts {
		add("account", a.ID)
		add("email", a.Email)
	}
	for _, v := range d.Vendors {
		add("vendor", v.ID)
	}
	for _, r := range d.Representatives {
		add("rep", r.ID)
	}
	for _, q := range d.Questions {
		add("question", q.VendorID+"#"+string(rune('0'+q.QuestionNumber)))
	}
	for _, c := range d.Content {
		add("content", c.ID)
	}
	for _, a := range d.Availability {
		add("availability", a.VendorID)
	}
	for _, x := range d.Disclaimers {
		add("disclaimer", x.ID)
	}
	for _, s := range d.Services {
		add("service", s.Service.ID)
		for _, tag := range s.Tags {
			add("tag", s.Service.ID+"#"+tag)
		}
		for _, p := range s.Packages {
			add("package", p.ID)
		}
		if fc := s.Service.FunnelContent; fc != nil {
			for _, f := range fc.FAQs {
				add("faq", s.Service.ID+"#"+f.ID)
			}
		}
	}
	for _, r := range d.Reviews {
		add("review", r.ID)
	}
}

func TestF_CAT_01_DemoCatalogueForeignKeys(t *testing.T) {
	d := demoData(t)
	vendors, services, users, discs := map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, v := range d.Vendors {
		vendors[v.ID] = true
	}
	for _, s := range d.Services {
		services[s.Service.ID] = true
	}
	for _, a := range d.Accounts {
		users[a.ID] = true
	}
	for _, x := range d.Disclaimers {
		discs[x.ID] = true
	}
	check := func(what, id string, set map[string]bool) {
		if !set[id] {
			t.Errorf("%s refers to unknown id %q", what, id)
		}
	}
	for _, v := range d.Vendors {
		if v.OwnerUserID != nil {
			check("vendor owner of "+v.ID, *v.OwnerUserID, users)
		}
		if v.ParentVendorID != nil {
			check("parent of "+v.ID, *v.ParentVendorID, vendors)
		}
	}
	for _, a := range d.Accounts {
		if a.OwnsVendorID != "" {
			check("account "+a.Email, a.OwnsVendorID, vendors)
		}
	}
	for _, r := range d.Representatives {
		check("rep "+r.ID, r.VendorID, vendors)
	}
	for _, q := range d.Questions {
		check("question", q.VendorID, vendors)
	}
	for _, c := range d.Content {
		check("content "+c.ID, c.VendorID, vendors)
	}
	for _, a := range d.Availability {
		check("availability", a.VendorID, vendors)
	}
	for _, s := range d.Services {
		if s.Service.VendorID == nil {
			t.Errorf("%s has no vendor", s.Service.ID)
		} else {
			check("service "+s.Service.ID, *s.Service.VendorID, vendors)
		}
		if s.Service.DisclaimerID != nil {
			check("service "+s.Service.ID+" disclaimer", *s.Service.DisclaimerID, discs)
		}
		for _, p := range s.Packages {
			if p.ServiceID != s.Service.ID {
				t.Errorf("package %s belongs to %s, listed under %s", p.ID, p.ServiceID, s.Service.ID)
			}
		}
	}
	for _, r := range d.Reviews {
		check("review "+r.ID, r.ServiceID, services)
		check("review "+r.ID+" author", r.UserID, users)
	}
}

func TestF_CAT_01_DemoCatalogueTimeline(t *testing.T) {
	d := demoData(t)
	vendorCreated := map[string]time.Time{}
	for _, v := range d.Vendors {
		vendorCreated[v.ID] = v.CreatedAt
		if v.CreatedAt.After(testNow) || v.UpdatedAt.Before(v.CreatedAt) || v.UpdatedAt.After(testNow) {
			t.Errorf("%s timestamps out of order", v.ID)
		}
	}
	serviceCreated := map[string]time.Time{}
	for _, sp := range d.Services {
		s := sp.Service
		serviceCreated[s.ID] = s.CreatedAt
		if s.CreatedAt.Before(vendorCreated[*s.VendorID]) {
			t.Errorf("%s listed before its vendor joined", s.ID)
		}
		if s.UpdatedAt.Before(s.CreatedAt) || s.UpdatedAt.After(testNow) {
			t.Errorf("%s updated_at out of range", s.ID)
		}
	}
	for _, r := range d.Reviews {
		if r.CreatedAt.Before(serviceCreated[r.ServiceID]) || r.CreatedAt.After(testNow) {
			t.Errorf("%s written outside its service's lifetime", r.ID)
		}
	}
}

func TestF_CAT_01_DemoCatalogueDisclaimers(t *testing.T) {
	d := demoData(t)
	active := ""
	for _, x := range d.Disclaimers {
		if x.IsActive {
			if active != "" {
				t.Errorf("two active disclaimers: %s and %s", active, x.ID)
			}
			active = x.ID
		}
		if !strings.Contains(x.Content, "refer") {
			t.Errorf("disclaimer %s does not mention referrals", x.ID)
		}
	}
	if len(d.Disclaimers) != 2 || active == "" {
		t.Fatalf("disclaimers %d, active %q; want 2 with one active", len(d.Disclaimers), active)
	}
	regulated := 0
	for _, s := range d.Services {
		if s.Service.DisclaimerID != nil {
			regulated++
			if *s.Service.DisclaimerID != active {
				t.Errorf("%s uses disclaimer %s, want the active %s", s.Service.ID, *s.Service.DisclaimerID, active)
			}
		}
	}
	if regulated < 5 {
		t.Errorf("services with a disclaimer = %d, want >= 5", regulated)
	}
}

func TestF_CAT_01_DemoCatalogueNoPlaceholderText(t *testing.T) {
	d := demoData(t)
	var strs []string
	collectStrings(reflect.ValueOf(d), &strs)
	if len(strs) < 1000 {
		t.Fatalf("collected only %d strings; the walker is broken", len(strs))
	}
	for _, s := range strs {
		ls := strings.ToLower(s)
		for _, bad := range []string{"lorem", "ipsum", "fixme", "xxx"} {
			if strings.Contains(ls, bad) {
				t.Errorf("placeholder %q in %q", bad, s)
			}
		}
		if strings.Contains(s, "TODO") || strings.Contains(s, "TBC") {
			t.Errorf("placeholder in %q", s)
		}
	}
}

func TestF_CAT_01_DemoCatalogueAccounts(t *testing.T) {
	d := demoData(t)
	byEmail := map[string]Account{}
	for _, a := range d.Accounts {
		byEmail[a.Email] = a
		if a.DisplayName == "" || a.BusinessName == "" || a.City == "" || len(a.State) != 2 {
			t.Errorf("%s lacks profile details", a.Email)
		}
	}
	want := []struct {
		email, role string
		ok          func(Account) bool
	}{
		{"agent@demo.test", "agent", func(a Account) bool {
			return !a.IsAdmin && !a.IsProMember && !a.IsCreator && !a.VendorEnabled
		}},
		{"pro@demo.test", "Pro member", func(a Account) bool { return a.IsProMember && !a.IsAdmin }},
		{"vendor@demo.test", "vendor", func(a Account) bool {
			return a.VendorEnabled && a.VendorType == "service_provider" && a.OwnsVendorID == vendorAccountVendor
		}},
		{"creator@demo.test", "creator", func(a Account) bool { return a.IsCreator && !a.IsAdmin }},
		{"admin@demo.test", "admin", func(a Account) bool { return a.IsAdmin }},
	}
	for _, w := range want {
		a, ok := byEmail[w.email]
		if !ok {
			t.Errorf("missing demo account %s", w.email)
			continue
		}
		if !a.Listed || a.Role != w.role || !w.ok(a) {
			t.Errorf("%s = %+v, want role %q, listed, with the right flags", w.email, a, w.role)
		}
	}
	reviewersN := 0
	for _, a := range d.Accounts {
		if a.Role == "reviewer" {
			reviewersN++
			if a.Listed {
				t.Errorf("reviewer %s is listed", a.Email)
			}
		}
	}
	if reviewersN < 10 {
		t.Errorf("reviewer accounts = %d, want about 12", reviewersN)
	}
	for _, v := range d.Vendors {
		if v.ID == vendorAccountVendor && (v.OwnerUserID == nil || *v.OwnerUserID != byEmail["vendor@demo.test"].ID) {
			t.Errorf("vendor %s is not owned by vendor@demo.test", v.ID)
		}
	}
}

func TestF_CAT_01_DemoCatalogueDeterministic(t *testing.T) {
	a, b := Build(testNow), Build(testNow)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("Build(now) gave different data on two calls")
	}
	later := Build(testNow.Add(48 * time.Hour))
	if later.Services[0].Service.CreatedAt.Sub(a.Services[0].Service.CreatedAt) != 48*time.Hour {
		t.Error("service timestamps do not move with now")
	}
	if later.Services[0].Service.ID != a.Services[0].Service.ID {
		t.Error("ids change with now")
	}
}

func TestF_CAT_01_DemoParsePriceCents(t *testing.T) {
	cases := []struct {
		in   string
		want *int64
	}{
		{"$299/mo", cents(29900)},
		{"$1,299", cents(129900)},
		{"1,500.00", cents(150000)},
		{"Free", cents(0)},
		{"free", cents(0)},
		{"$0", cents(0)},
		{"0", cents(0)},
		{"0.00", cents(0)},
		{"Starting at $450", cents(45000)},
		{"$89.99/month", cents(8999)},
		{"$2,400/yr", cents(240000)},
		{"$12.5", cents(1250)},
		{"$24.99/photo", cents(2499)},
		{"$0.45", cents(45)},
		{"1500", cents(150000)},
		{"$1,234,567.89", cents(123456789)},
		{"Contact for quote", nil},
		{"", nil},
		{"TBD", nil},
	}
	for _, c := range cases {
		got := parsePriceCents(c.in)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("parsePriceCents(%q) = %v, want %v", c.in, deref(got), deref(c.want))
		}
	}
}

func TestF_CAT_01_DemoYouTubeID(t *testing.T) {
	for _, u := range []string{
		"https://www.youtube.com/watch?v=h7Xq2LmP9sA",
		"https://www.youtube.com/shorts/h7Xq2LmP9sA",
		"https://www.youtube.com/embed/h7Xq2LmP9sA",
		"https://youtu.be/h7Xq2LmP9sA",
		"https://www.youtube.com/watch?v=h7Xq2LmP9sA&t=30",
	} {
		if got := youtubeID(u); got != "h7Xq2LmP9sA" {
			t.Errorf("youtubeID(%q) = %q", u, got)
		}
	}
}

// collectStrings appends every string reachable from v.
func collectStrings(v reflect.Value, out *[]string) {
	switch v.Kind() {
	case reflect.String:
		*out = append(*out, v.String())
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			collectStrings(v.Elem(), out)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				collectStrings(v.Field(i), out)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			collectStrings(v.Index(i), out)
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			collectStrings(k, out)
			collectStrings(v.MapIndex(k), out)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func deref(p *int64) any {
	if p == nil {
		return nil
	}
	return *p
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func hasNonASCIILetter(s string) bool {
	for _, r := range s {
		if r > unicode.MaxASCII && unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// countLine matches a feature line that opens with a number of something ("25-40 HDR photos",
// "20 themed pop-by gifts a month"): such a line says how much a package gives, so it is one
// package's own. "Unlimited contacts" may be shared: every tier that has it gives the same.
var countLine = regexp.MustCompile(`^\d[\d,]*(-\d[\d,]*)?\s`)

// Issue 18 item 8d (F-CAT-01): the "25 photos" and "Unlimited photos" tiers both listed
// "25-40 HDR photos". No two packages of one service may share a line that opens with a count.
func TestF_CAT_01_DemoPackagesDoNotShareCountLines(t *testing.T) {
	for _, sp := range demoData(t).Services {
		owner := map[string]string{}
		for _, p := range sp.Packages {
			for _, f := range p.Features {
				if !countLine.MatchString(f.Text) {
					continue
				}
				if other, ok := owner[f.Text]; ok {
					t.Errorf("%s: packages %q and %q both list %q", sp.Service.ID, other, p.Name, f.Text)
				}
				owner[f.Text] = p.Name
			}
		}
	}
}

// TestF_CAT_01_DemoShipsItsOwnPictures: every picture of the demo (service images, logos,
// portraits, media and content thumbnails) is served by the binary, none from the internet: the
// demo runs offline and no test may reach the internet (a video's poster once came from
// i.ytimg.com).
func TestF_CAT_01_DemoShipsItsOwnPictures(t *testing.T) {
	raw, err := json.Marshal(demoData(t))
	if err != nil {
		t.Fatal(err)
	}
	var tree any
	if err := json.Unmarshal(raw, &tree); err != nil {
		t.Fatal(err)
	}
	pictures := 0
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch v := v.(type) {
		case map[string]any:
			isImage := v["type"] == "image"
			for k, child := range v {
				key := strings.ToLower(k)
				s, ok := child.(string)
				picture := strings.Contains(key, "image") || strings.Contains(key, "logo") || strings.Contains(key, "picture") || strings.Contains(key, "thumbnail") || (isImage && key == "url")
				if ok && picture && s != "" {
					pictures++
					if !strings.HasPrefix(s, "/") {
						t.Errorf("%s.%s = %q is not one of the demo's own pictures", path, k, s)
					}
				}
				walk(path+"."+k, child)
			}
		case []any:
			for i, child := range v {
				walk(fmt.Sprintf("%s[%d]", path, i), child)
			}
		}
	}
	walk("demo", tree)
	if pictures < 100 {
		t.Fatalf("only %d pictures checked: the walk misses the demo's fields", pictures)
	}
}
