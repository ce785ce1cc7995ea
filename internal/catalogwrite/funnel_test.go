package catalogwrite

import (
	"slices"
	"testing"

	"circle/internal/apperr"
	"circle/internal/catalog"
)

func fieldsOf(t *testing.T, err error) []string {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok {
		t.Fatalf("not an app error: %v", err)
	}
	out := []string{}
	for _, f := range e.Fields {
		out = append(out, f.Field)
	}
	slices.Sort(out)
	return out
}

func TestF_ENG_05_DefaultFunnel(t *testing.T) {
	fc := DefaultFunnel(catalog.Service{Title: "Listing photos", Description: "Dusk photos."})
	if fc.Headline != "Listing photos" || fc.HeroDescription != "Dusk photos." || fc.EstimatedROI != 3 || fc.Duration != "TBD" {
		t.Fatalf("defaults: %+v", fc)
	}
	if _, err := CheckFunnel(fc); err != nil {
		t.Fatalf("the default funnel must save: %v", err)
	}
}

func TestF_ENG_07_CheckFunnelSanitisesEveryText(t *testing.T) {
	in := DefaultFunnel(catalog.Service{Title: "T"})
	in.Duration = " "
	in.Benefits = []catalog.Benefit{{Title: "<b>Fast</b>", Description: `<img src=x onerror=alert(1)>Quick`}}
	in.Packages = []catalog.FunnelPackage{{Name: "Basic<script>x()</script>", PriceCents: DefaultPackagePriceCent, Features: []string{"<i>One</i>", "<script>gone</script>"}}}
	in.ProofItWorks.Testimonials = []catalog.Testimonial{{Name: "Dana", Content: `Great <a href="javascript:x">work</a>`, Rating: 5}}
	in.ProofItWorks.VerificationBadges = []string{"Licensed<style>x</style>", "<br>"}
	in.FAQs = []catalog.FunnelFAQ{{Title: "Why?", Content: "Because <script>no</script>it works"}}
	in.Media = []catalog.FunnelMedia{{URL: "/media/demo/a.jpg", Title: "<u>A</u>"}, {URL: "https://cdn.example.com/b.mp4", Type: "video"}}
	out, err := CheckFunnel(in)
	if err != nil {
		t.Fatal(err)
	}
	b, p, q := out.Benefits[0], out.Packages[0], out.ProofItWorks.Testimonials[0]
	if out.Duration != "TBD" || b.Title != "Fast" || b.Icon != "check" || b.Description != "Quick" || p.Name != "Basic" || p.ID == "" ||
		!slices.Equal(p.Features, []string{"One"}) || q.Content != "Great work" || q.ID == "" ||
		!slices.Equal(out.ProofItWorks.VerificationBadges, []string{"Licensed"}) || out.FAQs[0].Content != "Because it works" ||
		out.FAQs[0].ID != "question-1" || out.Media[0].Title != "A" || out.Media[0].Type != "image" {
		t.Fatalf("sanitised: %+v", out)
	}
}

func TestF_ENG_07_CheckFunnelNamesEveryWrongField(t *testing.T) {
	in := DefaultFunnel(catalog.Service{Title: ""})
	in.EstimatedROI = 101
	in.Benefits = make([]catalog.Benefit, MaxBenefits+1)
	for i := range in.Benefits {
		in.Benefits[i] = catalog.Benefit{Icon: "star", Title: "Good"}
	}
	one := int64(100)
	in.Packages = []catalog.FunnelPackage{{Name: "A", PriceCents: 0, Popular: true}, {Name: "Bee", PriceCents: 500, OriginalPriceCents: &one, Popular: true}}
	in.ProofItWorks.Testimonials = []catalog.Testimonial{{Name: "Dana", Content: "", Rating: 0}}
	in.CallToAction.Website = "example.com"
	in.CallToAction.Phone = "call me"
	in.Urgency = &catalog.Urgency{Enabled: true}
	in.Media = []catalog.FunnelMedia{{URL: "//evil.example/x.png"}, {URL: "https://x.test/a", Type: "exe"}}
	_, err := CheckFunnel(in)
	want := []string{"benefits", "callToAction.phone", "callToAction.website", "estimatedRoi", "headline", "media[0].url", "media[1].type",
		"packages", "packages[0].name", "packages[0].priceCents", "packages[1].originalPriceCents",
		"proofItWorks.testimonials[0].content", "proofItWorks.testimonials[0].rating", "urgency.message"}
	if got := fieldsOf(t, err); !slices.Equal(got, want) {
		t.Fatalf("fields %v\nwant %v", got, want)
	}
	for _, r := range []int{1, 5} {
		ok := DefaultFunnel(catalog.Service{Title: "T"})
		ok.ProofItWorks.Testimonials = []catalog.Testimonial{{Name: "Dana", Content: "Fine", Rating: r}}
		if _, err := CheckFunnel(ok); err != nil {
			t.Fatalf("rating %d refused: %v", r, err)
		}
	}
}
