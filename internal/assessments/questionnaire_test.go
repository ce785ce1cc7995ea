package assessments

import (
	"reflect"
	"testing"

	"circle/internal/apperr"
)

// TestF_AREA_06_Recommend: the table of answers to the three category blocks they point to.
func TestF_AREA_06_Recommend(t *testing.T) {
	cases := []struct {
		name    string
		q       Questionnaire
		want    []string
		reasons string // the first reason of the first block
	}{
		{"follow-up, experienced, mid volume", Questionnaire{YearsLicensed: 8, TransactionsLastYear: 12, GCIGoalCents: 150_000_00,
			LeadSources: []string{"referrals"}, BiggestChallenge: "follow_up"},
			[]string{"cat:crms", "cat:automation", "cat:virtual-assistants-dialers"}, "challenge:follow_up"},
		{"new agent wanting leads", Questionnaire{YearsLicensed: 0, TransactionsLastYear: 1, GCIGoalCents: 60_000_00,
			LeadSources: []string{"social_media"}, BiggestChallenge: "lead_generation"},
			[]string{"cat:ads-lead-gen", "cat:coaching", "cat:seo"}, "challenge:lead_generation"},
		{"busy team lead drowning in paperwork", Questionnaire{YearsLicensed: 15, TransactionsLastYear: 60, GCIGoalCents: 900_000_00,
			LeadSources: []string{"sphere"}, Specialties: []string{"luxury"}, BiggestChallenge: "paperwork"},
			[]string{"cat:transaction-coordinator", "cat:finance-ops", "cat:insurance-compliance"}, "challenge:paperwork"},
		{"lead sources outweigh the tail of the challenge", Questionnaire{YearsLicensed: 5, TransactionsLastYear: 10, GCIGoalCents: 100_000_00,
			LeadSources: []string{"sphere", "referrals"}, BiggestChallenge: "listings"},
			[]string{"cat:photography", "cat:client-gifting", "cat:listing-showing"}, "challenge:listings"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := c.q.Validate(); err != nil {
				t.Fatal(err)
			}
			got := Recommend(c.q.Normalize())
			var tags []string
			for _, r := range got {
				tags = append(tags, r.Tag)
				if r.Name == "" || len(r.Reasons) == 0 {
					t.Fatalf("recommendation %+v", r)
				}
			}
			if !reflect.DeepEqual(tags, c.want) || got[0].Reasons[0] != c.reasons {
				t.Fatalf("got %v (%v), want %v", tags, got[0].Reasons, c.want)
			}
		})
	}
}

// TestF_AREA_06_QuestionnaireValidate: each wrong answer is named.
func TestF_AREA_06_QuestionnaireValidate(t *testing.T) {
	ok := Questionnaire{YearsLicensed: 3, TransactionsLastYear: 9, GCIGoalCents: 120_000_00, LeadSources: []string{"sphere"}, BiggestChallenge: "time"}
	cases := []struct {
		field string
		edit  func(q *Questionnaire)
	}{
		{"years_licensed", func(q *Questionnaire) { q.YearsLicensed = -1 }},
		{"years_licensed", func(q *Questionnaire) { q.YearsLicensed = 71 }},
		{"transactions_last_year", func(q *Questionnaire) { q.TransactionsLastYear = 2001 }},
		{"gci_goal_cents", func(q *Questionnaire) { q.GCIGoalCents = 0 }},
		{"gci_goal_cents", func(q *Questionnaire) { q.GCIGoalCents = MaxGCIGoalCents + 1 }},
		{"lead_sources", func(q *Questionnaire) { q.LeadSources = nil }},
		{"lead_sources[1]", func(q *Questionnaire) { q.LeadSources = []string{"sphere", "billboards"} }},
		{"specialties[0]", func(q *Questionnaire) { q.Specialties = []string{"castles"} }},
		{"biggest_challenge", func(q *Questionnaire) { q.BiggestChallenge = "" }},
	}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		q := ok
		c.edit(&q)
		e, isApp := apperr.As(q.Validate())
		if !isApp || e.Code != apperr.Invalid || len(e.Fields) != 1 || e.Fields[0].Field != c.field {
			t.Fatalf("%s: %v", c.field, q.Validate())
		}
	}
	n := Questionnaire{LeadSources: []string{"paid_ads", " sphere", "paid_ads"}, Specialties: nil, BiggestChallenge: " time "}.Normalize()
	if !reflect.DeepEqual(n.LeadSources, []string{"sphere", "paid_ads"}) || n.Specialties == nil || n.BiggestChallenge != "time" {
		t.Fatalf("normalized %+v", n)
	}
}
