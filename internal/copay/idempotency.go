package copay

import (
	"context"
	"strings"

	"circle/internal/idempotency"
)

// byKey returns the agent's request recorded under key, nil if none; a request recorded under
// the key with another fingerprint is refused with 409 naming idempotency_key (issue 27 item 3).
func (s *AgentService) byKey(ctx context.Context, agentID, key, fingerprint string) (*Request, error) {
	r, err := s.Store.CoPayRequestByKey(ctx, agentID, key)
	if err != nil || r == nil {
		return nil, err
	}
	if err := idempotency.Check(r.RequestFingerprint, fingerprint); err != nil {
		return nil, err
	}
	return r, nil
}

// fingerprint is what makes two creates the same request: every field the agent sends,
// normalised as Create reads them.
func (in CreateInput) fingerprint() string {
	return idempotency.Fingerprint("copay-request", strings.TrimSpace(in.ServiceID), strings.TrimSpace(in.PackageID), in.Yearly,
		strings.TrimSpace(in.VendorID), in.Split, strings.TrimSpace(in.RepresentativeID), strings.TrimSpace(in.Notes))
}

// fingerprint of a remainder request: the amounts asked, not the explanation's wording.
func (in RemainderInput) fingerprint() string {
	return idempotency.Fingerprint("copay-remainder", strings.TrimSpace(in.ServiceID), strings.TrimSpace(in.PackageID), in.Yearly,
		strings.TrimSpace(in.VendorID), in.SplitPercent, in.AmountCents, in.PointsCents)
}
