package demo

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"

	"circle/internal/catalog"
	"circle/internal/respa"
)

const day = 24 * time.Hour

// Ids of the two RESPA disclaimers; settlement services point at the active one.
const (
	disclaimerActive  = "disc-respa-section8-v2"
	disclaimerRetired = "disc-respa-section8-v1"
)

// build assembles the demo data. Everything is derived from the catalogue and from now, so the
// same now always gives the same data.
func build(now time.Time, c catalogue) Data {
	now = now.UTC().Truncate(time.Second)

	vendors := make(map[string]vendorDef, len(c.Vendors))
	for _, v := range c.Vendors {
		vendors[v.Slug] = v
	}

	d := Data{Accounts: accounts(c), Disclaimers: disclaimers(now)}
	for i, v := range c.Vendors {
		d.Vendors = append(d.Vendors, buildVendor(now, i, v))
		d.Representatives = append(d.Representatives, buildReps(v)...)
		d.Questions = append(d.Questions, buildQuestions(now, v, c.QuestionSets[v.QuestionSet])...)
		d.Content = append(d.Content, buildContent(v)...)
		if !v.NoCalendar {
			d.Availability = append(d.Availability, catalog.VendorAvailability{
				VendorID:     vendorID(v.Slug),
				CalendarLink: "https://cal.example.com/" + v.Slug,
			})
		}
	}

	for i, s := range c.Services {
		d.Services = append(d.Services, buildService(now, i, s, vendors[s.Vendor]))
	}
	assignServiceSortOrder(c.Services, d.Services)
	d.Reviews = buildReviews(d.Services, c, vendors, now)
	return d
}

func vendorID(slug string) string  { return "ven-" + slug }
func serviceID(slug string) string { return "svc-" + slug }

// website is a vendor's website address, or empty when it has none.
func (v vendorDef) website() string {
	if v.NoWebsite {
		return ""
	}
	return "https://www." + v.Domain + ".example"
}

func (v vendorDef) email() string    { return "hello@" + v.Domain + ".example" }
func (v vendorDef) phone() string    { return "(" + v.Area + ") 555-0100" }
func (v vendorDef) location() string { return v.City + ", " + v.State }
func (v vendorDef) logo() string     { return "/demo/logos/" + v.Slug + ".svg" }

