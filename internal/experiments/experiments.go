// Package experiments records the web app's A/B experiments (issue 31 item 11, F-AREA-04): each
// browser's arm, once per visitor per experiment, and whether that visitor converted, and
// answers each experiment's arms with their conversion and a two-proportion z-test.
//
// Arms are assigned in the browser (web/src/features/marketplace/model/abTest.ts); the server
// only accepts the experiments and arms it knows. A visitor is a random id the browser keeps
// (localStorage), so these are browsers, not people.
package experiments

import (
	"context"
	"fmt"
	"math"
	"time"

	"circle/internal/apperr"
)

// Definition is one experiment: its control arm first, then the other arm.
type Definition struct {
	Name       string `json:"name" example:"ranking_v1"`
	Control    string `json:"control" doc:"The control arm"`
	Treatment  string `json:"treatment" doc:"The other arm"`
	Conversion string `json:"conversion" enum:"cart_add,sign_up" doc:"What counts as a conversion"`
}

// Experiments are the ones the web app runs (03§2 intro dialog, 03§9 ranking holdout).
var Experiments = []Definition{
	// The marketplace's ranked order against plain newest-first for 10% of browsers; a
	// conversion is a service added to the cart.
	{Name: "ranking_v1", Control: "ranked", Treatment: "holdout", Conversion: "cart_add"},
	// The intro dialog for first visitors against no dialog for 30%; a conversion is an
	// account created in that browser.
	{Name: "intro_v1", Control: "shown", Treatment: "holdout", Conversion: "sign_up"},
}

// Lookup finds an experiment by name.
func Lookup(name string) (Definition, bool) {
	for _, d := range Experiments {
		if d.Name == name {
			return d, true
		}
	}
	return Definition{}, false
}

// Exposure is a visitor's first sight of an experiment's arm.
type Exposure struct {
	ID         string
	Experiment string
	Arm        string
	VisitorKey string
	UserID     *string
	ExposedAt  time.Time
}

// ArmCount is one arm's visitors first exposed in a range and how many of them converted.
type ArmCount struct {
	Arm         string
	Exposures   int
	Conversions int
}

// Store keeps exposures: one row per experiment and visitor.
type Store interface {
	// InsertExposure writes the exposure unless the visitor already has one for the
	// experiment; it reports whether it wrote one.
	InsertExposure(ctx context.Context, e Exposure) (bool, error)
	// MarkConversion stamps the visitor's exposure as converted at `at` unless it already is;
	// it reports whether it stamped one (false without an exposure).
	MarkConversion(ctx context.Context, experiment, visitorKey string, at time.Time) (bool, error)
	// ArmCounts counts the exposures first seen in [from, to) per arm and the converted ones.
	ArmCounts(ctx context.Context, experiment string, from, to time.Time) ([]ArmCount, error)
}

// Service records exposures and conversions and reads the results.
type Service struct {
	Store Store
	Now   func() time.Time
	NewID func() string
}

// Messages of the refusals.
const (
	MsgUnknownExperiment = "Unknown experiment."
	MsgUnknownArm        = "This experiment has no such arm."
	MsgBadDate           = "Dates are YYYY-MM-DD."
	MsgBadRange          = "The start date must be before the end date."
	MsgRangeTooLong      = "A range is at most 366 days."
	MaxDays              = 366
	DefaultDays          = 30
)

// Expose records a visitor's arm of an experiment, once per visitor: a second call (any arm)
// changes nothing and answers false.
func (s *Service) Expose(ctx context.Context, experiment, arm, visitorKey string, userID *string) (bool, error) {
	d, ok := Lookup(experiment)
	if !ok {
		return false, apperr.Field("experiment", "experiment.unknown", MsgUnknownExperiment)
	}
	if arm != d.Control && arm != d.Treatment {
		return false, apperr.Field("arm", "experiment.unknown_arm", MsgUnknownArm)
	}
	rec, err := s.Store.InsertExposure(ctx, Exposure{ID: s.NewID(), Experiment: experiment, Arm: arm, VisitorKey: visitorKey, UserID: userID, ExposedAt: s.Now().UTC()})
	if err != nil {
		return false, fmt.Errorf("record exposure of %s: %w", experiment, err)
	}
	return rec, nil
}

// Convert records that an exposed visitor converted, once: a visitor never exposed, or
// already converted, answers false.
func (s *Service) Convert(ctx context.Context, experiment, visitorKey string) (bool, error) {
	if _, ok := Lookup(experiment); !ok {
		return false, apperr.Field("experiment", "experiment.unknown", MsgUnknownExperiment)
	}
	rec, err := s.Store.MarkConversion(ctx, experiment, visitorKey, s.Now().UTC())
	if err != nil {
		return false, fmt.Errorf("record conversion of %s: %w", experiment, err)
	}
	return rec, nil
}

// Arm is one arm's figures.
type Arm struct {
	Arm         string  `json:"arm"`
	Control     bool    `json:"control"`
	Exposures   int     `json:"exposures" doc:"Visitors first exposed in the range"`
	Conversions int     `json:"conversions" doc:"Of them, those who converted (at any time since)"`
	Rate        float64 `json:"rate" doc:"conversions / exposures (0 with no exposures)"`
}

