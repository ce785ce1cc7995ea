package experiments_test

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"

	"circle/internal/apperr"
	"circle/internal/experiments"
)

func near(t *testing.T, name string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f (±%g)", name, got, want, tol)
	}
}

// Known values: 200 of 1,000 against 250 of 1,000 is R's prop.test(c(200, 250), c(1000, 1000),
// correct = FALSE): X-squared = 7.1685 (= z²), p-value = 0.007420.
func TestF_AREA_04_ZTestKnownValues(t *testing.T) {
	r := experiments.ZTest(1000, 200, 1000, 250)
	near(t, "z", r.Z, 2.677398, 1e-5)
	near(t, "z²", r.Z*r.Z, 7.1685, 1e-4)
	near(t, "p", r.PValue, 0.007420, 1e-5)
	near(t, "lift", r.Lift, 0.05, 1e-12)
	if r.Status != experiments.Significant {
		t.Errorf("status %q, want significant", r.Status)
	}
	// The treatment doing worse gives the same two-sided p and a negative z.
	r = experiments.ZTest(1000, 250, 1000, 200)
	near(t, "z reversed", r.Z, -2.677398, 1e-5)
	near(t, "p reversed", r.PValue, 0.007420, 1e-5)

	// 10 of 100 against 12 of 100: prop.test gives X-squared = 0.2043, p-value = 0.6513.
	r = experiments.ZTest(100, 10, 100, 12)
	near(t, "z²", r.Z*r.Z, 0.2043, 1e-4)
	near(t, "p", r.PValue, 0.6513, 1e-4)
	if r.Status != experiments.NotSignificant {
		t.Errorf("status %q, want not_significant", r.Status)
	}
	// The same rates: z 0, p 1.
	r = experiments.ZTest(500, 50, 500, 50)
	near(t, "z equal", r.Z, 0, 1e-12)
	near(t, "p equal", r.PValue, 1, 1e-12)
}

func TestF_AREA_04_ZTestWaitsForEnoughSamples(t *testing.T) {
	for _, c := range []struct {
		name           string
		n1, x1, n2, x2 int
	}{
		{"no visitors", 0, 0, 0, 0},
		{"one arm empty", 100, 10, 0, 0},
		{"29 visitors in an arm", 29, 10, 1000, 500},
		{"4 conversions in an arm", 1000, 4, 1000, 300},
		{"4 non-conversions in an arm", 40, 36, 1000, 100},
	} {
		r := experiments.ZTest(c.n1, c.x1, c.n2, c.x2)
		if r.Status != experiments.TooFewSamples {
			t.Errorf("%s: status %q, want too_few_samples", c.name, r.Status)
		}
	}
	// Enough of everything, a large difference: significant; the p-value is also computed
	// while there are too few samples (shown, not trusted).
	if r := experiments.ZTest(30, 5, 30, 25); r.Status != experiments.Significant || r.PValue >= 0.05 {
		t.Errorf("30/5 vs 30/25: %+v", r)
	}
	if r := experiments.ZTest(29, 5, 30, 25); r.Status != experiments.TooFewSamples || r.PValue >= 0.05 {
		t.Errorf("29/5 vs 30/25: %+v", r)
	}
}

type fakeStore struct {
	rows map[string]experiments.Exposure // experiment/visitor
	conv map[string]time.Time
	from time.Time
	to   time.Time
}

func (f *fakeStore) InsertExposure(_ context.Context, e experiments.Exposure) (bool, error) {
	k := e.Experiment + "/" + e.VisitorKey
	if _, ok := f.rows[k]; ok {
		return false, nil
	}
	f.rows[k] = e
	return true, nil
}

func (f *fakeStore) MarkConversion(_ context.Context, exp, visitor string, at time.Time) (bool, error) {
	k := exp + "/" + visitor
	if _, ok := f.rows[k]; !ok {
		return false, nil
	}
	if _, ok := f.conv[k]; ok {
		return false, nil
	}
	f.conv[k] = at
	return true, nil
}

