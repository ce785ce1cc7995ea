package httpapi_test

import (
	"net/http"
	"testing"

	"circle/internal/assessments"
	"circle/internal/store"
)

// TestF_AREA_06_DiscTestThroughTheAPI (issue 32 item 5): a visitor gets the items and a scored
// profile without saving; saving needs a member; answers that are incomplete or contradictory
// answer 400 naming the item and store nothing; a member's history lists each retake, newest
// first, and another member's result is 404. Both engines.
func TestF_AREA_06_DiscTestThroughTheAPI(t *testing.T) {
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		pro, _, _ := acctBrowser(t, a, "pro@demo.test")

		var items struct{ Items []assessments.DiscItem }
		res := call(t, a, nil, "GET", "/api/assessments/disc/items", nil)
		if res.Status != 200 {
			t.Fatalf("items: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &items)
		if len(items.Items) != 24 || items.Items[0].ID != "q01" || len(items.Items[23].Options) != 4 {
			t.Fatalf("items: %+v", items.Items)
		}

		answers := assessments.AnswersOfStyle(assessments.Influence, assessments.Conscientiousness)
		var profile assessments.DiscProfile
		res = call(t, a, nil, "POST", "/api/assessments/disc/score", map[string]any{"answers": answers})
		if res.Status != 200 {
			t.Fatalf("visitor score: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &profile)
		if profile.Primary != "I" || profile.Scores[1].Percent != 100 || len(profile.Categories) != 3 {
			t.Fatalf("profile: %+v", profile)
		}
		if res := call(t, a, nil, "POST", "/api/assessments/disc/results", map[string]any{"answers": answers}); res.Status != 401 {
			t.Fatalf("visitor save: %d", res.Status)
		}
		bad := assessments.AnswersOfStyle(assessments.Dominance, assessments.Steadiness)
		bad[8].Least = bad[8].Most
		wantError(t, call(t, a, agent, "POST", "/api/assessments/disc/results", map[string]any{"answers": bad}), 400, "answers.q09.least", "assessments.disc.sameChoice", "")
		wantError(t, call(t, a, agent, "POST", "/api/assessments/disc/results", map[string]any{"answers": answers[:23]}), 400, "answers.q24", "assessments.disc.unanswered", "")
		if res := call(t, a, agent, "POST", "/api/assessments/disc/results", map[string]any{"answers": "nope"}); res.Status < 400 || res.Status >= 500 {
			t.Fatalf("wrong type: %d", res.Status)
		}

		var first, second assessments.DiscResult
		res = call(t, a, agent, "POST", "/api/assessments/disc/results", map[string]any{"answers": answers})
		if res.Status != http.StatusCreated {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &first)
		res = call(t, a, agent, "POST", "/api/assessments/disc/results", map[string]any{"answers": assessments.AnswersOfStyle(assessments.Steadiness, assessments.Dominance)})
		res.JSON(t, &second)
		if first.Primary != "I" || second.Primary != "S" || first.ID == second.ID {
			t.Fatalf("saved %+v %+v", first, second)
		}
		var history struct{ Results []assessments.DiscResult }
		call(t, a, agent, "GET", "/api/assessments/disc/results", nil).JSON(t, &history)
		if len(history.Results) != 2 || history.Results[0].ID != second.ID {
			t.Fatalf("history: %+v", history.Results)
		}
		if res := call(t, a, agent, "GET", "/api/assessments/disc/results/"+first.ID, nil); res.Status != 200 {
			t.Fatalf("own result: %d", res.Status)
		}
		if res := call(t, a, pro, "GET", "/api/assessments/disc/results/"+first.ID, nil); res.Status != 404 {
			t.Fatalf("another member's result: %d", res.Status)
		}
		call(t, a, pro, "GET", "/api/assessments/disc/results", nil).JSON(t, &history)
		if len(history.Results) != 0 {
			t.Fatalf("the pro member lists %d results", len(history.Results))
		}
	})
}

// TestF_AREA_06_QuestionnaireThroughTheAPI: the questionnaire is a member's; wrong answers
// answer 400 naming the field; saved answers come back with the three categories they point to.
func TestF_AREA_06_QuestionnaireThroughTheAPI(t *testing.T) {
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		pro, _, _ := acctBrowser(t, a, "pro@demo.test")
		body := map[string]any{"years_licensed": 1, "transactions_last_year": 3, "gci_goal_cents": 90_000_00,
			"lead_sources": []string{"social_media"}, "specialties": []string{"first_time"}, "biggest_challenge": "lead_generation"}
		if res := call(t, a, nil, "PUT", "/api/assessments/questionnaire", body); res.Status != 401 {
			t.Fatalf("visitor: %d", res.Status)
		}
		body["years_licensed"] = -1
		// The document's bounds answer first (422 naming the field), before the service's own checks.
		wantError(t, call(t, a, agent, "PUT", "/api/assessments/questionnaire", body), 422, "years_licensed", "", "")
		body["years_licensed"] = 1
		body["biggest_challenge"] = "weather"
		wantError(t, call(t, a, agent, "PUT", "/api/assessments/questionnaire", body), 400, "biggest_challenge", "assessments.questionnaire.errors.challenge", "")
		body["biggest_challenge"], body["lead_sources"] = "lead_generation", []string{}
		wantError(t, call(t, a, agent, "PUT", "/api/assessments/questionnaire", body), 400, "lead_sources", "assessments.questionnaire.errors.leadSources", "")
		body["lead_sources"] = []string{"social_media"}

		var view assessments.QuestionnaireView
		call(t, a, agent, "GET", "/api/assessments/questionnaire", nil).JSON(t, &view)
		if view.Answers != nil || len(view.Recommendations) != 0 {
			t.Fatalf("refused answers were stored: %+v", view)
		}
		res := call(t, a, agent, "PUT", "/api/assessments/questionnaire", body)
		if res.Status != 200 {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &view)
		want := []string{"cat:ads-lead-gen", "cat:coaching", "cat:seo"}
		for i, r := range view.Recommendations {
			if r.Tag != want[i] {
				t.Fatalf("recommendations %+v, want %v", view.Recommendations, want)
			}
		}
		call(t, a, agent, "GET", "/api/assessments/questionnaire", nil).JSON(t, &view)
		if view.Answers == nil || view.Answers.GCIGoalCents != 90_000_00 || len(view.Recommendations) != 3 {
			t.Fatalf("read back: %+v", view)
		}
		call(t, a, pro, "GET", "/api/assessments/questionnaire", nil).JSON(t, &view)
		if view.Answers != nil {
			t.Fatal("the pro member reads the agent's answers")
		}
	})
}
