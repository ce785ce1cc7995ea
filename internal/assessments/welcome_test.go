package assessments

import (
	"testing"
	"time"
)

// TestF_AREA_06_WelcomeRules: steps, roles and goals validated; finishing needs a role and a
// goal (skipping does not); the first goal weighs most in the recommendations.
func TestF_AREA_06_WelcomeRules(t *testing.T) {
	good := WelcomeUpdate{Step: StepGoals, Role: "agent"}
	if err := good.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []WelcomeUpdate{
		{Step: "nowhere"},
		{Step: StepRole, Role: "vendor"},
		{Step: StepGoals, Goals: []string{"listings", "follow_up", "time", "technology"}},
		{Step: StepGoals, Goals: []string{"fame"}},
		{Step: StepGoals, Specialties: []string{"castles"}},
		{Step: StepDone, Role: "agent"},
		{Step: StepDone, Goals: []string{"listings"}},
	} {
		if bad.Validate() == nil {
			t.Fatalf("accepted %+v", bad)
		}
	}
	if err := (WelcomeUpdate{Step: StepDone, Skip: true}).Validate(); err != nil {
		t.Fatalf("skip: %v", err)
	}
	a := WelcomeRecommend(Welcome{Role: "agent", Goals: []string{"listings", "paperwork"}})
	b := WelcomeRecommend(Welcome{Role: "agent", Goals: []string{"paperwork", "listings"}})
	if len(a) != 3 || len(b) != 3 || a[0].Tag == b[0].Tag {
		t.Fatalf("the first goal does not lead: %+v %+v", a, b)
	}
	if got := WelcomeRecommend(Welcome{Role: "agent"}); len(got) != 0 {
		t.Fatalf("no goals: %+v", got)
	}
}

// TestF_AREA_06_GoalRules: goals above zero, figures not negative, a known lead source, and
// the year within one of now.
func TestF_AREA_06_GoalRules(t *testing.T) {
	now := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	good := GoalsInput{Year: 2026, GCIGoalCents: 120_000_00, TransactionsGoal: 20, LeadSources: []string{"sphere"}}
	if err := good.Validate(now); err != nil {
		t.Fatal(err)
	}
	next := good
	next.Year = 2027
	if err := next.Validate(now); err != nil {
		t.Fatalf("next year: %v", err)
	}
	for _, mut := range []func(g *GoalsInput){
		func(g *GoalsInput) { g.Year = 2024 },
		func(g *GoalsInput) { g.GCIGoalCents = 0 },
		func(g *GoalsInput) { g.TransactionsGoal = 0 },
		func(g *GoalsInput) { g.GCIToDateCents = -1 },
		func(g *GoalsInput) { g.TransactionsToDate = -1 },
		func(g *GoalsInput) { g.LeadSources = nil },
		func(g *GoalsInput) { g.LeadSources = []string{"billboards"} },
	} {
		g := good
		mut(&g)
		if g.Validate(now) == nil {
			t.Fatalf("accepted %+v", g)
		}
	}
}
