package httpapi

import (
	"context"

	"circle/internal/apperr"
	"circle/internal/copay"
	"circle/internal/pointspay"
)

// PointsPay is paying with points (issue 15): the automatic co-pay and the Pro Savings
// Guarantee's years.
type PointsPay struct {
	CoPay     *pointspay.CoPay
	Guarantee *pointspay.Guarantee
}

type automaticCoPayInput struct {
	Body struct {
		ServiceID      string `json:"service_id" maxLength:"100" doc:"The service being bought"`
		PackageID      string `json:"package_id,omitempty" maxLength:"100" doc:"Its package or sales-page tier; empty for the service itself"`
		Yearly         bool   `json:"yearly,omitempty"`
		VendorID       string `json:"vendor_id" maxLength:"100" doc:"The partner vendor whose points and co-pay cover its share"`
		IdempotencyKey string `json:"idempotency_key" maxLength:"200" doc:"The client's key: a retried request (same key, same body) is processed once; the same key with another body is a 409"`
	}
}

type automaticCoPayOutput = bodyOutput[pointspay.CoPayResult]

// automaticCoPay is process_automatic_copay for the caller (02§4, 02§7): a fall-through is a
// 200 with fell_through true, and the client goes on to normal checkout.
func (h *PointsArea) automaticCoPay(ctx context.Context, in *automaticCoPayInput) (*automaticCoPayOutput, error) {
	p, err := requireUser(ctx)
	if err != nil {
		return nil, err
	}
	input := pointspay.CoPayInput{AgentID: p.User.ID, ServiceID: in.Body.ServiceID, PackageID: in.Body.PackageID,
		Yearly: in.Body.Yearly, VendorID: in.Body.VendorID, Key: in.Body.IdempotencyKey, Lang: p.Profile.PreferredLanguage}
	// A malformed request is a 400 naming its fields for everyone, Pro or not.
	if err := input.Validate(); err != nil {
		return nil, err
	}
	if !p.IsPro() {
		// 02§4: vendor co-pay and points are for Pro members (the dialog's Pro Member Required).
		return nil, &apperr.Error{Code: apperr.Forbidden, Message: copay.MsgProRequired,
			Fields: []apperr.FieldError{{Field: "service_id", Key: copay.KeyProRequired, Message: copay.MsgProRequired}}}
	}
	return answer(h.PointsPay.CoPay.Process(ctx, input))
}

type guaranteeOutputBody struct {
	Years []pointspay.GuaranteeCredit `json:"years" doc:"The caller's ended membership years and what the Pro Savings Guarantee credited, newest first"`
}

type guaranteeOutput = bodyOutput[guaranteeOutputBody]

func (h *PointsArea) getPointsGuarantee(ctx context.Context, _ *struct{}) (*guaranteeOutput, error) {
	rows, err := h.PointsPay.Guarantee.Years(ctx, principalOf(ctx).User.ID)
	return answer(guaranteeOutputBody{Years: rows}, err)
}
