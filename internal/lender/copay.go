package lender

import (
	"context"

	"circle/internal/apperr"
	"circle/internal/copay"
	"circle/internal/lang"
	"circle/internal/pricing"
	"circle/internal/respa"
)

// MaxCoPayOptions is how many services the co-marketing dialog offers.
const MaxCoPayOptions = 12

// Messages of the co-marketing request.
const (
	KeyNoCoPay = "lender.copay_unavailable"
	MsgNoCoPay = "This lender does not take co-marketing requests yet."
)

// CoPayOption is a service the agent may ask this lender to cover a share of, priced by the
// server's co-pay quote at the slider's initial split (the request itself is the existing
// POST /api/copay/requests).
type CoPayOption struct {
	ServiceID    string        `json:"service_id"`
	ServiceTitle string        `json:"service_title"`
	Slider       respa.Slider  `json:"slider" doc:"The request slider: never above the lender's RESPA cap for the service"`
	Split        int           `json:"split" doc:"The split quoted (the slider's initial value)"`
	BasePrice    pricing.Money `json:"base_price"`
	AgentShare   pricing.Money `json:"agent_share"`
	VendorShare  pricing.Money `json:"vendor_share"`
	Explanation  string        `json:"explanation"`
}

// CoPayOptions is the dialog's answer.
type CoPayOptions struct {
	LenderID   string        `json:"lender_id"`
	LenderName string        `json:"lender_name"`
	Options    []CoPayOption `json:"options"`
}

// CoPayOptions lists the services a Pro agent may ask the lender to cover, each quoted by the
// co-pay service (RESPA caps and the agent's currency applied there). A lender not open to
// co-marketing is a 409 naming vendor_id.
func (s *Service) CoPayOptions(ctx context.Context, a copay.Agent, lenderID string) (CoPayOptions, error) {
	recs, err := s.Store.LendersByID(ctx, []string{lenderID})
	if err != nil {
		return CoPayOptions{}, err
	}
	r, ok := recs[lenderID]
	if !ok {
		return CoPayOptions{}, &apperr.Error{Code: apperr.NotFound, Message: MsgNotLender,
			Fields: []apperr.FieldError{{Field: "id", Key: KeyNotLender, Message: MsgNotLender}}}
	}
	if !a.Pro {
		return CoPayOptions{}, &apperr.Error{Code: apperr.Forbidden, Message: copay.MsgProRequired,
			Fields: []apperr.FieldError{{Field: "id", Key: copay.KeyProRequired, Message: copay.MsgProRequired}}}
	}
	out := CoPayOptions{LenderID: r.Vendor.ID, LenderName: lang.Pick(a.Lang, r.Vendor.Name, r.Vendor.NameEs, r.Vendor.NameFr), Options: []CoPayOption{}}
	if !r.Vendor.IsOpenToPartner {
		return out, &apperr.Error{Code: apperr.Conflict, Message: MsgNoCoPay,
			Fields: []apperr.FieldError{{Field: "id", Key: KeyNoCoPay, Message: MsgNoCoPay}}}
	}
	refs, err := s.Store.CoPayServices(ctx, lenderID, MaxCoPayOptions*2)
	if err != nil {
		return out, err
	}
	for _, ref := range refs {
		id := ref.ID
		if len(out.Options) == MaxCoPayOptions {
			break
		}
		in := copay.QuoteInput{ServiceID: id, VendorID: lenderID, Split: respa.SliderMin}
		q, err := s.CoPay.Quote(ctx, a, in)
		if err != nil {
			if apperr.CodeOf(err) == apperr.Internal {
				return out, err
			}
			continue // not eligible for this lender (RESPA cap, quote-only package, self-dealing...)
		}
		if q.Slider.Initial != in.Split {
			in.Split = q.Slider.Initial
			if q, err = s.CoPay.Quote(ctx, a, in); err != nil {
				continue
			}
		}
		out.Options = append(out.Options, CoPayOption{ServiceID: id, ServiceTitle: lang.Pick(a.Lang, ref.Title, ref.TitleEs, ref.TitleFr), Slider: q.Slider, Split: in.Split,
			BasePrice: q.BasePrice, AgentShare: q.AgentShare, VendorShare: q.VendorShare, Explanation: q.Explanation})
	}
	return out, nil
}
