package httpapi

import (
	"context"

	"circle/internal/points"
)

// PointsArea is the points wallet and paying with points (issue 15).
type PointsArea struct {
	Points    *points.Service
	PointsPay PointsPay
}

// Summaries too long for their route line.
const (
	sumGetPointsSummary = "The caller's points: available total, dollar value and allocations (get_agent_points_summary)"
	sumAutomaticCopay   = "process_automatic_copay: the partner vendor's share paid with its points, a co-pay request for the rest; " +
		"a failure falls through to normal checkout"
	sumGetPointsGuarantee = "The caller's ended membership years and the Pro Savings Guarantee credited for each"
)

// Register declares the area's routes.
func (h *PointsArea) Register(r *Router) {
	get(r, "/api/points/summary", "get-points-summary", sumGetPointsSummary, "points", user, h.getPointsSummary)
	get(r, "/api/points/history", "get-points-history", "The caller's points ledger, newest first", "points", user, h.getPointsHistory)
	post(r, "/api/points/copay", "automatic-copay", sumAutomaticCopay, "points", user, h.automaticCoPay, maxKB(4))
	get(r, "/api/points/guarantee", "get-points-guarantee", sumGetPointsGuarantee, "points", user, h.getPointsGuarantee)
}

type pointsSummaryOutput = bodyOutput[points.Summary]

// getPointsSummary is get_agent_points_summary for the signed-in caller: only their own
// wallet, there is no agent parameter to name someone else's.
func (h *PointsArea) getPointsSummary(ctx context.Context, _ *struct{}) (*pointsSummaryOutput, error) {
	return answer(h.Points.Summary(ctx, principalOf(ctx).User.ID))
}

type pointsHistoryOutputBody struct {
	Entries []points.Entry `json:"entries" doc:"The caller's points ledger, newest first (at most 100 rows)"`
}

type pointsHistoryOutput = bodyOutput[pointsHistoryOutputBody]

func (h *PointsArea) getPointsHistory(ctx context.Context, _ *struct{}) (*pointsHistoryOutput, error) {
	rows, err := h.Points.History(ctx, principalOf(ctx).User.ID)
	return answer(pointsHistoryOutputBody{Entries: rows}, err)
}
