package respa

import (
	"fmt"

	"circle/internal/apperr"
)

// Self-dealing (issue 27 item 4). RESPA section 8 lets a settlement-service provider pay an
// agent only for services the agent really renders to it; a vendor paying part of its own
// owner's or representative's purchase is a payment to itself and proves nothing of the kind.
// So co-pay (asked for, automatic or approved) never joins an agent and a vendor they are
// affiliated with: a vendor the agent owns (vendors.owner_user_id), one the agent is an active
// representative of (service_representatives.email is the agent's e-mail), and the parent and
// subsidiaries of either (vendors.parent_vendor_id). The store lists them
// (AffiliatedVendorIDs); the co-pay and points-pay services refuse with this error.

// The self-dealing refusal's message keys (the web app translates them in en, es and fr) and
// its English messages.
const (
	KeySelfDealing        = "copay.self_dealing"
	MsgSelfDealing        = "You own or represent %s, so it can't pay a co-pay for you: RESPA forbids a vendor paying toward its own owner's or representative's purchase."
	KeySelfDealingApprove = "copay.self_dealing_approve"
	MsgSelfDealingApprove = "The agent owns or represents %s, so it can't pay this co-pay (RESPA self-dealing). Decline the request instead."
)

// SelfDealing is the 403 for an agent asking a vendor they own or represent for co-pay; it
// names vendor_id.
func SelfDealing(vendorName string) error {
	msg := fmt.Sprintf(MsgSelfDealing, vendorName)
	return &apperr.Error{Code: apperr.Forbidden, Message: msg,
		Fields: []apperr.FieldError{{Field: "vendor_id", Key: KeySelfDealing, Message: msg}}}
}

// SelfDealingApproval is the 403 for a vendor approving a request of an agent who owns or
// represents it; it names vendor_id.
func SelfDealingApproval(vendorName string) error {
	msg := fmt.Sprintf(MsgSelfDealingApprove, vendorName)
	return &apperr.Error{Code: apperr.Forbidden, Message: msg,
		Fields: []apperr.FieldError{{Field: "vendor_id", Key: KeySelfDealingApprove, Message: msg}}}
}
