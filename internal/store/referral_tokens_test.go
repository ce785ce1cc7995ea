package store_test

import (
	"context"
	"testing"

	"circle/internal/apperr"
	"circle/internal/clocktest"
	"circle/internal/racetest"
	"circle/internal/store"
)

func TestF_CAT_12_ReferralTokensAreMintedOncePerUserAndService(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		vendor := bellID
		tokens := racetest.Run(6, func(int) string {
			tok, err := store.NewAccounts(db).MintReferralToken(ctx, agentID, &vendor, tcID)
			if err != nil {
				t.Error(err)
			}
			return tok.Token
		})
		for _, tok := range tokens {
			if tok == "" || tok != tokens[0] {
				t.Fatalf("tokens: %v", tokens)
			}
		}
		other, err := store.NewAccounts(db).MintReferralToken(ctx, proID, &vendor, tcID)
		if err != nil || other.Token == tokens[0] {
			t.Fatalf("another user's token: %+v %v", other, err)
		}
		got, err := store.NewAccounts(db).ReferralTokenByToken(ctx, tokens[0])
		if err != nil || got.UserID != agentID || got.ServiceID != tcID || *got.VendorID != bellID {
			t.Fatalf("resolve: %+v %v", got, err)
		}
		if _, err := store.NewAccounts(db).ReferralTokenByToken(ctx, "nope"); !apperr.IsNotFound(err) {
			t.Fatalf("unknown token: %v", err)
		}
	})
}
