package demo

import (
	"fmt"
	"net/url"
	"time"

	"circle/internal/catalog"
)

// reviewAuthors are the user ids that write reviews: the reviewer accounts, then the demo agent
// and Pro member so they can see and edit their own reviews.
func reviewAuthors(reviewers []reviewerDef) []string {
	ids := make([]string, 0, len(reviewers)+2)
	for _, r := range reviewers {
		ids = append(ids, "usr-rev-"+r.Slug)
	}
	return append(ids, userAgent, userPro)
}

// buildReviews writes the reviews. A service never gets two reviews from the same author
// because authors step through the list by 3, which is coprime with its length.
func buildReviews(services []catalog.ServiceWithParts, c catalogue, vendors map[string]vendorDef, now time.Time) []catalog.Review {
	authors := reviewAuthors(c.Reviewers)
	pool := c.Reviews
	unreviewed := make(map[string]bool, len(pool.Unreviewed))
	for _, slug := range pool.Unreviewed {
		unreviewed[slug] = true
	}
	var out []catalog.Review
	j := 0
	for i, sp := range services {
		s := c.Services[i]
		if s.Inactive || unreviewed[s.Slug] {
			continue
		}
		n := pool.PerService[i%len(pool.PerService)]
		if s.Featured || s.TopPick {
			n += 2
		}
		ageDays := int(now.Sub(sp.Service.CreatedAt) / day)
		for k := 0; k < n && k < len(authors); k++ {
			rating := pool.RatingCycle[(j*7)%len(pool.RatingCycle)]
			texts := pool.Texts[rating]
			var text *string
			if j%8 != 5 {
				text = strp(texts[(j*3+i)%len(texts)])
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
				r.AdminNotes = pool.AdminNotes[j%len(pool.AdminNotes)]
			}
			out = append(out, r)
			j++
		}
	}
	return out
}
