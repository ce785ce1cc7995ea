package demo

import (
	"fmt"
	"strings"
	"time"

	"circle/internal/affiliates"
)

// Demo affiliate (issue 32 item 3, F-ENG-09): creator@demo.test is an approved affiliate with a
// month of clicks and a few conversions in each commission status, so /affiliate/dashboard and
// /admin/commissions are not empty on `make run`.
const (
	userCreator        = "usr-demo-creator"
	DemoAffiliateID    = "aff-demo-creator"
	DemoAffiliateCode  = "brennan"
	demoPayoutBatchID  = "pay-demo-1"
	demoAffiliateClick = "clk-demo-"
)

// AffiliateDemo is the demo affiliate programme's rows.
type AffiliateDemo struct {
	Affiliate    affiliates.Affiliate
	Clicks       []affiliates.Click
	Attributions []affiliates.Attribution
	Batches      []affiliates.PayoutBatch
	Conversions  []affiliates.Conversion
}

// BuildAffiliates builds the demo affiliate's rows relative to now. buyers are the accounts
// whose purchases are credited (reviewer accounts); the Pro member's first membership invoice
// is credited too.
func BuildAffiliates(now time.Time, d Data) AffiliateDemo {
	now = now.UTC().Truncate(time.Second)
	applied := now.AddDate(0, -2, 0)
	decided := applied.Add(26 * time.Hour)
	out := AffiliateDemo{Affiliate: affiliates.Affiliate{ID: DemoAffiliateID, UserID: userCreator, Code: DemoAffiliateCode, Status: affiliates.AppApproved,
		Website: "https://brennan-media.example", Audience: "12,000 agents who follow my listing-video tutorials",
		Promotion:   "Monthly tool round-ups on my channel and newsletter, with Circle links for the services I use.",
		PayoutEmail: "payouts@brennan-media.example", CreatedAt: applied, DecidedAt: &decided}}
	sources := []string{"youtube", "newsletter", "instagram"}
	for i := 0; i < 36; i++ {
		at := now.Add(-time.Duration(i*19+3) * time.Hour)
		src := sources[i%len(sources)]
		out.Clicks = append(out.Clicks, affiliates.Click{ID: fmt.Sprintf("%s%02d", demoAffiliateClick, i), AffiliateID: DemoAffiliateID,
			URL: "/marketplace?aff=" + DemoAffiliateCode + "&utm_source=" + src, UserAgent: "Mozilla/5.0 (demo)", UTMSource: src,
			UTMMedium: map[bool]string{true: "email", false: "social"}[src == "newsletter"], UTMCampaign: "tool-roundup",
			// Most clicks came through a piece of the demo creator's content (creators.go).
			UTMContent: demoClickContent(i),
			IPHash:     affiliates.HashIP("demo", fmt.Sprint(i)), CreatedAt: at})
	}
	var buyers []string
	for _, a := range d.Accounts {
		if strings.HasPrefix(a.ID, "usr-rev-") && len(buyers) < 3 {
			buyers = append(buyers, a.ID)
		}
	}
	paidAt := now.AddDate(0, 0, -6)
	out.Batches = []affiliates.PayoutBatch{{ID: demoPayoutBatchID, CreatedAt: paidAt, CreatedBy: "usr-demo-admin"}}
	batch := demoPayoutBatchID
	conv := func(i int, user, kind, source string, cents int64, status string) affiliates.Conversion {
		click := out.Clicks[len(out.Clicks)-1-i*5]
		at := click.CreatedAt.Add(2 * time.Hour)
		rate := affiliates.RateFor(kind)
		c := affiliates.Conversion{ID: fmt.Sprintf("cnv-demo-%d", i), AffiliateID: DemoAffiliateID, ClickID: click.ID, UserID: user,
			ConversionType: kind, SourceID: source, AmountGross: cents, RateBP: rate, CommissionCents: affiliates.Commission(cents, rate),
			Status: status, CreatedAt: at}
		if status != affiliates.CommissionPending {
			dec := at.Add(24 * time.Hour)
			c.DecidedAt = &dec
		}
		if status == affiliates.CommissionPaid {
			c.PayoutBatchID, c.PaidAt = batch, &paidAt
		}
		return c
	}
	statuses := []string{affiliates.CommissionPaid, affiliates.CommissionApproved, affiliates.CommissionPending}
	for i, b := range buyers {
		out.Conversions = append(out.Conversions, conv(i, b, affiliates.ConversionOrder, fmt.Sprintf("ord-demo-aff-%d", i+1), int64(249_00+i*150_00), statuses[i%3]))
		out.Attributions = append(out.Attributions, affiliates.Attribution{UserID: b, AffiliateID: DemoAffiliateID, ClickID: out.Conversions[i].ClickID,
			ClickedAt: out.Clicks[len(out.Clicks)-1-i*5].CreatedAt, ExpiresAt: out.Clicks[len(out.Clicks)-1-i*5].CreatedAt.Add(affiliates.AttributionTTL)})
	}
	return out
}

// demoClickContent is the demo creator's content a demo click came through: three clicks in
// four carry a piece's id (utm_content), the rest came through the plain link.
func demoClickContent(i int) string {
	if i%4 == 3 {
		return ""
	}
	return demoCreatorContentIDs[i%len(demoCreatorContentIDs)]
}
