package store_test

import (
	"context"
	"testing"
	"time"

	"circle/internal/clocktest"
	"circle/internal/copay"
	"circle/internal/notices"
	"circle/internal/store"
)

// TestNoticesRoundTripThroughTheirRow records, lists, reads and claims notices through the
// notifications row the store maps to notices.Notification (issue 26 item 2): a second notice
// with the same dedupe key is not recorded, every field reads back, another user's notice is
// not found and an e-mail is claimed once.
func TestNoticesRoundTripThroughTheirRow(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		repo := store.NewNotices(db)
		at := clk.Now().UTC().Truncate(time.Second)
		n := notices.Notification{ID: "ntc-1", UserID: agentID, Kind: copay.NoticeApproved, TitleKey: "t", BodyKey: "b",
			Params: `{"percent":40}`, Link: "/copay", Reference: "cpr-1", DedupeKey: "cpr-1:approved", CreatedAt: at}
		for _, id := range []string{"ntc-1", "ntc-2"} {
			n.ID = id
			if err := repo.InsertNotification(ctx, n); err != nil {
				t.Fatal(err)
			}
		}
		list, unread, err := repo.UserNotifications(ctx, agentID, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 1 || unread != 1 {
			t.Fatalf("listed %d notices, %d unread; want the first one only", len(list), unread)
		}
		got := list[0]
		if got.ID != "ntc-1" || got.UserID != agentID || got.Params != n.Params || got.Reference != "cpr-1" || got.DedupeKey != n.DedupeKey ||
			got.ReadAt != nil || !got.CreatedAt.Equal(at) {
			t.Fatalf("read back %+v", got)
		}
		if _, err := repo.MarkNotificationRead(ctx, proID, "ntc-1", at); err == nil {
			t.Fatal("another user's notice was marked read")
		}
		read, err := repo.MarkNotificationRead(ctx, agentID, "ntc-1", at)
		if err != nil || read.ReadAt == nil || read.ID != "ntc-1" {
			t.Fatalf("mark read: %+v, %v", read, err)
		}
		unsent, err := store.NewCoPays(db).UnsentCoPayNotifications(ctx, at, 10)
		if err != nil || len(unsent) != 1 || unsent[0].ID != "ntc-1" {
			t.Fatalf("unsent co-pay notices %+v, %v", unsent, err)
		}
		first, err1 := repo.ClaimNotificationEmail(ctx, "ntc-1", at)
		second, err2 := repo.ClaimNotificationEmail(ctx, "ntc-1", at)
		if err1 != nil || err2 != nil || !first || second {
			t.Fatalf("claims %v %v (%v, %v): want the first only", first, second, err1, err2)
		}
	})
}
