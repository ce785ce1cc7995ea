package demo

import (
	"fmt"
	"time"

	"circle/internal/creators"
	"circle/internal/payments"
)

// Demo creator (issue 30 items 7 and 8, F-AREA-02): creator@demo.test's approved creator
// application, four pieces of content whose referral links carry the demo affiliate's clicks
// (BuildAffiliates tags them with these ids) and a test-mode payout account, so
// /creator-dashboard shows content and earnings on `make run`.
const DemoCreatorApplicationID = "cra-demo-creator"

// demoCreatorContentIDs are the demo content's ids, the utm_content of the demo clicks.
var demoCreatorContentIDs = []string{"cct-demo-1", "cct-demo-2", "cct-demo-3", "cct-demo-4"}

// CreatorDemo is the demo creator's rows.
type CreatorDemo struct {
	Application creators.CreatorApplication
	Content     []creators.CreatorContent
	Payout      *creators.CreatorPayoutAccount
}

// BuildCreator builds the demo creator's rows relative to now.
func BuildCreator(now time.Time) CreatorDemo {
	now = now.UTC().Truncate(time.Second)
	applied := now.AddDate(0, -2, -3)
	decided := applied.Add(20 * time.Hour)
	out := CreatorDemo{Application: creators.CreatorApplication{ID: DemoCreatorApplicationID, UserID: userCreator, Status: creators.StatusApproved,
		DisplayName: "Brennan Media", Bio: "Former top-producing agent; I film listing-video and lead-generation tutorials for agents.",
		Website: "https://brennan-media.example", AudienceSize: 12_000, Platforms: []string{"youtube", "instagram", "newsletter"},
		Niches:      []string{"listing_marketing", "lead_generation", "tech_tools"},
		ContentPlan: "Two YouTube tutorials a month on listing marketing, a weekly newsletter with the tools I use, and short Instagram walk-throughs.",
		CreatedAt:   applied, UpdatedAt: decided, DecidedAt: &decided}}
	items := []struct{ title, url, kind string }{
		{"How I shoot a listing video in 30 minutes", "https://www.youtube.com/watch?v=brennan-listing-video", "video"},
		{"The Friday Toolkit: 5 services that saved my week", "https://brennan-media.example/newsletter/friday-toolkit", "newsletter"},
		{"HDR photos vs. twilight shots: what sells faster", "https://brennan-media.example/blog/hdr-vs-twilight", "article"},
		{"60-second tour: staging a small condo", "https://www.instagram.com/p/brennan-staging", "social"},
	}
	for i, it := range items {
		pub := now.AddDate(0, 0, -(8*i + 5))
		out.Content = append(out.Content, creators.CreatorContent{ID: demoCreatorContentIDs[i], UserID: userCreator, Title: it.title, URL: it.url, Kind: it.kind,
			PublishedOn: pub.Format(time.DateOnly), CreatedAt: pub})
	}
	out.Payout = &creators.CreatorPayoutAccount{UserID: userCreator, Provider: payments.NameBuiltIn, AccountID: fmt.Sprintf("%s_demo", payments.BuiltInPayoutAccountID(userCreator)),
		DetailsSubmitted: true, PayoutsEnabled: true, BankLast4: "6789", CreatedAt: decided.Add(time.Hour), UpdatedAt: decided.Add(time.Hour)}
	return out
}
