package assessments_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"circle/internal/apperr"
	"circle/internal/assessments"
	"circle/internal/demo/demotest"
	"circle/internal/ids"
	"circle/internal/store"
)

// TestF_AREA_06_AssessmentsStore: DISC results saved per member (history newest first, each
// retake a new row, read back with the same profile), another member's result not found, and
// the questionnaire stored and replaced, on both engines.
func TestF_AREA_06_AssessmentsStore(t *testing.T) {
	demotest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		const agent, pro = "usr-demo-agent", "usr-demo-pro"
		now := time.Date(2026, 11, 29, 3, 0, 0, 0, time.UTC)
		svc := &assessments.Service{Store: store.NewAssessments(db), Now: func() time.Time { return now }, NewID: ids.New}

		if rows, err := svc.DiscHistory(ctx, agent); err != nil || rows == nil || len(rows) != 0 {
			t.Fatalf("empty history: %#v %v", rows, err)
		}
		if _, err := svc.SaveDisc(ctx, agent, assessments.AnswersOfStyle(assessments.Dominance, assessments.Steadiness)[:20]); apperr.CodeOf(err) != apperr.Invalid {
			t.Fatalf("incomplete answers: %v", err)
		}
		first, err := svc.SaveDisc(ctx, agent, assessments.AnswersOfStyle(assessments.Dominance, assessments.Steadiness))
		if err != nil || first.Primary != assessments.Dominance {
			t.Fatalf("first: %+v %v", first, err)
		}
		now = now.Add(time.Hour)
		// Sent in reverse order: kept in the items' order.
		rev := assessments.AnswersOfStyle(assessments.Conscientiousness, assessments.Influence)
		for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
			rev[i], rev[j] = rev[j], rev[i]
		}
		second, err := svc.SaveDisc(ctx, agent, rev)
		if err != nil || second.Primary != assessments.Conscientiousness || second.Answers[0].Item != "q01" {
			t.Fatalf("retake: %+v %v", second, err)
		}
		history, err := svc.DiscHistory(ctx, agent)
		if err != nil || len(history) != 2 || history[0].ID != second.ID || history[1].ID != first.ID {
			t.Fatalf("history: %+v %v", history, err)
		}
		got, err := svc.DiscResult(ctx, agent, first.ID)
		if err != nil || !reflect.DeepEqual(got.DiscProfile, first.DiscProfile) || !got.CreatedAt.Equal(first.CreatedAt) || len(got.Answers) != 24 {
			t.Fatalf("read back: %+v %v, want %+v", got, err, first)
		}
		if _, err := svc.DiscResult(ctx, pro, first.ID); !apperr.IsNotFound(err) {
			t.Fatalf("another member's result: %v", err)
		}
		if _, err := svc.DiscResult(ctx, agent, "no-such"); !apperr.IsNotFound(err) {
			t.Fatalf("unknown result: %v", err)
		}
		if rows, _ := svc.DiscHistory(ctx, pro); len(rows) != 0 {
			t.Fatalf("pro sees %d results", len(rows))
		}

		if v, err := svc.Questionnaire(ctx, agent); err != nil || v.Answers != nil || len(v.Recommendations) != 0 {
			t.Fatalf("before answering: %+v %v", v, err)
		}
		q := assessments.Questionnaire{YearsLicensed: 4, TransactionsLastYear: 14, GCIGoalCents: 180_000_00,
			LeadSources: []string{"open_houses", "sphere"}, Specialties: []string{"listings"}, BiggestChallenge: "follow_up"}
		if _, err := svc.SaveQuestionnaire(ctx, agent, assessments.Questionnaire{}); apperr.CodeOf(err) != apperr.Invalid {
			t.Fatalf("empty answers: %v", err)
		}
		saved, err := svc.SaveQuestionnaire(ctx, agent, q)
		if err != nil || len(saved.Recommendations) != 3 || saved.Recommendations[0].Tag != "cat:crms" {
			t.Fatalf("save: %+v %v", saved, err)
		}
		q.BiggestChallenge, q.GCIGoalCents, q.Specialties = "scaling_team", 400_000_00, nil
		now = now.Add(time.Hour)
		if _, err := svc.SaveQuestionnaire(ctx, agent, q); err != nil {
			t.Fatal(err)
		}
		v, err := svc.Questionnaire(ctx, agent)
		if err != nil || v.Answers == nil || v.Answers.BiggestChallenge != "scaling_team" || v.Answers.GCIGoalCents != 400_000_00 ||
			!reflect.DeepEqual(v.Answers.LeadSources, []string{"sphere", "open_houses"}) || len(v.Answers.Specialties) != 0 ||
			!v.Answers.UpdatedAt.Equal(now) || v.Recommendations[0].Tag != "cat:team-recruiting" {
			t.Fatalf("replaced: %+v %v", v.Answers, err)
		}
		if v, _ := svc.Questionnaire(ctx, pro); v.Answers != nil {
			t.Fatal("the pro member sees the agent's answers")
		}
	})
}
