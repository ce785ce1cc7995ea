package demo

import (
	"fmt"
	"net/url"
	"time"

	"circle/internal/catalog"
)

// unreviewed services have no reviews yet (mostly new listings and quote-only services).
var unreviewed = map[string]bool{
	"licensepro-prelicense":         true,
	"licensepro-fair-housing":       true,
	"wellspring-hsa-setup":          true,
	"nestflow-ai-drips":             true,
	"pixelroof-photo-to-video":      true,
	"porchlight-autopilot-gifting":  true,
	"keystone-remote-closing":       true,
	"lakeshore-bank-statement":      true,
	"ledgerline-commission-advance": true,
	"welcomemat-block-party":        true,
	"cedarpine-property-sites":      true,
}

// reviewsPerService cycles to give each reviewed service 1-3 reviews; featured services and
// top picks get two more.
var reviewsPerService = []int{1, 2, 1, 3, 1, 2, 2, 1}

// ratingCycle is skewed towards 4 and 5 stars.
var ratingCycle = []int{5, 4, 5, 5, 3, 4, 5, 4, 5, 2, 5, 5, 4, 5, 4, 1, 5, 4, 5, 3}

// reviewTexts are short agent reviews by star rating.
var reviewTexts = map[int][]string{
	5: {
		"Worth every penny. It paid for itself with my first closing.",
		"Setup took one afternoon and support answered every question the same day.",
		"My sellers noticed the difference right away. I use them on every listing now.",
		"Responsive, professional and easy to work with. Highly recommend to any agent.",
		"I tried three companies for this and this is the one I stuck with.",
		"They made me look great in front of my clients. Zero hiccups from start to finish.",
		"Fast turnaround even in the middle of the spring rush.",
		"Our whole team switched after I tried it on two deals.",
		"Clear pricing, no surprises, and they actually pick up the phone.",
		"Saves me hours every week. I wish I had found them years ago.",
		"My buyers were thrilled, and I got a referral out of it.",
		"Excellent communication. Everything was done before I even asked.",
		"Professional, on time and genuinely invested in my business.",
		"Best money I spend each month in my business.",
	},
	4: {
		"Very good overall. A couple of small hiccups at the start, but they fixed them quickly.",
		"Solid service at a fair price. Onboarding could be a little faster.",
		"Does what it promises. I'd like a few more customisation options.",
		"Great results on my last two listings; scheduling was tight in peak season.",
		"Good value and a friendly team. The reporting takes some getting used to.",
		"Reliable and professional. Weekend availability would make it perfect.",
		"Happy so far. It has already started a few conversations with past clients.",
		"Quality work, a bit pricier than others in my market but worth it.",
		"Helpful support team and quick answers by chat.",
	},
	3: {
		"It's fine. Results have been average so far; giving it another quarter.",
		"Good product, but the learning curve was steeper than I expected.",
		"Mixed experience: great on one file, slow on the next.",
		"Decent, but I had to follow up more often than I'd like.",
	},
	2: {
		"Took three follow-ups to get a response. The final result was okay.",
		"Not a great fit for my market, and cancelling the monthly plan took a phone call.",
	},
	1: {
		"Missed the deadline we agreed on and I had to scramble in front of my client.",
	},
}

var adminNotes = []string{
	"Imported from the vendor's testimonial page; confirmed with the agent by phone.",
	"Assigned after a support ticket; the agent confirmed the rating by e-mail.",
	"Moved from a duplicate vendor listing during clean-up.",
}

// reviewAuthors are the user ids that write reviews: the reviewer accounts, then the demo agent
// and Pro member so they can see and edit their own reviews.
func reviewAuthors() []string {
	ids := make([]string, 0, len(reviewers)+2)
	for _, r := range reviewers {
		ids = append(ids, "usr-rev-"+r.slug)
	}
	return append(ids, userAgent, userPro)
}

// buildReviews writes the reviews. A service never gets two reviews from the same author
// because authors step through the list by 3, which is coprime with its length.
func buildReviews(services []catalog.ServiceWithParts, defs []serviceDef, vendors map[string]vendorDef, now time.Time) []catalog.Review {
	authors := reviewAuthors()
	var out []catalog.Review
	j := 0
	for i, sp := range services {
		s := defs[i]
		if s.Inactive || unreviewed[s.Slug] {
			continue
		}
		n := reviewsPerService[i%len(reviewsPerService)]
		if s.Featured || s.TopPick {
			n += 2
		}
		ageDays := int(now.Sub(sp.Service.CreatedAt) / day)
		for k := 0; k < n && k < len(authors); k++ {
			rating := ratingCycle[(j*7)%len(ratingCycle)]
			pool := reviewTexts[rating]
			var text *string
			if j%8 != 5 {
				text = strp(pool[(j*3+i)%len(pool)])
			}
			created := now.Add(-time.Duration(1+(j*13)%max(ageDays-1, 1))*day - time.Duration(j%12)*time.Hour)
			if created.Before(sp.Service.CreatedAt) {
				created = sp.Service.CreatedAt.Add(time.Hour)
			}
			r := catalog.Review{
				ID:           fmt.Sprintf("rev-%s-%d", s.Slug, k+1),
				ServiceID:    sp.Service.ID,
				UserID:       authors[(i*5+k*3)%len(authors)],
				Rating:       rating,
				Review:       text,
				ReviewSource: "agent",
				Verified:     j%3 == 0,
				CreatedAt:    created,
				UpdatedAt:    created,
			}
			switch {
			case j%11 == 5:
				r.ReviewSource = "vendor_provided"
				r.Verified = true
			case j%13 == 7:
				r.ReviewSource = "google_external"
				r.Verified = true
				r.SourceURL = "https://www.google.com/maps/search/?api=1&query=" + url.QueryEscape(vendors[s.Vendor].Name)
			case j%17 == 3:
				r.ReviewSource = "admin_assigned"
				r.Verified = true
				r.AdminNotes = adminNotes[j%len(adminNotes)]
			}
			out = append(out, r)
			j++
		}
	}
	return out
}
