package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/clocktest"
	"circle/internal/store"
)

func TestF_CAT_10_SeedVendorQuestionsOnceUnderConcurrency(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		const vendor = "ven-keynest"
		if qs, _ := store.NewCatalog(db).VendorQuestions(ctx, vendor); len(qs) != 0 {
			t.Fatalf("demo vendor already has questions: %d", len(qs))
		}
		var wg sync.WaitGroup
		seeded := make([]bool, 8)
		errs := make([]error, 8)
		for i := range seeded {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				errs[i] = db.InTx(ctx, func(ctx context.Context) error {
					var err error
					seeded[i], err = store.NewCatalog(db).SeedVendorQuestions(ctx, vendor, catalog.DefaultVendorQuestions[:])
					return err
				})
			}(i)
		}
		wg.Wait()
		any := false
		for i := range seeded {
			if errs[i] != nil {
				t.Fatalf("seed: %v", errs[i])
			}
			any = any || seeded[i]
		}
		qs, err := store.NewCatalog(db).VendorQuestions(ctx, vendor)
		if err != nil || len(qs) != 5 || !any {
			t.Fatalf("questions after concurrent seeds: %d (seeded %v) %v", len(qs), seeded, err)
		}
		for i, q := range qs {
			if q.QuestionNumber != i+1 || q.QuestionText != catalog.DefaultVendorQuestions[i] || q.AnswerText != "" {
				t.Fatalf("question %d: %+v", i+1, q)
			}
		}
		if again, err := store.NewCatalog(db).SeedVendorQuestions(ctx, vendor, catalog.DefaultVendorQuestions[:]); again || err != nil {
			t.Fatalf("seeding a vendor with questions: %v %v", again, err)
		}
		// Updates keep the answer unless one is given.
		clk.Advance(time.Hour)
		q, err := store.NewCatalog(db).UpdateVendorQuestion(ctx, vendor, 2, "New?", nil)
		if err != nil || q.QuestionText != "New?" || q.AnswerText != "" || !q.UpdatedAt.Equal(clk.Now()) {
			t.Fatalf("update: %+v %v", q, err)
		}
		a := "Yes."
		if q, err = store.NewCatalog(db).UpdateVendorQuestion(ctx, vendor, 2, "New?", &a); err != nil || q.AnswerText != "Yes." {
			t.Fatalf("answer: %+v %v", q, err)
		}
		if _, err := store.NewCatalog(db).UpdateVendorQuestion(ctx, vendor, 9, "Nine?", nil); !apperr.IsNotFound(err) {
			t.Fatalf("missing question: %v", err)
		}
	})
}
