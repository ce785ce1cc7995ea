package catalog

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"circle/internal/apperr"
)

func TestF_CAT_08_YouTubeLinksInAllFourFormsAndJunk(t *testing.T) {
	cases := []struct {
		link string
		id   string
		ok   bool
	}{
		// watch
		{"https://www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ", true},
		{"https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s", "dQw4w9WgXcQ", true},
		{"https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ", "dQw4w9WgXcQ", true},
		{"http://www.youtube.com/watch?v=a-b_c1D2e3F#t=10", "a-b_c1D2e3F", true},
		{"www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ", true},
		{"https://WWW.YouTube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ", true},
		// shorts
		{"https://www.youtube.com/shorts/Tq8mV1rH5gC", "Tq8mV1rH5gC", true},
		{"https://youtube.com/shorts/Tq8mV1rH5gC?feature=share", "Tq8mV1rH5gC", true},
		// embed
		{"https://www.youtube.com/embed/bY6cJ3nF0uZ", "bY6cJ3nF0uZ", true},
		{"https://www.youtube.com/embed/bY6cJ3nF0uZ?autoplay=1", "bY6cJ3nF0uZ", true},
		{"https://www.youtube-nocookie.com/embed/bY6cJ3nF0uZ", "bY6cJ3nF0uZ", true},
		// short link
		{"https://youtu.be/R4vN8kT1wQe", "R4vN8kT1wQe", true},
		{"https://youtu.be/R4vN8kT1wQe?t=30", "R4vN8kT1wQe", true},
		{"youtu.be/R4vN8kT1wQe", "R4vN8kT1wQe", true},
		// junk
		{"", "", false},
		{"   ", "", false},
		{"not a link", "", false},
		{"https://www.youtube.com/", "", false},
		{"https://www.youtube.com/watch", "", false},
		{"https://www.youtube.com/watch?v=", "", false},
		{"https://www.youtube.com/watch?v=short", "", false},
		{"https://www.youtube.com/watch?v=dQw4w9WgXcQQ", "", false},
		{"https://www.youtube.com/watch?v=dQw4w9WgX%3Cs", "", false},
		{"https://www.youtube.com/shorts/", "", false},
		{"https://www.youtube.com/channel/UCabcdefghij", "", false},
		{"https://youtu.be/", "", false},
		{"https://evil.example/watch?v=dQw4w9WgXcQ", "", false},
		{"https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ", "", false},
		{"https://notyoutube.com/watch?v=dQw4w9WgXcQ", "", false},
		{"javascript:alert(1)//youtu.be/dQw4w9WgXcQ", "", false},
		{"ftp://youtu.be/dQw4w9WgXcQ", "", false},
		{"https://vimeo.com/812345670", "", false},
		{"/demo/media/reel.mp4", "", false},
	}
	for _, c := range cases {
		id, ok := YouTubeID(c.link)
		if id != c.id || ok != c.ok {
			t.Errorf("YouTubeID(%q) = %q, %v; want %q, %v", c.link, id, ok, c.id, c.ok)
		}
	}
}