// nonNil keeps empty lists as [] rather than null once stored as JSON text.
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// slugify turns a name into a lower-case dash-separated slug (ASCII letters and digits only).
func slugify(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
			dash = false
		case r == 'á' || r == 'à' || r == 'â':
			b.WriteRune('a')
			dash = false
		case r == 'é' || r == 'è' || r == 'ê':
			b.WriteRune('e')
			dash = false
		case r == 'í':
			b.WriteRune('i')
			dash = false
		case r == 'ó' || r == 'ô':
			b.WriteRune('o')
			dash = false
		case r == 'ú' || r == 'ü':
			b.WriteRune('u')
			dash = false
		case r == 'ñ':
			b.WriteRune('n')
			dash = false
		default:
			if !dash && b.Len() > 0 {
				b.WriteByte('-')
				dash = true
			}
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

func buildVendor(now time.Time, i int, v vendorDef) catalog.Vendor {
	created := now.Add(-time.Duration(v.Age)*day - time.Duration(i%9)*time.Hour)
	updated := now.Add(-time.Duration(v.Age%11)*day - time.Duration(i%5)*time.Hour)
	if updated.Before(created) {
		updated = created
	}
	out := catalog.Vendor{
		ID:                 vendorID(v.Slug),
		Name:               v.Name,
		NameEs:             v.NameEs,
		NameFr:             v.NameFr,
		Description:        v.Desc,
		DescriptionEs:      v.DescEs,
		DescriptionFr:      v.DescFr,
		LogoURL:            v.logo(),
		WebsiteURL:         v.website(),
		Location:           v.location(),
		ContactEmail:       v.email(),
		Phone:              v.phone(),
		SupportHours:       v.Hours,
		VendorType:         v.Type,
		IsVerified:         v.Verified,
		IsActive:           !v.Inactive,
		IsPremiumProvider:  v.Premium,
		IsOpenToPartner:    v.OpenToPartner,
		ApprovalStatus:     v.Status,
		SortOrder:          (i + 1) * 10,
		CoMarketingAgents:  v.CoMarketing,
		CampaignsFunded:    v.Campaigns,
		NMLSID:             v.NMLS,
		ServiceStates:      nonNil(v.ServiceStates),
		LicenseStates:      nonNil(v.LicenseStates),
		MLSAreas:           nonNil(v.MLSAreas),
		Specialties:        nonNil(v.Specialties),
		ServiceRadiusMiles: v.Radius,
		Latitude:           f64p(v.Lat),
		Longitude:          f64p(v.Lng),
		CreatedAt:          created,
		UpdatedAt:          updated,
	}
	if vendorID(v.Slug) == vendorAccountVendor {
		out.OwnerUserID = strp(userVendor)
	}
	if !v.NoLocalRep && len(v.Reps) > 0 {
		r := v.Reps[0]
		out.LocalRepresentative = &catalog.LocalRepresentative{Name: r.Name, Title: r.Title, PhotoURL: repPhoto(r)}
	}
	return out
}

func repPhoto(r repDef) string {
	if r.NoPhoto {
		return ""
	}
	return "/demo/reps/" + slugify(r.Name) + ".svg"
}

func buildReps(v vendorDef) []catalog.Representative {
	var out []catalog.Representative
	for j, r := range v.Reps {
		loc := r.Location
		if loc == "" {
			loc = v.location()
		}
		first, last, _ := strings.Cut(slugify(r.Name), "-")
		out = append(out, catalog.Representative{
			ID:                fmt.Sprintf("rep-%s-%d", v.Slug, j+1),
			VendorID:          vendorID(v.Slug),
			IsActive:          true,
			IsPrimary:         j == 0,
			SortOrder:         j + 1,
			Name:              r.Name,
			Title:             r.Title,
			ProfilePictureURL: repPhoto(r),
			RatingTenths:      r.Rating,
			YearsExperience:   r.Years,
			LicenseNumber:     r.License,
			Email:             first + "." + last + "@" + v.Domain + ".example",
			Phone:             fmt.Sprintf("(%s) 555-01%02d", v.Area, 11+j),
			Website:           v.website(),
			Specialties:       nonNil(r.Specs),
			Location:          loc,
		})
	}
	return out
}

func buildQuestions(now time.Time, v vendorDef, set [5]string) []catalog.VendorQuestion {
	if v.Answers == nil {
		return nil
	}
	var out []catalog.VendorQuestion
	for k, a := range v.Answers {
		out = append(out, catalog.VendorQuestion{
			VendorID:       vendorID(v.Slug),
			QuestionNumber: k + 1,
			QuestionText:   set[k],
			AnswerText:     a,
			UpdatedAt:      now.Add(-time.Duration(v.Age/2+k) * day),
		})
	}
	return out
}

func buildContent(v vendorDef) []catalog.VendorContent {
	var out []catalog.VendorContent
	for j, c := range v.Content {
		out = append(out, catalog.VendorContent{
			ID:           fmt.Sprintf("vc-%s-%d", v.Slug, j+1),
			VendorID:     vendorID(v.Slug),
			IsActive:     true,
			DisplayOrder: j + 1,
			ContentType:  c.Type,
			ContentURL:   c.URL,
			ThumbnailURL: thumbnail(c),
			Title:        c.Title,
			IsFeatured:   c.Featured,
		})
	}
	return out
}

// videoThumbnail is the demo's poster of a video, served with the demo's pictures.
const videoThumbnail = "/demo/content/video-thumbnail.svg"

func thumbnail(c contentDef) string {
	switch c.Type {
	case "video_youtube":
		// The demo ships its own pictures: a video's poster is local, not the video host's.
		return videoThumbnail
	case "image":
		return c.URL
	case "document":
		return "/demo/content/document-thumbnail.svg"
	}
	return ""
}

// youtubeID returns the video id of a YouTube link in watch, shorts, embed or short-link form.
func youtubeID(u string) string {
	for _, prefix := range []string{"youtube.com/watch?v=", "youtube.com/shorts/", "youtube.com/embed/", "youtu.be/"} {
		if _, rest, ok := strings.Cut(u, prefix); ok {
			if i := strings.IndexAny(rest, "?&/#"); i >= 0 {
				rest = rest[:i]
			}
			return rest
		}
	}
	return ""
}

// featureCounts gives, by number of packages, how many features each package lists.
var featureCounts = map[int][]int{
	1: {6},
	2: {5, 8},
	3: {4, 6, 9},
	4: {4, 5, 7, 9},
}

func buildService(now time.Time, i int, s serviceDef, v vendorDef) catalog.ServiceWithParts {
	age := s.Age
	if age == 0 {
		age = 8 + (i*37)%112
	}
	if age >= v.Age {
		// A service is never listed before its vendor joined.
		age = max(v.Age-1, 1)
	}
	created := now.Add(-time.Duration(age)*day - time.Duration(i%24)*time.Hour)
	updated := created.Add(time.Duration(i%5) * day)
	if updated.After(now) {
		updated = now
	}

	retail := parsePriceCents(s.Price)
	svc := catalog.Service{
		ID:                    serviceID(s.Slug),
		VendorID:              strp(vendorID(s.Vendor)),
		Title:                 s.Title,
		TitleEs:               s.TitleEs,
		TitleFr:               s.TitleFr,
		Description:           s.Desc,
		DescriptionEs:         s.DescEs,
		DescriptionFr:         s.DescFr,
		Category:              s.Category,
		LobbyCategory:         s.Lobby,
		IsActive:              !s.Inactive,
		PriceText:             s.Price,
		RetailPriceCents:      retail,
		PriceDuration:         s.Duration,
		SSPAllowed:            s.SSPOK,
		RequiresQuote:         retail == nil,
		DirectPurchaseEnabled: s.Direct,
		ImageURL:              "/demo/services/" + s.Slug + ".svg",
		ProfileImageURL:       v.logo(),
		IsVerified:            v.Verified,
		IsSponsored:           s.Sponsored,
		IsFeatured:            s.Featured,
		IsTopPick:             s.TopPick,
		IsAffiliate:           s.Affiliate,
		EstimatedROI:          s.ROI,
		SetupTime:             s.Setup,
		Duration:              s.Time,
		DiscountPercentage:    s.Discount,
		BookingType:           "internal",
		// 03§4: CRM sync is on unless a service turns it off; with no HighLevel settings the
		// contact goes to the built-in CRM, so the demo needs no outside service.
		SyncToGHL:        true,
		IsRespaRegulated: s.Respa != "",
		RespaRiskLevel:   s.Respa,
		SearchText:       strings.ToLower(s.Title + " " + s.Desc + " " + s.Category),
		CreatedAt:        created,
		UpdatedAt:        updated,
	}
	if site := v.website(); site != "" {
		svc.WebsiteURL = site + "/" + strings.TrimPrefix(s.Slug, s.Vendor+"-")
	}
	if s.Pro > 0 {
		svc.ProPriceCents = cents(s.Pro)
	}
	if s.Split > 0 {
		svc.CopayAllowed = true
		svc.RespaSplitLimit = intp(s.Split)
	}
	if s.SSPMax > 0 {
		svc.MaxSplitPercentageSSP = intp(s.SSPMax)
	}
	if s.NonSSP > 0 {
		svc.MaxSplitPercentageNonSSP = intp(s.NonSSP)
	}
	if s.VendMax > 0 {
		svc.MaxVendorSplitPercentage = intp(s.VendMax)
	}
	// The stored co-pay price is the one rule's price (respa.CoPayPrice), so the card, the
	// detail page and the cart agree (a max vendor split below the split limit raises it).
	svc.CoPayPriceCents = respa.CoPayPriceOf(svc)
	if s.Respa != "" {
		svc.DisclaimerID = strp(disclaimerActive)
	}
	if s.External {
		svc.BookingType = "external"
		svc.ExternalBookingProvider = "calendly"
		svc.ExternalBookingURL = "https://calendly.com/" + v.Domain + "/consultation"
	}
	if s.Funnel != nil {
		svc.FunnelContent = buildFunnel(i, s, v)
		if svc.EstimatedROI == "" && s.Funnel.ROI > 0 {
			svc.EstimatedROI = fmt.Sprintf("%dx", s.Funnel.ROI)
		}
		if svc.Duration == "" {
			svc.Duration = s.Funnel.Time
		}
	}

	var tags []string
	for _, c := range s.Cats {
		tags = append(tags, "cat:"+c)
	}
	for _, t := range s.Tags {
		tags = append(tags, "tag:"+t)
	}

	pkgs := buildPackages(s)
	for _, p := range pkgs {
		if p.Popular {
			svc.DefaultPackageID = p.ID
		}
	}
	return catalog.ServiceWithParts{Service: svc, Tags: tags, Packages: pkgs}
}

// packageFeatures lists a package's features: without tier lines, the first n of the service's
// list (each tier includes the one below). With tier lines, those come first, then the service's
// lines that do not open with a number (a number there is some tier's quantity, and a "25 photos"
// tier must not list "25-40 HDR photos"), up to n.
func packageFeatures(service, tier []string, n int) []string {
	if len(tier) == 0 {
		return service[:min(n, len(service))]
	}
	out := append([]string(nil), tier...)
	for _, f := range service {
		if len(out) >= n {
			break
		}
		if f == "" || unicode.IsDigit(rune(f[0])) || slices.Contains(out, f) {
			continue
		}
		out = append(out, f)
	}
	return out
}

func buildPackages(s serviceDef) []catalog.Package {
	counts := featureCounts[len(s.Tiers)]
	var out []catalog.Package
	for k, t := range s.Tiers {
		p := catalog.Package{
			ID:             "pkg-" + s.Slug + "-" + slugify(t.Name),
			ServiceID:      serviceID(s.Slug),
			Name:           t.Name,
			Description:    t.Desc,
			Duration:       s.Duration,
			Popular:        t.Popular,
			ProOnly:        t.ProOnly,
			RequestPricing: t.Quote,
			SortOrder:      k + 1,
		}
		for _, f := range packageFeatures(s.Features, t.Features, counts[k]) {
			p.Features = append(p.Features, catalog.PackageFeature{Text: f, Included: true})
		}
		if !t.Quote && t.Cents > 0 {
			price := t.Cents
			p.PriceCents = cents(price)
			if s.Pro > 0 {
				// The package at the service's retail price shares its Pro price.
				pro := roundDollar(price * 85 / 100)
				if retail := parsePriceCents(s.Price); retail != nil && *retail == price {
					pro = s.Pro
				}
				p.ProPriceCents = cents(pro)
			}
			if s.Split > 0 {
				p.CoPayPriceCents = cents(price * int64(100-s.Split) / 100)
			}
			if s.Yearly && s.Duration == "monthly" {
				p.YearlyPriceCents = cents(price * 10)
				p.YearlyOriginalPriceCents = cents(price * 12)
			}
		}
		out = append(out, p)
	}
	return out
}

// trustSets rotate the trust-footer texts across funnels.
var trustSets = []catalog.TrustIndicators{
	{Guarantee: "30-Day Money Back Guarantee", Cancellation: "Cancel Anytime", Certification: "Industry Leader"},
	{Guarantee: "Satisfaction Guaranteed or We Redo It Free", Cancellation: "No Long-Term Contracts", Certification: "Circle Verified Vendor"},
	{Guarantee: "Price Locked for 12 Months", Cancellation: "Cancel With 30 Days' Notice", Certification: "Licensed in Every State We Serve"},
	{Guarantee: "Pay Only When You Are Happy", Cancellation: "No Cancellation Fees", Certification: "Fully Licensed & Insured"},
}

// verificationBadges are the Proof It Works badges of a verified vendor.
func verificationBadges(v vendorDef) []string {
	badges := []string{"Circle Verified Vendor"}
	switch {
	case v.NMLS != "":
		badges = append(badges, "NMLS Verified", "State-Licensed Lender")
	case v.Type == "title_company" || v.Type == "settlement_agent" || v.Type == "escrow_company":
		badges = append(badges, "State-Licensed Title Agency", "E&O Insured")
	case v.Type == "real_estate_attorney":
		badges = append(badges, "Bar-Licensed Attorneys", "Malpractice Insured")
	case v.Type == "photographer":
		badges = append(badges, "FAA Part 107 Certified", "Fully Insured")
	case v.Type == "software_provider":
		badges = append(badges, "SOC 2 Type II", "US Data Hosting")
	default:
		badges = append(badges, "Background-Checked Team", "Fully Insured")
	}
	return badges
}

func buildFunnel(i int, s serviceDef, v vendorDef) *catalog.FunnelContent {
	f := s.Funnel
	media := make([]catalog.FunnelMedia, 0, len(f.Media))
	for _, m := range f.Media {
		if _, ok := catalog.YouTubeID(m.URL); ok && m.Thumbnail == "" {
			m.Thumbnail = videoThumbnail
		}
		media = append(media, m)
	}
	faqList := f.FAQ
	if faqList == nil {
		faqList = []catalog.FunnelFAQ{}
	}
	benefits := f.Benefits
	if benefits == nil {
		benefits = []catalog.Benefit{}
	}
	testimonials := make([]catalog.Testimonial, 0, len(f.Testimonials))
	for k, t := range f.Testimonials {
		testimonials = append(testimonials, catalog.Testimonial{
			ID: fmt.Sprintf("testimonial-%d", k+1), Rating: t.Rating, Name: t.Name, Company: t.Company, Content: t.Content,
		})
	}
	duration := f.Time
	if duration == "" {
		duration = "TBD"
	}
	proof := catalog.ProofItWorks{
		IntroText:          f.ProofIntro,
		TestimonialsOn:     len(testimonials) > 0,
		Testimonials:       testimonials,
		VerificationOn:     v.Verified,
		VerificationBadges: []string{},
	}
	if f.Case != nil {
		proof.CaseStudy = *f.Case
	}
	if v.Verified {
		proof.VerificationBadges = verificationBadges(v)
		proof.VerificationText = v.Name + " has been reviewed by Circle: licences, insurance and agent references were checked before listing."
	}
	contact := "our team"
	if len(v.Reps) > 0 {
		contact = v.Reps[0].Name
	}
	return &catalog.FunnelContent{
		Headline:         f.Headline,
		SubHeadline:      f.Sub,
		HeroDescription:  f.Hero,
		Media:            media,
		Duration:         duration,
		EstimatedROI:     f.ROI,
		FAQs:             faqList,
		WhyChooseUsTitle: "Why agents choose " + v.Name,
		Benefits:         benefits,
		ProofItWorks:     proof,
		CallToAction: catalog.CallToAction{
			PrimaryHeadline:      "Ready to get started with " + s.Title + "?",
			PrimaryDescription:   "Pick a package or book a short call with " + contact + " at " + v.Name + " to get set up this week.",
			PrimaryButtonText:    "Get Started",
			SecondaryHeadline:    "Have questions first?",
			SecondaryDescription: "Our team answers calls and e-mails during support hours: " + v.Hours + ".",
			Website:              v.website(),
			Phone:                v.phone(),
			Email:                v.email(),
		},
		TrustIndicators: trustSets[i%len(trustSets)],
	}
}

// assignServiceSortOrder ranks featured, then top picks, then sponsored, then verified, then
// other services, keeping table order inside each group; inactive services go last.
func assignServiceSortOrder(defs []serviceDef, services []catalog.ServiceWithParts) {
	group := func(k int) int {
		s := defs[k]
		switch {
		case s.Inactive:
			return 9
		case s.Featured:
			return 0
		case s.TopPick:
			return 1
		case s.Sponsored:
			return 2
		case services[k].Service.IsVerified:
			return 3
		}
		return 4
	}
	order := make([]int, len(defs))
	for k := range order {
		order[k] = k
	}
	sort.SliceStable(order, func(a, b int) bool { return group(order[a]) < group(order[b]) })
	for pos, k := range order {
		services[k].Service.SortOrder = (pos + 1) * 10
	}
}

func disclaimers(now time.Time) []catalog.Disclaimer {
	return []catalog.Disclaimer{
		{
			ID:    disclaimerRetired,
			Title: "Co-Marketing Disclosure",
			Content: "Some services on Circle are offered by or with settlement service providers. " +
				"Agents should not accept anything of value in exchange for referrals. Please review any co-marketing arrangement with your broker.",
			ButtonText: "Learn More",
			ButtonURL:  "https://www.consumerfinance.gov/rules-policy/regulations/1024/14/",
			IsActive:   false,
			CreatedAt:  now.Add(-420 * day),
			UpdatedAt:  now.Add(-150 * day),
		},
		{
			ID:    disclaimerActive,
			Title: "RESPA Disclosure: Settlement Service Providers",
			Content: "Circle is a marketplace directory and does not endorse any lender, title company, escrow company, attorney or other settlement service provider. " +
				"Section 8 of the Real Estate Settlement Procedures Act (RESPA, 12 U.S.C. 2607) prohibits giving or accepting any fee, kickback or thing of value for the referral of settlement service business involving a federally related mortgage loan, and prohibits splitting charges except for services actually performed. " +
				"Co-marketing and co-pay arrangements with settlement service providers must be based on each party's actual use of the advertising, paid at fair market value and never conditioned on referrals. " +
				"Consumers are free to choose their own settlement service providers. Review every arrangement with your broker and legal counsel before you participate.",
			ButtonText: "Read the CFPB rule (12 CFR 1024.14)",
			ButtonURL:  "https://www.consumerfinance.gov/rules-policy/regulations/1024/14/",
			IsActive:   true,
			CreatedAt:  now.Add(-150 * day),
			UpdatedAt:  now.Add(-30 * day),
		},
	}
}
