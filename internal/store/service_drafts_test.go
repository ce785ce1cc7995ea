package store_test

import (
	"context"
	"testing"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/catalogwrite"
	"circle/internal/clocktest"
	"circle/internal/store"
)

// A draft's form and funnel are saved apart and kept together; publishing removes the draft only
// at the version it read, with the service written and one change recorded in the same
// transaction (F-ENG-05 drafts, both engines).
func TestF_ENG_05_ServiceDraftsSaveAndPublish(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		cw := store.NewCatalogWriteStore(db)
		now := clk.Now().UTC()
		form := catalogwrite.ServiceInput{Title: "Draft title", Description: "d", Categories: []string{"cat:transaction-coordination"}, RetailPrice: "100", BillingPeriod: "monthly"}
		if err := cw.SaveDraft(ctx, catalogwrite.Draft{ServiceID: tcID, VendorID: bellID, Form: &form, UpdatedBy: "u1", CreatedAt: now, UpdatedAt: now}); err != nil {
			t.Fatal(err)
		}
		fc := catalog.FunnelContent{Headline: "Draft headline"}
		if err := cw.SaveDraft(ctx, catalogwrite.Draft{ServiceID: tcID, VendorID: bellID, Funnel: &fc, UpdatedBy: "u2", CreatedAt: now, UpdatedAt: now}); err != nil {
			t.Fatal(err)
		}
		ds, err := cw.ServiceDrafts(ctx, []string{tcID, listID})
		if err != nil {
			t.Fatal(err)
		}
		d, ok := ds[tcID]
		if !ok || len(ds) != 1 {
			t.Fatalf("drafts = %+v", ds)
		}
		if d.Form == nil || d.Form.Title != "Draft title" || d.Funnel == nil || d.Funnel.Headline != "Draft headline" || d.Version != 2 || d.UpdatedBy != "u2" {
			t.Fatalf("draft = %+v", d)
		}
		live, err := cw.ServiceByID(ctx, tcID)
		if err != nil {
			t.Fatal(err)
		}
		if live.Title == "Draft title" {
			t.Fatal("saving a draft changed the live service")
		}
		pkgs, err := cw.ServicePackages(ctx, tcID)
		if err != nil {
			t.Fatal(err)
		}
		before, _ := cw.CatalogChangeCount(ctx, tcID)
		stale := d
		stale.Version = 1
		live.Title = "Published title"
		w := catalogwrite.Write{Service: live, CatTags: []string{"cat:transaction-coordination"}, Packages: pkgs, Published: &stale,
			Change: catalogwrite.Change{ID: "chg-draft-1", Kind: catalogwrite.ChangePublished, VendorID: bellID, ServiceIDs: []string{tcID}, At: now}}
		if err := cw.WriteService(ctx, w); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("publishing a stale draft: %v, want a conflict", err)
		}
		if got, _ := cw.ServiceByID(ctx, tcID); got.Title == "Published title" {
			t.Fatal("a refused publish changed the live service")
		}
		w.Published = &d
		if err := cw.WriteService(ctx, w); err != nil {
			t.Fatal(err)
		}
		if got, _ := cw.ServiceByID(ctx, tcID); got.Title != "Published title" {
			t.Fatalf("title after publish = %q", got.Title)
		}
		if ds, _ := cw.ServiceDrafts(ctx, []string{tcID}); len(ds) != 0 {
			t.Fatalf("draft left after publish: %+v", ds)
		}
		if after, _ := cw.CatalogChangeCount(ctx, tcID); after != before+1 {
			t.Fatalf("change records %d -> %d, want one more", before, after)
		}
		if err := cw.SaveDraft(ctx, catalogwrite.Draft{ServiceID: tcID, VendorID: bellID, Funnel: &fc, CreatedAt: now, UpdatedAt: now}); err != nil {
			t.Fatal(err)
		}
		if err := cw.DeleteDraft(ctx, tcID); err != nil {
			t.Fatal(err)
		}
		if ds, _ := cw.ServiceDrafts(ctx, []string{tcID}); len(ds) != 0 {
			t.Fatalf("draft left after discard: %+v", ds)
		}
	})
}