func TestF_CAT_08_MediaKinds(t *testing.T) {
	cases := []struct {
		url, kind, embed string
	}{
		{"https://www.youtube.com/watch?v=dQw4w9WgXcQ", MediaYouTube, "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"},
		{"https://youtu.be/dQw4w9WgXcQ", MediaYouTube, "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"},
		{"https://vimeo.com/812345670", MediaVimeo, "https://player.vimeo.com/video/812345670?dnt=1"},
		{"https://player.vimeo.com/video/812345670", MediaVimeo, "https://player.vimeo.com/video/812345670?dnt=1"},
		{"/demo/media/reel.mp4", MediaVideo, ""},
		{"https://cdn.example/clip.WEBM?sig=1", MediaVideo, ""},
		{"/demo/media/clip.ogg", MediaVideo, ""},
		{"/demo/services/photo.jpg", MediaImage, ""},
		{"https://vimeo.com/channels/staffpicks", MediaImage, ""},
	}
	for _, c := range cases {
		m := ClassifyMedia(FunnelMedia{URL: c.url, Type: "video"})
		if m.Kind != c.kind || m.EmbedURL != c.embed {
			t.Errorf("ClassifyMedia(%q) = %s %q, want %s %q", c.url, m.Kind, m.EmbedURL, c.kind, c.embed)
		}
	}
	if m := ClassifyMedia(FunnelMedia{URL: "https://youtu.be/dQw4w9WgXcQ"}); m.YouTubeID != "dQw4w9WgXcQ" ||
		m.ThumbnailURL != "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg" {
		t.Errorf("youtube item: %+v", m)
	}
	// An item's own poster wins over the video host's picture (the demo ships its own).
	if m := ClassifyMedia(FunnelMedia{URL: "https://youtu.be/dQw4w9WgXcQ", Thumbnail: "/demo/content/video-thumbnail.svg"}); m.ThumbnailURL != "/demo/content/video-thumbnail.svg" {
		t.Errorf("youtube item with a poster: %+v", m)
	}

	// Main media plus up to 4 thumbnails; blank links are skipped; no media falls back to the image.
	fc := &FunnelContent{}
	for i := 0; i < 7; i++ {
		fc.Media = append(fc.Media, FunnelMedia{URL: "/m/" + string(rune('a'+i)) + ".jpg"})
	}
	fc.Media[1].URL = " "
	hero := HeroMedia(fc, "/img.jpg")
	if len(hero) != 5 || hero[1].URL != "/m/c.jpg" {
		t.Fatalf("hero media: %+v", hero)
	}
	if got := HeroMedia(nil, "/img.jpg"); len(got) != 1 || got[0].URL != "/img.jpg" || got[0].Kind != MediaImage {
		t.Fatalf("fallback to the service image: %+v", got)
	}
	if got := HeroMedia(nil, ""); got == nil || len(got) != 0 {
		t.Fatalf("no media: %+v", got)
	}
}

