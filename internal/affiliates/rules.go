// Package affiliates is the affiliate programme (issue 32 item 3, F-ENG-09; issue 31 item 8,
// F-AREA-03 for the commissions back office): applications approved by administrators, the
// `aff` link's clicks (UTM fields kept, the address hashed, bots left out, deduplicated), the
// 30-day attribution (03§9), conversions on paid orders and membership payments recorded
// exactly once with their commission, and the commissions' approval and payout batches.
// docs/areas/affiliates.md records the decisions where the spec is silent.
package affiliates

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strings"
	"time"
)

// AttributionDays is 03§9's "Affiliate attribution valid 30 days": a click attributes the
// visitor's purchases for 30 days from the click (the cookie lives as long).
const AttributionDays = 30

// AttributionTTL is AttributionDays as a duration.
const AttributionTTL = AttributionDays * 24 * time.Hour

// Commission rates in basis points (the spec gives none: docs/areas/affiliates.md). An order's
// commission is 10% of what the buyer paid in money (US cents; points are not money paid), a
// membership payment's 20% of the invoice.
const (
	OrderRateBP        = 1000
	SubscriptionRateBP = 2000
)

// ClickDedupeWindow: the same visitor (address hash and user agent) clicking the same
// affiliate's link again within this window is the same click (refreshes, back buttons).
const ClickDedupeWindow = 24 * time.Hour

// Rate limit of click recording per address.
const (
	ClicksPerMinute = 30
	ClickBurst      = 30
)

// CookieName is the first-party attribution cookie (the click's id), set by the server.
const CookieName = "circle_aff"

// Conversion types (03§7 track-affiliate-conversion's conversion_type).
const (
	ConversionOrder        = "order"
	ConversionSubscription = "subscription"
)

// AffiliateApplication statuses.
const (
	AppPending  = "pending"
	AppApproved = "approved"
	AppRejected = "rejected"
)

// Commission statuses.
const (
	CommissionPending  = "pending"
	CommissionApproved = "approved"
	CommissionPaid     = "paid"
	CommissionRejected = "rejected"
)

// Commission computes a commission in cents: amount x rate, rounded down (never pays a
// fraction of a cent more than earned).
func Commission(amountCents int64, rateBP int) int64 {
	if amountCents <= 0 || rateBP <= 0 {
		return 0
	}
	return amountCents * int64(rateBP) / 10000
}

// RateFor is the rate of a conversion type.
func RateFor(conversionType string) int {
	if conversionType == ConversionSubscription {
		return SubscriptionRateBP
	}
	return OrderRateBP
}

var botUA = regexp.MustCompile(`(?i)(bot|crawl|spider|slurp|bingpreview|facebookexternalhit|headless|python-requests|curl/|wget|httpclient|go-http-client|preview|monitor|lighthouse|scrapy|phantomjs)`)

// IsBot reports a user agent of a crawler, link previewer or script (or none at all): its
// clicks are not recorded.
func IsBot(userAgent string) bool {
	ua := strings.TrimSpace(userAgent)
	return ua == "" || botUA.MatchString(ua)
}

// HashIP is the stored form of a visitor's address: a salted SHA-256 (the salt is the
// deployment's secret), so clicks dedupe per visitor without keeping the address.
func HashIP(salt, ip string) string {
	sum := sha256.Sum256([]byte(salt + "\x00" + ip))
	return hex.EncodeToString(sum[:16])
}

// CanTransition reports whether a commission may move from one status to another: pending is
// approved or rejected, approved is paid (in a payout batch) or rejected; paid and rejected are
// final.
func CanTransition(from, to string) bool {
	switch from {
	case CommissionPending:
		return to == CommissionApproved || to == CommissionRejected
	case CommissionApproved:
		return to == CommissionPaid || to == CommissionRejected
	}
	return false
}

// Attributed reports whether a click made at clickedAt still attributes an event at t.
func Attributed(clickedAt, t time.Time) bool {
	return t.Before(clickedAt.Add(AttributionTTL)) && !t.Before(clickedAt)
}
