package store_test

import (
	"context"
	"testing"
	"time"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/auth"
	"circle/internal/ids"
	"circle/internal/store"
)

func tokensUser(t *testing.T, db *store.DB, email string) string {
	t.Helper()
	return newUser(t, db, email, account.Profile{DisplayName: "Links"}).ID
}

func issueToken(t *testing.T, db *store.DB, userID, purpose string) string {
	t.Helper()
	hash := ids.Token(16)
	if err := store.NewAccounts(db).CreateEmailToken(t.Context(), auth.EmailToken{TokenHash: hash, UserID: userID, Purpose: purpose, ExpiresAt: db.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	return hash
}

func useToken(ctx context.Context, db *store.DB, hash, purpose string) error {
	_, err := store.NewAccounts(db).UseEmailToken(ctx, hash, purpose)
	return err
}

func isTokenInvalid(err error) bool {
	e, ok := apperr.As(err)
	return ok && len(e.Fields) == 1 && e.Fields[0].Field == "token" && e.Fields[0].Key == "auth.token_invalid"
}

// F-AUTH-06 (issue 14 item 7): issuing a reset link ends the account's earlier unused ones;
// using a reset link ends every other outstanding reset and verification link of the account
// (the reset proves the address); using a verification link ends the other verification links
// but no reset link. Other accounts' links are untouched.
func TestF_AUTH_06_NewerLinkEndsOlderOnes(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		user, other := tokensUser(t, db, "links@example.com"), tokensUser(t, db, "other-links@example.com")
		otherReset := issueToken(t, db, other, auth.PurposeReset)

		verify := issueToken(t, db, user, auth.PurposeVerify)
		older := issueToken(t, db, user, auth.PurposeReset)
		newer := issueToken(t, db, user, auth.PurposeReset)
		if err := useToken(ctx, db, older, auth.PurposeReset); !isTokenInvalid(err) {
			t.Fatalf("the older reset link after a newer was issued: %v, want the invalid-link error", err)
		}
		if got, err := store.NewAccounts(db).UseEmailToken(ctx, newer, auth.PurposeReset); err != nil || got.UserID != user {
			t.Fatalf("the newer reset link: %+v %v", got, err)
		}
		if err := useToken(ctx, db, newer, auth.PurposeReset); !isTokenInvalid(err) {
			t.Fatalf("the newer reset link a second time: %v", err)
		}
		if err := useToken(ctx, db, verify, auth.PurposeVerify); !isTokenInvalid(err) {
			t.Fatalf("a verification link after the reset: %v, want the invalid-link error", err)
		}
		if err := useToken(ctx, db, otherReset, auth.PurposeReset); err != nil {
			t.Fatalf("another account's reset link: %v", err)
		}

		// Verification links: an earlier one still works until one of them is used, which ends
		// the others; a reset link issued meanwhile stays valid.
		v1 := issueToken(t, db, user, auth.PurposeVerify)
		reset := issueToken(t, db, user, auth.PurposeReset)
		v2 := issueToken(t, db, user, auth.PurposeVerify)
		if err := useToken(ctx, db, v1, auth.PurposeVerify); err != nil {
			t.Fatalf("the earlier verification link: %v", err)
		}
		if err := useToken(ctx, db, v2, auth.PurposeVerify); !isTokenInvalid(err) {
			t.Fatalf("the other verification link after one was used: %v", err)
		}
		if err := useToken(ctx, db, reset, auth.PurposeReset); err != nil {
			t.Fatalf("the reset link after a verification: %v", err)
		}
	})
}

// F-AUTH-06: links issued at once (two reset requests racing) leave exactly one usable.
func TestF_AUTH_06_ConcurrentLinksLeaveOne(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		user := tokensUser(t, db, "race-links@example.com")
		hashes := make(chan string, 10)
		concurrently(t, 10, func() (bool, error) {
			hash := ids.Token(16)
			hashes <- hash
			return true, store.NewAccounts(db).CreateEmailToken(ctx, auth.EmailToken{TokenHash: hash, UserID: user, Purpose: auth.PurposeReset, ExpiresAt: db.Now().Add(time.Hour)})
		})
		close(hashes)
		usable := 0
		for hash := range hashes {
			if err := useToken(ctx, db, hash, auth.PurposeReset); err == nil {
				usable++
			} else if !isTokenInvalid(err) {
				t.Fatal(err)
			}
		}
		if usable != 1 {
			t.Fatalf("%d of 10 concurrently issued links were usable, want 1", usable)
		}
	})
}