func TestF_CAT_08_FunnelSectionFallbacks(t *testing.T) {
	q := func(n int, content string) FunnelFAQ {
		return FunnelFAQ{ID: "question-" + string(rune('0'+n)), Title: "Q", Content: content}
	}
	all := []FunnelFAQ{q(1, "a"), q(2, "b"), q(3, "c"), q(4, "d"), q(5, "e")}
	titled := []FunnelFAQ{
		{ID: "f-roi", Title: "Your ROI, explained", Content: "roi"},
		{ID: "f-soon", Title: "How SOON do leads come?", Content: "soon"},
		{ID: "f-inc", Title: "What is Included", Content: "inc"},
	}
	cases := []struct {
		name string
		n    int
		in   SectionInput
		want Section
	}{
		{"1 question-1", 1, SectionInput{FAQs: all}, Section{Number: 1, Source: SourceFAQ, FAQID: "question-1"}},
		{"1 first FAQ", 1, SectionInput{FAQs: titled}, Section{Number: 1, Source: SourceFAQ, FAQID: "f-roi"}},
		{"1 empty FAQ skipped", 1, SectionInput{FAQs: []FunnelFAQ{q(1, "  "), q(3, "c")}}, Section{Number: 1, Source: SourceFAQ, FAQID: "question-3"}},
		{"1 hero", 1, SectionInput{HeroDescription: "hero", Description: "desc"}, Section{Number: 1, Source: SourceHeroDescription}},
		{"1 description", 1, SectionInput{HeroDescription: " ", Description: "desc"}, Section{Number: 1, Source: SourceDescription}},
		{"1 default", 1, SectionInput{}, Section{Number: 1, Source: SourceDefault, MessageKey: KeyWhyDefault}},

		{"2 question-2", 2, SectionInput{FAQs: append([]FunnelFAQ{titled[0]}, all...)}, Section{Number: 2, Source: SourceFAQ, FAQID: "question-2"}},
		{"2 title roi", 2, SectionInput{FAQs: titled}, Section{Number: 2, Source: SourceFAQTitle, FAQID: "f-roi"}},
		{"2 verified numeric", 2, SectionInput{VendorVerified: true, ROIMultiple: 3, Duration: "30 days"},
			Section{Number: 2, Source: SourceDefault, MessageKey: KeyROIVerifiedEstimate, Params: map[string]string{"roi_percent": "300", "duration": "30 days"}}},
		{"2 verified numeric TBD duration", 2, SectionInput{VendorVerified: true, ROIMultiple: 2.5},
			Section{Number: 2, Source: SourceDefault, MessageKey: KeyROIVerifiedEstimate, Params: map[string]string{"roi_percent": "250", "duration": ""}}},
		{"2 verified without ROI", 2, SectionInput{VendorVerified: true}, Section{Number: 2, Source: SourceDefault, MessageKey: KeyROIVerifiedDefault}},
		{"2 not verified", 2, SectionInput{ROIMultiple: 3}, Section{Number: 2, Source: SourceDefault, MessageKey: KeyROIUnavailable}},

		{"3 question-3", 3, SectionInput{FAQs: all}, Section{Number: 3, Source: SourceFAQ, FAQID: "question-3"}},
		{"3 title soon", 3, SectionInput{FAQs: titled}, Section{Number: 3, Source: SourceFAQTitle, FAQID: "f-soon"}},
		{"3 timeline", 3, SectionInput{FAQs: []FunnelFAQ{q(1, "a")}}, Section{Number: 3, Source: SourceDefault, MessageKey: KeyResultsTimeline}},

		{"4 question-4", 4, SectionInput{FAQs: all}, Section{Number: 4, Source: SourceFAQ, FAQID: "question-4"}},
		{"4 title included", 4, SectionInput{FAQs: titled}, Section{Number: 4, Source: SourceFAQTitle, FAQID: "f-inc"}},
		{"4 coming soon", 4, SectionInput{}, Section{Number: 4, Source: SourceDefault, MessageKey: KeyIncludedComingSoon}},

		{"5 question-5", 5, SectionInput{FAQs: all}, Section{Number: 5, Source: SourceFAQ, FAQID: "question-5", Proof: &ProofBlocks{}}},
		{"5 default", 5, SectionInput{FAQs: titled}, Section{Number: 5, Source: SourceDefault, MessageKey: KeyProofDefault, Proof: &ProofBlocks{}}},
		{"5 every block", 5, SectionInput{VendorVerified: true, HasReviews: true, Proof: ProofItWorks{IntroText: "intro", TestimonialsOn: true,
			Testimonials: []Testimonial{{ID: "t1"}}, CaseStudy: CaseStudy{Enabled: true}, VerificationOn: true}},
			Section{Number: 5, Source: SourceDefault, MessageKey: KeyProofDefault, Proof: &ProofBlocks{Intro: true, Testimonials: true, CaseStudy: true, VendorVerification: true}}},
		{"5 testimonials need reviews, verification needs a verified vendor", 5, SectionInput{Proof: ProofItWorks{TestimonialsOn: true,
			Testimonials: []Testimonial{{ID: "t1"}}, VerificationOn: true}},
			Section{Number: 5, Source: SourceDefault, MessageKey: KeyProofDefault, Proof: &ProofBlocks{}}},
		{"5 testimonials need items", 5, SectionInput{HasReviews: true, Proof: ProofItWorks{TestimonialsOn: true}},
			Section{Number: 5, Source: SourceDefault, MessageKey: KeyProofDefault, Proof: &ProofBlocks{}}},
	}
	for _, c := range cases {
		if got := FunnelSection(c.n, c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %+v (proof %+v), want %+v (proof %+v)", c.name, got, got.Proof, c.want, c.want.Proof)
		}
	}
	if got := FunnelSections(SectionInput{}); len(got) != 5 || got[4].Number != 5 {
		t.Fatalf("FunnelSections: %+v", got)
	}
}

