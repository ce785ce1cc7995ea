package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/catalog"
	"circle/internal/ids"
)

type referralRow struct {
	bun.BaseModel `bun:"table:referral_tokens"`

	Token     string    `bun:"token,pk"`
	UserID    string    `bun:"user_id,notnull"`
	VendorID  *string   `bun:"vendor_id"`
	ServiceID string    `bun:"service_id,notnull"`
	CreatedAt time.Time `bun:"created_at,notnull"`
}

func (r referralRow) domain() catalog.ReferralToken {
	return catalog.ReferralToken{Token: r.Token, UserID: r.UserID, VendorID: r.VendorID, ServiceID: r.ServiceID, CreatedAt: r.CreatedAt}
}

// MintReferralToken returns the user's referral token for a service, creating it on first use
// (mint_referral_token); one token per user and service.
func (db Accounts) MintReferralToken(ctx context.Context, userID string, vendorID *string, serviceID string) (catalog.ReferralToken, error) {
	if _, err := db.bun.ExecContext(ctx, `INSERT INTO referral_tokens (token, user_id, vendor_id, service_id, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (user_id, service_id) DO NOTHING`, ids.Token(16), userID, vendorID, serviceID, db.Now()); err != nil {
		return catalog.ReferralToken{}, fmt.Errorf("mint referral token: %w", err)
	}
	return oneRow[referralRow](ctx, db.bun, "referral token", "user_id = ? AND service_id = ?", userID, serviceID)
}

// ReferralTokenByToken resolves a referral token.
func (db Accounts) ReferralTokenByToken(ctx context.Context, token string) (catalog.ReferralToken, error) {
	return oneRow[referralRow](ctx, db.bun, "referral token", "token = ?", token)
}
