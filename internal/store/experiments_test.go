package store_test

import (
	"context"
	"testing"
	"time"

	"circle/internal/experiments"
	"circle/internal/ids"
	"circle/internal/racetest"
	"circle/internal/store"
)

// Exposures are once per visitor per experiment, also when two requests race; conversions
// are stamped once; the counts are per arm over the range.
func TestF_AREA_04_ExperimentExposuresStore(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		st := store.NewExperiments(db)
		day := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
		expose := func(exp, arm, visitor string, at time.Time) bool {
			t.Helper()
			ok, err := st.InsertExposure(ctx, experiments.Exposure{ID: ids.New(), Experiment: exp, Arm: arm, VisitorKey: visitor, ExposedAt: at})
			if err != nil {
				t.Fatal(err)
			}
			return ok
		}
		// Eight racing first exposures of one visitor write one row.
		wrote := racetest.Count(8, func(int) bool {
			ok, err := st.InsertExposure(ctx, experiments.Exposure{ID: ids.New(), Experiment: "ranking_v1", Arm: "ranked", VisitorKey: "race", ExposedAt: day})
			if err != nil {
				t.Error(err)
			}
			return ok
		})
		if wrote != 1 {
			t.Fatalf("racing exposures wrote %d rows, want 1", wrote)
		}
		if expose("ranking_v1", "holdout", "race", day) {
			t.Fatal("a second arm for the same visitor was written")
		}
		// The same visitor in another experiment is another row.
		if !expose("intro_v1", "shown", "race", day) {
			t.Fatal("intro exposure not written")
		}
		expose("ranking_v1", "ranked", "v2", day.Add(time.Hour))
		expose("ranking_v1", "holdout", "v3", day.Add(2*time.Hour))
		expose("ranking_v1", "holdout", "v4", day.Add(-time.Hour)) // the day before: outside the range
		for _, v := range []string{"race", "v3", "v4"} {
			if ok, err := st.MarkConversion(ctx, "ranking_v1", v, day.Add(3*time.Hour)); err != nil || !ok {
				t.Fatalf("convert %s: %v %v", v, ok, err)
			}
		}
		if ok, _ := st.MarkConversion(ctx, "ranking_v1", "race", day.Add(4*time.Hour)); ok {
			t.Fatal("a second conversion was stamped")
		}
		if ok, _ := st.MarkConversion(ctx, "ranking_v1", "nobody", day); ok {
			t.Fatal("a conversion without exposure was stamped")
		}
		counts, err := st.ArmCounts(ctx, "ranking_v1", day, day.AddDate(0, 0, 1))
		if err != nil {
			t.Fatal(err)
		}
		want := []experiments.ArmCount{{Arm: "holdout", Exposures: 1, Conversions: 1}, {Arm: "ranked", Exposures: 2, Conversions: 1}}
		if len(counts) != 2 || counts[0] != want[0] || counts[1] != want[1] {
			t.Fatalf("counts %+v, want %+v", counts, want)
		}
		intro, err := st.ArmCounts(ctx, "intro_v1", day, day.AddDate(0, 0, 1))
		if err != nil || len(intro) != 1 || intro[0] != (experiments.ArmCount{Arm: "shown", Exposures: 1}) {
			t.Fatalf("intro counts %+v %v", intro, err)
		}
	})
}
