package pointspay

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"circle/internal/jobs"
	"circle/internal/points"
)

// The Pro Savings Guarantee (02§9: "if first-month Pro credits and coverage fall below the
// membership fee, the difference is credited as marketplace credit"), as this app keeps it
// (docs/decisions.md, issue 15): at the end of each membership year the member's value received
// in that year - Pro price savings, points used at checkout and vendor co-pay coverage - is
// compared with the membership fees paid in that year; a shortfall is credited as points
// (marketplace credit: 1 point = US$1, rounded up to whole points), once per membership year.

// GuaranteeYear is one membership year of a membership.
type GuaranteeYear struct {
	UserID, SubscriptionID string
	Start, End             time.Time
}

// GuaranteeFigures are what a membership year's guarantee compares, in US cents.
type GuaranteeFigures struct {
	FeeUSDCents, ProSavingsUSDCents, PointsUSDCents, CoverageUSDCents int64
}

// Shortfall is the guarantee of one year: the fee less the value received when positive, and
// the points that credit it (rounded up).
func Shortfall(f GuaranteeFigures) (cents, pts int64) {
	value := max(f.ProSavingsUSDCents, 0) + max(f.PointsUSDCents, 0) + max(f.CoverageUSDCents, 0)
	cents = max(f.FeeUSDCents, 0) - value
	if cents <= 0 {
		return 0, 0
	}
	return cents, (cents + points.CentsPerPoint - 1) / points.CentsPerPoint
}

// MembershipYears lists the membership years of a membership started at start that ended by
// now and before the membership ended (endedAt nil: still live): a year the member left before
// its end gets no guarantee.
func MembershipYears(userID, subID string, start time.Time, endedAt *time.Time, now time.Time) []GuaranteeYear {
	var out []GuaranteeYear
	for k := 0; k < 100; k++ {
		ys, ye := start.AddDate(k, 0, 0), start.AddDate(k+1, 0, 0)
		if ye.After(now) || (endedAt != nil && endedAt.Before(ye)) {
			break
		}
		out = append(out, GuaranteeYear{UserID: userID, SubscriptionID: subID, Start: ys, End: ye})
	}
	return out
}

// GuaranteeStore is what the guarantee job needs from the database.
type GuaranteeStore interface {
	// GuaranteeMemberships lists memberships started at least a year before now (user,
	// subscription, start, end).
	GuaranteeMemberships(ctx context.Context, startedBefore time.Time) ([]GuaranteeMembership, error)
	// GuaranteeFiguresOf sums a member's fees paid, Pro savings and points used in a year.
	GuaranteeFiguresOf(ctx context.Context, y GuaranteeYear) (GuaranteeFigures, error)
	// CreditGuarantee records the year's row and, when it credits points, its ledger row, in one
	// transaction under the member's lock; false when the year was recorded before.
	CreditGuarantee(ctx context.Context, c GuaranteeCredit) (bool, error)
	// GuaranteeCredits lists a member's guarantee years, newest first.
	GuaranteeCredits(ctx context.Context, userID string) ([]GuaranteeCredit, error)
}

// GuaranteeMembership is a membership the guarantee job looks at.
type GuaranteeMembership struct {
	UserID         string     `bun:"user_id"`
	SubscriptionID string     `bun:"id"`
	StartedAt      time.Time  `bun:"started_at"`
	EndedAt        *time.Time `bun:"ended_at"`
}

// CoPayCoverage sums the vendor co-pay shares that paid a member's orders in a year (the co-pay
// area's order lines); nil counts none.
type CoPayCoverage interface {
	CoPayCoverageUSDCents(ctx context.Context, userID string, from, to time.Time) (int64, error)
}

// Guarantee is the yearly Pro Savings Guarantee job.
type Guarantee struct {
	Store    GuaranteeStore
	Coverage CoPayCoverage
	Now      func() time.Time
	Logger   *slog.Logger
	NewID    func() string
}

// Run credits every membership year that ended and was not recorded yet. Each year is its own
// transaction, recorded once (unique per membership and year start), so replicas and reruns
// credit nothing twice.
func (g *Guarantee) Run(ctx context.Context) error {
	now := g.Now()
	ms, err := g.Store.GuaranteeMemberships(ctx, now.AddDate(-1, 0, 0))
	if err != nil {
		return err
	}
	for _, m := range ms {
		for _, y := range MembershipYears(m.UserID, m.SubscriptionID, m.StartedAt, m.EndedAt, now) {
			f, err := g.Store.GuaranteeFiguresOf(ctx, y)
			if err != nil {
				return err
			}
			if g.Coverage != nil {
				if f.CoverageUSDCents, err = g.Coverage.CoPayCoverageUSDCents(ctx, y.UserID, y.Start, y.End); err != nil {
					return err
				}
			}
			cents, pts := Shortfall(f)
			c := GuaranteeCredit{ID: g.NewID(), UserID: y.UserID, SubscriptionID: y.SubscriptionID, YearStart: y.Start, YearEnd: y.End,
				FeeUSDCents: f.FeeUSDCents, ProSavingsUSDCents: f.ProSavingsUSDCents, PointsUSDCents: f.PointsUSDCents,
				CoverageUSDCents: f.CoverageUSDCents, ShortfallUSDCents: cents, Points: pts, CreatedAt: now}
			created, err := g.Store.CreditGuarantee(ctx, c)
			if err != nil {
				return fmt.Errorf("pro guarantee of %s: %w", y.SubscriptionID, err)
			}
			if created && pts > 0 && g.Logger != nil {
				g.Logger.Info("pro savings guarantee credited", "user_id", y.UserID, "subscription_id", y.SubscriptionID, "points", pts)
			}
		}
	}
	return nil
}

// Years lists a member's ended membership years and what each credited, newest first; never nil.
func (g *Guarantee) Years(ctx context.Context, userID string) ([]GuaranteeCredit, error) {
	rows, err := g.Store.GuaranteeCredits(ctx, userID)
	if rows == nil {
		rows = []GuaranteeCredit{}
	}
	return rows, err
}

// RegisterGuarantee registers the guarantee job: hourly across replicas, so a year is credited
// within an hour of its end.
func RegisterGuarantee(r *jobs.Runner, g *Guarantee) {
	r.Every(GuaranteeKind, time.Hour, func(ctx context.Context, _ jobs.Job) error { return g.Run(ctx) })
}
