package points

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"circle/internal/apperr"
	"circle/internal/jobs"
)

// Store is what the wallet needs from the database (internal/store). Every method that writes
// runs its own transaction under the agent's lock (see store.SpendPoints).
type Store interface {
	PointsBalance(ctx context.Context, userID string) (int64, error)
	PointsAllocations(ctx context.Context, agentID string) ([]AllocationBalance, error)
	PointsHistory(ctx context.Context, agentID string, limit int) ([]Entry, error)
	GrantPoints(ctx context.Context, a Allocation) (Allocation, bool, error)
	SpendPoints(ctx context.Context, req SpendRequest) (SpendResult, error)
	ReverseSpend(ctx context.Context, agentID, spendID string) (Spend, error)
	ExpirePointAllocations(ctx context.Context, now time.Time) (int, error)
}

// HistoryLimit is how many ledger rows the wallet shows.
const HistoryLimit = 100

// MaxSpend bounds one spend (a typo of many zeros is refused, not attempted).
const MaxSpend = 10_000_000

// ExpireKind is the recurring job that closes lapsed allocations.
const ExpireKind = "points.expire_allocations"

// Service is the points wallet.
type Service struct {
	Store  Store
	Now    func() time.Time
	Logger *slog.Logger
}

// Summary is get_agent_points_summary: the available points, their dollar value in cents and
// every allocation with what is left of it. The total is the ledger's sum (store.PointsBalance).
func (s *Service) Summary(ctx context.Context, agentID string) (Summary, error) {
	bal, err := s.Store.PointsBalance(ctx, agentID)
	if err != nil {
		return Summary{}, err
	}
	allocs, err := s.Store.PointsAllocations(ctx, agentID)
	if err != nil {
		return Summary{}, err
	}
	return Summary{TotalAvailablePoints: bal, TotalDollarValueCents: bal * CentsPerPoint, Allocations: allocs}, nil
}

// History is the agent's ledger, newest first (HistoryLimit rows); never nil.
func (s *Service) History(ctx context.Context, agentID string) ([]Entry, error) {
	rows, err := s.Store.PointsHistory(ctx, agentID, HistoryLimit)
	if rows == nil {
		rows = []Entry{}
	}
	return rows, err
}

// Grant records a vendor's allocation to an agent (demo data, later the vendor's side). The
// window must be non-empty and the points positive.
func (s *Service) Grant(ctx context.Context, a Allocation) (Allocation, error) {
	var bad []apperr.FieldError
	if a.Points <= 0 || a.Points > MaxSpend {
		bad = append(bad, apperr.FieldError{Field: "points", Key: "validation.range", Message: "points must be from 1 to 10000000"})
	}
	if !a.EndDate.After(a.StartDate) {
		bad = append(bad, apperr.FieldError{Field: "end_date", Key: "validation.range", Message: "end_date must be after start_date"})
	}
	if strings.TrimSpace(a.VendorID) == "" {
		bad = append(bad, apperr.FieldError{Field: "vendor_id", Key: "validation.required", Message: "vendor_id is required"})
	}
	if err := apperr.Fields(bad); err != nil {
		return Allocation{}, err
	}
	out, _, err := s.Store.GrantPoints(ctx, a)
	return out, err
}

// Spend spends points of an agent once per idempotency key (see store.SpendPoints): the same
// key returns the same spend; more than the usable points is refused with the spec's
// "Insufficient Balance" naming the points field.
func (s *Service) Spend(ctx context.Context, req SpendRequest) (SpendResult, error) {
	req.Key = strings.TrimSpace(req.Key)
	var bad []apperr.FieldError
	if req.Points <= 0 || req.Points > MaxSpend {
		bad = append(bad, apperr.FieldError{Field: "points", Key: "validation.range", Message: "points must be from 1 to 10000000"})
	}
	if req.Key == "" || len(req.Key) > 200 {
		bad = append(bad, apperr.FieldError{Field: "idempotency_key", Key: "validation.required", Message: "idempotency_key is required (at most 200 characters)"})
	}
	if err := apperr.Fields(bad); err != nil {
		return SpendResult{}, err
	}
	return s.Store.SpendPoints(ctx, req)
}

// Reverse gives a spend back (a refund); reversing it again changes nothing. A spend of
// another agent is not found.
func (s *Service) Reverse(ctx context.Context, agentID, spendID string) (Spend, error) {
	return s.Store.ReverseSpend(ctx, agentID, spendID)
}

// ExpireDue closes the allocations whose end date has passed (the expiry job).
func (s *Service) ExpireDue(ctx context.Context) error {
	n, err := s.Store.ExpirePointAllocations(ctx, s.Now())
	if n > 0 && s.Logger != nil {
		s.Logger.Info("points allocations expired", "count", n)
	}
	if err != nil {
		return fmt.Errorf("expire point allocations: %w", err)
	}
	return nil
}

// RegisterJobs registers the wallet's recurring expiry, every 15 minutes across replicas. The
// balance already stops counting a lapsed allocation at its end date; the job writes the
// expiry row the history shows.
func RegisterJobs(r *jobs.Runner, s *Service) {
	r.Every(ExpireKind, 15*time.Minute, func(ctx context.Context, _ jobs.Job) error { return s.ExpireDue(ctx) })
}