// Result is one experiment over a range: its two arms and the test between them.
type Result struct {
	Definition
	Arms []Arm `json:"arms" doc:"The control arm first"`
	Test Test  `json:"test"`
}

// Results answers every experiment's arms for visitors first exposed from `from` to `to`
// (UTC days, both included; default the last 30 days by the service's clock).
func (s *Service) Results(ctx context.Context, from, to string) (string, string, []Result, error) {
	start, end, err := s.dayRange(from, to)
	if err != nil {
		return "", "", nil, err
	}
	out := make([]Result, 0, len(Experiments))
	for _, d := range Experiments {
		counts, err := s.Store.ArmCounts(ctx, d.Name, start, end.AddDate(0, 0, 1))
		if err != nil {
			return "", "", nil, fmt.Errorf("count arms of %s: %w", d.Name, err)
		}
		byArm := map[string]ArmCount{}
		for _, c := range counts {
			byArm[c.Arm] = c
		}
		r := Result{Definition: d}
		for _, name := range []string{d.Control, d.Treatment} {
			c := byArm[name]
			a := Arm{Arm: name, Control: name == d.Control, Exposures: c.Exposures, Conversions: c.Conversions}
			if c.Exposures > 0 {
				a.Rate = float64(c.Conversions) / float64(c.Exposures)
			}
			r.Arms = append(r.Arms, a)
		}
		r.Test = ZTest(r.Arms[0].Exposures, r.Arms[0].Conversions, r.Arms[1].Exposures, r.Arms[1].Conversions)
		out = append(out, r)
	}
	return start.Format(time.DateOnly), end.Format(time.DateOnly), out, nil
}

func (s *Service) dayRange(from, to string) (time.Time, time.Time, error) {
	parse := func(field, v string) (time.Time, error) {
		if v == "" {
			return time.Time{}, nil
		}
		t, err := time.Parse(time.DateOnly, v)
		if err != nil {
			return time.Time{}, apperr.Field(field, "validation.date", MsgBadDate)
		}
		return t, nil
	}
	end, err := parse("to", to)
	if err != nil {
		return end, end, err
	}
	if end.IsZero() {
		end = s.Now().UTC().Truncate(24 * time.Hour)
	}
	start, err := parse("from", from)
	if err != nil {
		return start, start, err
	}
	if start.IsZero() {
		start = end.AddDate(0, 0, -(DefaultDays - 1))
	}
	if start.After(end) {
		return start, end, apperr.Field("from", "validation.range", MsgBadRange)
	}
	if int(end.Sub(start).Hours()/24)+1 > MaxDays {
		return start, end, apperr.Field("from", "validation.range", MsgRangeTooLong)
	}
	return start, end, nil
}

// The test's thresholds: the normal approximation needs enough visitors and enough of both
// outcomes in each arm.
const (
	// Alpha is the two-sided significance level.
	Alpha = 0.05
	// MinExposures is the fewest visitors per arm before the test says anything.
	MinExposures = 30
	// MinOutcomes is the fewest conversions, and non-conversions, per arm.
	MinOutcomes = 5
)

// Test statuses.
const (
	TooFewSamples  = "too_few_samples"
	Significant    = "significant"
	NotSignificant = "not_significant"
)

// Test is a two-proportion z-test of the treatment arm against the control arm.
type Test struct {
	Status string  `json:"status" enum:"too_few_samples,significant,not_significant" doc:"too_few_samples until each arm has 30 visitors and 5 conversions and 5 non-conversions"`
	Z      float64 `json:"z" doc:"(treatment rate - control rate) / pooled standard error; 0 when it cannot be computed"`
	PValue float64 `json:"p_value" doc:"Two-sided; 1 when it cannot be computed"`
	Lift   float64 `json:"lift" doc:"Treatment rate minus control rate (absolute)"`
}

// ZTest compares two proportions, x1 of n1 (control) and x2 of n2 (treatment), with the pooled
// two-proportion z-test: z = (p2 - p1) / sqrt(p (1 - p) (1/n1 + 1/n2)), p = (x1 + x2) / (n1 + n2),
// and the two-sided p-value erfc(|z| / sqrt 2). The status is too_few_samples while either arm
// has fewer than MinExposures visitors or MinOutcomes conversions or non-conversions.
func ZTest(n1, x1, n2, x2 int) Test {
	t := Test{Status: TooFewSamples, PValue: 1}
	if n1 <= 0 || n2 <= 0 {
		return t
	}
	p1, p2 := float64(x1)/float64(n1), float64(x2)/float64(n2)
	t.Lift = p2 - p1
	pooled := float64(x1+x2) / float64(n1+n2)
	se := math.Sqrt(pooled * (1 - pooled) * (1/float64(n1) + 1/float64(n2)))
	if se > 0 {
		t.Z = (p2 - p1) / se
		t.PValue = math.Erfc(math.Abs(t.Z) / math.Sqrt2)
	}
	enough := func(n, x int) bool { return n >= MinExposures && x >= MinOutcomes && n-x >= MinOutcomes }
	if !enough(n1, x1) || !enough(n2, x2) {
		return t
	}
	if t.PValue < Alpha {
		t.Status = Significant
	} else {
		t.Status = NotSignificant
	}
	return t
}