func (f *fakeStore) ArmCounts(_ context.Context, exp string, from, to time.Time) ([]experiments.ArmCount, error) {
	f.from, f.to = from, to
	m := map[string]*experiments.ArmCount{}
	for k, e := range f.rows {
		if e.Experiment != exp || e.ExposedAt.Before(from) || !e.ExposedAt.Before(to) {
			continue
		}
		if m[e.Arm] == nil {
			m[e.Arm] = &experiments.ArmCount{Arm: e.Arm}
		}
		m[e.Arm].Exposures++
		if _, ok := f.conv[k]; ok {
			m[e.Arm].Conversions++
		}
	}
	var out []experiments.ArmCount
	for _, c := range m {
		out = append(out, *c)
	}
	return out, nil
}

func TestF_AREA_04_ExposuresOncePerVisitor(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	st := &fakeStore{rows: map[string]experiments.Exposure{}, conv: map[string]time.Time{}}
	n := 0
	s := &experiments.Service{Store: st, Now: func() time.Time { return now }, NewID: func() string { n++; return string(rune('a' + n)) }}

	var fe *apperr.Error
	if _, err := s.Expose(ctx, "nope", "ranked", "visitor-1", nil); !errors.As(err, &fe) || fe.Fields[0].Field != "experiment" {
		t.Fatalf("unknown experiment: %v", err)
	}
	if _, err := s.Expose(ctx, "ranking_v1", "shown", "visitor-1", nil); !errors.As(err, &fe) || fe.Fields[0].Field != "arm" {
		t.Fatalf("another experiment's arm: %v", err)
	}
	if ok, err := s.Expose(ctx, "ranking_v1", "holdout", "visitor-1", nil); err != nil || !ok {
		t.Fatalf("first exposure: %v %v", ok, err)
	}
	if ok, _ := s.Expose(ctx, "ranking_v1", "ranked", "visitor-1", nil); ok {
		t.Fatal("second exposure recorded")
	}
	if ok, _ := s.Convert(ctx, "ranking_v1", "visitor-2"); ok {
		t.Fatal("conversion without exposure recorded")
	}
	if ok, _ := s.Convert(ctx, "ranking_v1", "visitor-1"); !ok {
		t.Fatal("conversion not recorded")
	}
	if ok, _ := s.Convert(ctx, "ranking_v1", "visitor-1"); ok {
		t.Fatal("second conversion recorded")
	}
	from, to, res, err := s.Results(ctx, "", "")
	if err != nil {
		t.Fatal(err)
	}
	if from != "2026-10-22" || to != "2026-11-20" || !st.to.Equal(time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("default range %s..%s (store to %v)", from, to, st.to)
	}
	r := res[0]
	if r.Name != "ranking_v1" || r.Arms[0].Arm != "ranked" || !r.Arms[0].Control || r.Arms[0].Exposures != 0 ||
		r.Arms[1].Arm != "holdout" || r.Arms[1].Exposures != 1 || r.Arms[1].Conversions != 1 || r.Arms[1].Rate != 1 {
		t.Errorf("ranking result %+v", r)
	}
	if r.Test.Status != experiments.TooFewSamples {
		t.Errorf("test %+v", r.Test)
	}
	if res[1].Name != "intro_v1" || res[1].Arms[0].Arm != "shown" {
		t.Errorf("intro result %+v", res[1])
	}
	if _, _, _, err := s.Results(ctx, "2026-11-20", "2026-11-01"); !errors.As(err, &fe) || fe.Fields[0].Field != "from" {
		t.Errorf("reversed range: %v", err)
	}
	if _, _, _, err := s.Results(ctx, "2026-13-01", ""); !errors.As(err, &fe) || fe.Fields[0].Field != "from" {
		t.Errorf("bad date: %v", err)
	}
}