func TestF_CAT_08_ROIMultiple(t *testing.T) {
	cases := map[string]float64{"3x": 3, "3": 3, " 4.5X ": 4.5, "250%": 2.5, "3-5x": 3, "TBD": 0, "": 0, "x3": 0, "0x": 0}
	for in, want := range cases {
		got, ok := ROIMultiple(in)
		if got != want || ok != (want > 0) {
			t.Errorf("ROIMultiple(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
}

func fieldOf(t *testing.T, err error) apperr.FieldError {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Code != apperr.Invalid || len(e.Fields) == 0 {
		t.Fatalf("want a field error, got %v", err)
	}
	return e.Fields[0]
}

func TestF_CAT_11_ReviewValidation(t *testing.T) {
	for _, r := range []*int{nil, ip(0), ip(6), ip(-1)} {
		f := fieldOf(t, func() error { _, err := ValidateRating(r); return err }())
		if f.Field != "rating" || f.Message != "Rating Required: Please select a star rating." {
			t.Errorf("rating %v: %+v", r, f)
		}
	}
	for n := 1; n <= 5; n++ {
		if got, err := ValidateRating(ip(n)); err != nil || got != n {
			t.Errorf("rating %d: %v %v", n, got, err)
		}
	}
	if got, err := ValidateReviewText(sp("  great  ")); err != nil || *got != "great" {
		t.Errorf("trim: %v %v", got, err)
	}
	for _, empty := range []*string{nil, sp(""), sp("  \n ")} {
		if got, err := ValidateReviewText(empty); err != nil || got != nil {
			t.Errorf("empty text should be null: %v %v", got, err)
		}
	}
	if _, err := ValidateReviewText(sp(strings.Repeat("é", 2000))); err != nil {
		t.Errorf("2000 characters: %v", err)
	}
	if f := fieldOf(t, func() error { _, err := ValidateReviewText(sp(strings.Repeat("a", 2001))); return err }()); f.Field != "review" {
		t.Errorf("too long: %+v", f)
	}
	if a := AuthorOf("", "", false, true); a.DisplayName != "Anonymous User" || !a.Anonymous {
		t.Errorf("blank name: %+v", a)
	}
	if a := AuthorOf("Kim", "/a.png", true, false); a.DisplayName != "Anonymous User" {
		t.Errorf("missing profile: %+v", a)
	}
	if a := AuthorOf(" Kim ", "/a.png", true, true); a.DisplayName != "Kim" || a.Anonymous || !a.IsProMember {
		t.Errorf("named: %+v", a)
	}
}

func TestF_CAT_10_QuestionEditValidation(t *testing.T) {
	e, err := ValidateQuestionEdit("  What is your turnaround?  ", nil)
	if err != nil || e.QuestionText != "What is your turnaround?" || e.AnswerText != nil {
		t.Fatalf("valid: %+v %v", e, err)
	}
	e, err = ValidateQuestionEdit("Q?", sp("  Two days. "))
	if err != nil || *e.AnswerText != "Two days." {
		t.Fatalf("answer: %+v %v", e, err)
	}
	for _, bad := range []string{"", "   ", strings.Repeat("q", 501)} {
		if f := fieldOf(t, func() error { _, err := ValidateQuestionEdit(bad, nil); return err }()); f.Field != "question_text" {
			t.Errorf("%q: %+v", bad, f)
		}
	}
	if _, err := ValidateQuestionEdit(strings.Repeat("q", 500), nil); err != nil {
		t.Errorf("500 characters: %v", err)
	}
	if f := fieldOf(t, func() error { _, err := ValidateQuestionEdit("Q?", sp(strings.Repeat("a", 5001))); return err }()); f.Field != "answer_text" {
		t.Errorf("long answer: %+v", f)
	}
	if len(DefaultVendorQuestions) != 5 {
		t.Fatal("five default questions")
	}
	for i, q := range DefaultVendorQuestions {
		if strings.TrimSpace(q) == "" || !strings.HasSuffix(q, "?") || len(q) > QuestionTextMax {
			t.Errorf("default question %d: %q", i+1, q)
		}
	}
}

func TestF_CAT_13_ConversionRateAndSlug(t *testing.T) {
	cases := []struct {
		p, v int64
		want float64
	}{{0, 0, 0}, {3, 0, 0}, {1, 3, 0.3333}, {2, 3, 0.6667}, {1, 8, 0.125}, {5, 5, 1}, {1, 20000, 0.0001}, {1, 30000, 0}}
	for _, c := range cases {
		if got := ConversionRate(c.p, c.v); got != c.want {
			t.Errorf("ConversionRate(%d, %d) = %v, want %v", c.p, c.v, got, c.want)
		}
	}
	for in, want := range map[string]string{
		"Listing Photos & Video":    "listing-photos-video",
		"  Café Kits 2.0!  ":        "caf-kits-2-0",
		"Contract-to-Close TC":      "contract-to-close-tc",
		"!!!":                       "service",
		"HDR Photos -- Same Day...": "hdr-photos-same-day",
	} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}

func ip(v int) *int       { return &v }
func sp(v string) *string { return &v }

// TestF_CAT_08_Listed: a service that is not listed is not found (detail, views, saved).
func TestF_CAT_08_Listed(t *testing.T) {
	boom := errors.New("boom")
	cases := []struct {
		name string
		svc  Service
		err  error
		code apperr.Code
	}{
		{"listed", Service{ID: "a", IsActive: true}, nil, ""},
		{"not listed is not found", Service{ID: "a"}, nil, apperr.NotFound},
		{"a read error passes on", Service{}, boom, apperr.Internal},
	}
	for _, c := range cases {
		_, err := Listed(c.svc, c.err)
		if c.code == "" && err != nil || c.code != "" && apperr.CodeOf(err) != c.code {
			t.Fatalf("%s: %v", c.name, err)
		}
	}
}
