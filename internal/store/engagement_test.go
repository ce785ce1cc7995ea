package store_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"circle/internal/clocktest"
	"circle/internal/prepcourse"
	"circle/internal/store"
	"circle/internal/vendorinvite"
)

// F-ENG-03: a consultation's course row belongs to the first user that claims it; a second
// claim keeps the owner; an update is a compare and swap on the owner and the previous modules.
func TestF_ENG_03_PrepProgressStore(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		if _, found, err := store.NewPrep(db).PrepProgress(ctx, "cons-1"); found || err != nil {
			t.Fatalf("before any claim: %v %v", found, err)
		}
		for _, u := range []string{agentID, proID} {
			if err := store.NewPrep(db).ClaimPrepProgress(ctx, "cons-1", u, clk.Now()); err != nil {
				t.Fatal(err)
			}
		}
		p, found, err := store.NewPrep(db).PrepProgress(ctx, "cons-1")
		if err != nil || !found || p.UserID != agentID || p.Percentage != 0 || len(p.Completed) != 0 {
			t.Fatalf("claimed: %+v %v %v", p, found, err)
		}
		next := prepcourse.Progress{ConsultationID: "cons-1", UserID: agentID, Completed: []string{"what-to-expect"}, Percentage: 25, UpdatedAt: clk.Now().Add(time.Minute)}
		if ok, err := store.NewPrep(db).UpdatePrepProgress(ctx, next, []string{}); !ok || err != nil {
			t.Fatalf("first update: %v %v", ok, err)
		}
		// A stale previous value or another user writes nothing.
		stale := next
		stale.Completed, stale.Percentage = []string{"questions-to-ask"}, 25
		if ok, err := store.NewPrep(db).UpdatePrepProgress(ctx, stale, []string{}); ok || err != nil {
			t.Fatalf("stale update: %v %v", ok, err)
		}
		other := next
		other.UserID, other.Completed, other.Percentage = proID, []string{"what-to-expect", "define-your-goals"}, 50
		if ok, err := store.NewPrep(db).UpdatePrepProgress(ctx, other, []string{"what-to-expect"}); ok || err != nil {
			t.Fatalf("another user's update: %v %v", ok, err)
		}
		p, _, _ = store.NewPrep(db).PrepProgress(ctx, "cons-1")
		if p.Percentage != 25 || len(p.Completed) != 1 || p.Completed[0] != "what-to-expect" || !p.UpdatedAt.Equal(next.UpdatedAt) {
			t.Fatalf("after updates: %+v", p)
		}
	})
}

// F-ENG-04: invitations are stored with their details, listed newest first with the inviter,
// filtered by kind, found by token, and marked joined once.
func TestF_ENG_04_VendorInvitationsStore(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		mk := func(id, kind, token string, at time.Time) {
			details, _ := json.Marshal(map[string]any{"name": id})
			if _, fresh, err := store.NewVendorInvites(db).CreateVendorInvitation(ctx, vendorinvite.Invitation{ID: id, Kind: kind, InviterID: agentID, Token: token,
				VendorName: "Vendor " + id, VendorEmail: id + "@example.com", VendorType: "marketing", Category: "SEO/SEM Services",
				Details: details, RegistrationURL: "http://x/vendor-registration?invite=" + token, Status: vendorinvite.StatusInvited, CreatedAt: at}); err != nil || !fresh {
				t.Fatal(fresh, err)
			}
		}
		mk("inv-1", vendorinvite.KindInvite, "tok-1", clk.Now())
		mk("ref-1", vendorinvite.KindReferral, "tok-2", clk.Now().Add(time.Second))
		all, err := store.NewVendorInvites(db).VendorInvitations(ctx, "", 10)
		if err != nil || len(all) != 2 || all[0].ID != "ref-1" || all[1].InviterEmail != "agent@demo.test" || all[1].InviterName == "" ||
			string(all[1].Details) != `{"name":"inv-1"}` {
			t.Fatalf("list: %+v %v", all, err)
		}
		if only, _ := store.NewVendorInvites(db).VendorInvitations(ctx, vendorinvite.KindInvite, 10); len(only) != 1 || only[0].ID != "inv-1" {
			t.Fatalf("invites only: %+v", only)
		}
		if ok, err := store.NewVendorInvites(db).MarkVendorInvitationJoined(ctx, "tok-1", "usr-new-vendor", clk.Now()); !ok || err != nil {
			t.Fatalf("join: %v %v", ok, err)
		}
		if ok, _ := store.NewVendorInvites(db).MarkVendorInvitationJoined(ctx, "tok-1", "usr-other", clk.Now()); ok {
			t.Fatal("joined twice")
		}
		inv, found, err := store.NewVendorInvites(db).VendorInvitationByToken(ctx, "tok-1")
		if err != nil || !found || inv.Status != vendorinvite.StatusJoined || inv.JoinedUserID != "usr-new-vendor" || inv.JoinedAt == nil {
			t.Fatalf("by token: %+v %v %v", inv, found, err)
		}
		if _, found, _ := store.NewVendorInvites(db).VendorInvitationByToken(ctx, "nope"); found {
			t.Fatal("unknown token found")
		}
	})
}
