package store_test

import (
	"context"
	"testing"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/clocktest"
	"circle/internal/racetest"
	"circle/internal/store"
)

func TestF_CAT_11_OnlyServerPurchasesAndBookingsVerifyReviews(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		uid := agentID
		has := func() bool {
			ok, err := store.NewActivity(db).HasPurchaseOrBooking(ctx, agentID, tcID)
			if err != nil {
				t.Fatal(err)
			}
			return ok
		}
		if has() {
			t.Fatal("the demo agent already bought the service")
		}
		for _, e := range []catalog.TrackingEvent{
			{ServiceID: tcID, UserID: &uid, EventType: "purchase", Source: catalog.EventSourceClient},
			{ServiceID: tcID, UserID: &uid, EventType: "click"},
			{ServiceID: photosID, UserID: &uid, EventType: "purchase"},
		} {
			if _, err := store.NewActivity(db).RecordTrackingEvent(ctx, e, 0); err != nil {
				t.Fatal(err)
			}
		}
		if has() {
			t.Fatal("a browser-reported purchase, a click or another service's purchase verified the review")
		}
		if _, err := store.NewActivity(db).RecordTrackingEvent(ctx, catalog.TrackingEvent{ServiceID: tcID, UserID: &uid, EventType: "booking"}, 0); err != nil {
			t.Fatal(err)
		}
		if !has() {
			t.Fatal("a recorded booking does not verify")
		}
	})
}

func TestF_CAT_11_OneReviewPerUserPerService(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		text := "Great"
		r, err := store.NewReviews(db).CreateReview(ctx, catalog.Review{ServiceID: tcID, UserID: agentID, Rating: 5, Review: &text, ReviewSource: "agent"})
		if err != nil {
			t.Fatal(err)
		}
		// Concurrent second reviews: all refused by the unique index.
		_, errs := racetest.RunErr(6, func(int) (catalog.Review, error) {
			return store.NewReviews(db).CreateReview(ctx, catalog.Review{ServiceID: tcID, UserID: agentID, Rating: 1, ReviewSource: "agent"})
		})
		for _, err := range errs {
			if apperr.CodeOf(err) != apperr.Conflict {
				t.Fatalf("second review: %v", err)
			}
		}
		views, err := store.NewReviews(db).ServiceReviews(ctx, tcID, 20)
		if err != nil {
			t.Fatal(err)
		}
		if views[0].ID != r.ID || views[0].Author.DisplayName != "Jordan Avery" || *views[0].Review != "Great" {
			t.Fatalf("newest first with author: %+v", views[0])
		}
		for i := 1; i < len(views); i++ {
			if views[i].CreatedAt.After(views[i-1].CreatedAt) {
				t.Fatal("reviews not newest first")
			}
		}
		if err := store.NewReviews(db).UpdateReview(ctx, r.ID, 3, nil, false); err != nil {
			t.Fatal(err)
		}
		if got, _ := store.NewReviews(db).ReviewByID(ctx, r.ID); got.Rating != 3 || got.Review != nil {
			t.Fatalf("updated: %+v", got)
		}
		if err := store.NewReviews(db).DeleteReview(ctx, r.ID); err != nil {
			t.Fatal(err)
		}
		if err := store.NewReviews(db).DeleteReview(ctx, r.ID); !apperr.IsNotFound(err) {
			t.Fatalf("delete twice: %v", err)
		}
	})
}
