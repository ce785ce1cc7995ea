package account_test

import (
	"context"
	"testing"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

// TestProfileService: a missing profile is created once, named from the e-mail; edits are
// checked, applied and read back as saved.
func TestProfileService(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := &account.ProfileService{Store: store.NewProfileStore(db)}
		if err := store.NewAccounts(db).CreateUser(ctx, account.User{ID: "usr-ann", Email: "ann.lee@example.com"}, account.Profile{UserID: "usr-ann", DisplayName: "Ann"}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Bun().NewDelete().TableExpr("profiles").Where("user_id = ?", "usr-ann").Exec(ctx); err != nil {
			t.Fatal(err)
		}
		created, err := svc.Ensure(ctx, "usr-ann", "ann.lee@example.com")
		if err != nil || created.UserID != "usr-ann" || created.DisplayName != account.ProvisionalDisplayName("", "", "ann.lee@example.com") {
			t.Fatalf("ensure: %+v %v", created, err)
		}
		if again, err := svc.Ensure(ctx, "usr-ann", "other@example.com"); err != nil || again.DisplayName != created.DisplayName {
			t.Fatalf("ensure again keeps the profile: %+v %v", again, err)
		}
		str := func(s string) *string { return &s }
		cases := []struct {
			name  string
			edit  account.ProfileUpdate
			code  apperr.Code
			check func(account.Profile) bool
		}{
			{"name and state", account.ProfileUpdate{DisplayName: str("  Ann Lee "), State: str("CA")}, "",
				func(p account.Profile) bool { return p.DisplayName == "Ann Lee" && p.State == "CA" }},
			{"a bad zip code", account.ProfileUpdate{ZipCode: str("12")}, apperr.Invalid, nil},
			{"leaves other fields", account.ProfileUpdate{City: str("Fresno")}, "",
				func(p account.Profile) bool { return p.DisplayName == "Ann Lee" && p.City == "Fresno" }},
		}
		current := created
		for _, c := range cases {
			got, err := svc.Update(ctx, "usr-ann", current, c.edit)
			if c.code != "" {
				if apperr.CodeOf(err) != c.code {
					t.Fatalf("%s: %v", c.name, err)
				}
				continue
			}
			if err != nil || !c.check(got) {
				t.Fatalf("%s: %+v %v", c.name, got, err)
			}
			if stored, err := store.NewAccounts(db).ProfileByUserID(ctx, "usr-ann"); err != nil || stored.DisplayName != got.DisplayName || stored.City != got.City {
				t.Fatalf("%s: stored %+v %v", c.name, stored, err)
			}
			current = got
		}
	})
}

// TestPointsBalance: the balance is the sum of the user's ledger, 0 without entries, and
// nobody else's entries count.
func TestPointsBalance(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := &account.ProfileService{Store: store.NewProfileStore(db)}
		for _, id := range []string{"usr-ann", "usr-bob"} {
			if err := store.NewAccounts(db).CreateUser(ctx, account.User{ID: id, Email: id + "@example.com"}, account.Profile{UserID: id, DisplayName: id}); err != nil {
				t.Fatal(err)
			}
		}
		steps := []struct {
			user  string
			delta int64
			ref   string
			ann   int64
		}{
			{"", 0, "", 0},
			{"usr-ann", 500, "order-1", 500},
			{"usr-ann", -200, "order-2", 300},
			{"usr-bob", 1000, "order-3", 300},
		}
		for _, st := range steps {
			if st.delta != 0 {
				if _, err := store.NewPoints(db).AddPoints(ctx, st.user, st.delta, "test", st.ref); err != nil {
					t.Fatal(err)
				}
			}
			if got, err := svc.PointsBalance(ctx, "usr-ann"); err != nil || got != st.ann {
				t.Fatalf("after %s %+d: balance %d, want %d (%v)", st.user, st.delta, got, st.ann, err)
			}
		}
	})
}
