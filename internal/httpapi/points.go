package httpapi

import (
	"context"

	"circle/internal/points"
)

type pointsSummaryOutput struct {
	Body points.Summary
}

// getPointsSummary is get_agent_points_summary for the signed-in caller: only their own
// wallet, there is no agent parameter to name someone else's.
func (s *Server) getPointsSummary(ctx context.Context, _ *struct{}) (*pointsSummaryOutput, error) {
	sum, err := s.deps.Points.Summary(ctx, principalOf(ctx).User.ID)
	if err != nil {
		return nil, err
	}
	return &pointsSummaryOutput{Body: sum}, nil
}

type pointsHistoryOutput struct {
	Body struct {
		Entries []points.Entry `json:"entries" doc:"The caller's points ledger, newest first (at most 100 rows)"`
	}
}

func (s *Server) getPointsHistory(ctx context.Context, _ *struct{}) (*pointsHistoryOutput, error) {
	rows, err := s.deps.Points.History(ctx, principalOf(ctx).User.ID)
	if err != nil {
		return nil, err
	}
	out := &pointsHistoryOutput{}
	out.Body.Entries = rows
	return out, nil
}
