package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"circle/internal/assessments"
	"circle/internal/httpapi"
	"circle/internal/ministry"
	"circle/internal/store"
	"circle/internal/testapp"
)

// TestF_AREA_06_WelcomeThroughTheAPI (issue 32 item 5): a visitor is 401; a member starts at
// the role step, saves progress and gets it back (resumable), bad ids answer 400 naming the
// field, finishing needs a role and a goal and gives the goals' category blocks; a finished
// onboarding refuses further saves (done once); skipping finishes it without recommendations;
// one member's progress is not another's. Both engines.
func TestF_AREA_06_WelcomeThroughTheAPI(t *testing.T) {
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		pro, _, _ := acctBrowser(t, a, "pro@demo.test")

		if res := call(t, a, nil, "GET", "/api/welcome", nil); res.Status != 401 {
			t.Fatalf("visitor: %d", res.Status)
		}
		var w assessments.WelcomeView
		call(t, a, agent, "GET", "/api/welcome", nil).JSON(t, &w)
		if w.Step != "role" || w.Done() || len(w.Recommendations) != 0 || w.Goals == nil {
			t.Fatalf("fresh: %+v", w)
		}
		wantError(t, call(t, a, agent, "PUT", "/api/welcome", map[string]any{"step": "goals", "role": "vendor", "goals": []string{}, "specialties": []string{}}), 400, "role", assessments.KeyWelcomeRole, "")
		wantError(t, call(t, a, agent, "PUT", "/api/welcome", map[string]any{"step": "goals", "role": "agent", "goals": []string{"world_peace"}, "specialties": []string{}}), 400, "goals[0]", assessments.KeyWelcomeGoal, "")
		wantError(t, call(t, a, agent, "PUT", "/api/welcome", map[string]any{"step": "done", "role": "agent", "goals": []string{}, "specialties": []string{}}), 400, "goals", assessments.KeyWelcomeGoal, "")

		res := call(t, a, agent, "PUT", "/api/welcome", map[string]any{"step": "specialties", "role": "agent", "goals": []string{"listings", "lead_generation"}, "specialties": []string{}})
		if res.Status != 200 {
			t.Fatalf("progress: %d %s", res.Status, res.Body)
		}
		call(t, a, agent, "GET", "/api/welcome", nil).JSON(t, &w)
		if w.Step != "specialties" || w.Role != "agent" || strings.Join(w.Goals, ",") != "listings,lead_generation" || w.Done() {
			t.Fatalf("resumed: %+v", w)
		}
		var other assessments.WelcomeView
		call(t, a, pro, "GET", "/api/welcome", nil).JSON(t, &other)
		if other.Step != "role" || other.Role != "" {
			t.Fatalf("another member sees the progress: %+v", other)
		}

		res = call(t, a, agent, "PUT", "/api/welcome", map[string]any{"step": "done", "role": "agent", "goals": []string{"listings", "lead_generation"}, "specialties": []string{"luxury", "buyers"}})
		res.JSON(t, &w)
		if res.Status != 200 || !w.Done() || w.Skipped || len(w.Recommendations) != 3 || strings.Join(w.Specialties, ",") != "buyers,luxury" {
			t.Fatalf("finish: %d %s", res.Status, res.Body)
		}
		want := assessments.WelcomeRecommend(w.Welcome)
		if w.Recommendations[0].Tag != want[0].Tag {
			t.Fatalf("recommendations %+v, want %+v", w.Recommendations, want)
		}
		if res := call(t, a, agent, "PUT", "/api/welcome", map[string]any{"step": "role", "role": "broker", "goals": []string{}, "specialties": []string{}}); res.Status != 409 {
			t.Fatalf("second run: %d %s", res.Status, res.Body)
		}
		call(t, a, agent, "GET", "/api/welcome", nil).JSON(t, &w)
		if !w.Done() || w.Role != "agent" || len(w.Recommendations) != 3 {
			t.Fatalf("after the refused save: %+v", w)
		}

		res = call(t, a, pro, "PUT", "/api/welcome", map[string]any{"step": "goals", "skip": true, "goals": []string{}, "specialties": []string{}})
		res.JSON(t, &other)
		if res.Status != 200 || !other.Done() || !other.Skipped || other.Step != "done" || len(other.Recommendations) != 0 {
			t.Fatalf("skip: %d %s", res.Status, res.Body)
		}
	})
}

// TestF_AREA_06_GoalsThroughTheAPI (issue 32 items 5 and 10): the goal assessment is a member's
// own; every update is a row (history newest first, latest on top); bad figures answer 400
// naming the field and store nothing; completed turns true with the first save. Both engines.
func TestF_AREA_06_GoalsThroughTheAPI(t *testing.T) {
	engineEach(t, func(t *testing.T, kind store.Kind) {
		// The wall clock's time (the cookie jar reads it), moved by hand.
		clock := testapp.NewClock(time.Now().UTC().Truncate(time.Second))
		year := clock.Now().Year()
		a := acctAppWith(t, kind, testapp.Options{Clock: clock})
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		pro, _, _ := acctBrowser(t, a, "pro@demo.test")

		if res := call(t, a, nil, "GET", "/api/goals", nil); res.Status != 401 {
			t.Fatalf("visitor: %d", res.Status)
		}
		var v assessments.GoalsView
		res := call(t, a, agent, "GET", "/api/goals", nil)
		res.JSON(t, &v)
		if v.Completed || v.Latest != nil || v.History == nil || len(v.History) != 0 {
			t.Fatalf("fresh: %s", res.Body)
		}
		body := func(year int, gci int64, toDate int64, sources ...string) map[string]any {
			return map[string]any{"year": year, "gci_goal_cents": gci, "transactions_goal": 24, "lead_sources": sources, "gci_to_date_cents": toDate, "transactions_to_date": 2}
		}
		wantError(t, call(t, a, agent, "POST", "/api/goals", body(year, 0, 0, "sphere")), 400, "gci_goal_cents", assessments.KeyGoalsGCI, "")
		wantError(t, call(t, a, agent, "POST", "/api/goals", body(year, 100, 0)), 400, "lead_sources", assessments.KeyGoalsLeadSource, "")
		wantError(t, call(t, a, agent, "POST", "/api/goals", body(year, 100, 0, "billboards")), 400, "lead_sources[0]", assessments.KeyGoalsLeadSource, "")
		wantError(t, call(t, a, agent, "POST", "/api/goals", body(year-3, 100, 0, "sphere")), 400, "year", assessments.KeyGoalsYear, "")

		// The profile says whether the goal assessment is done (the header's Goals button reads
		// it from the session): not before the first save, from it on, the agent's only.
		goalsDone := func(c *http.Client) bool {
			var p httpapi.ProfileView
			call(t, a, c, "GET", "/api/profile", nil).JSON(t, &p)
			return p.GoalAssessmentCompleted
		}
		if goalsDone(agent) {
			t.Fatal("the profile says goals are done before any save")
		}
		if res := call(t, a, agent, "POST", "/api/goals", body(year, 150_000_00, 10_000_00, "referrals", "sphere")); res.Status != 201 {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}
		if !goalsDone(agent) || goalsDone(pro) {
			t.Fatalf("after the agent's save: agent's profile %v, pro's %v; want true, false", goalsDone(agent), goalsDone(pro))
		}
		clock.Advance(time.Minute)
		res = call(t, a, agent, "POST", "/api/goals", body(year, 150_000_00, 32_500_00, "sphere"))
		res.JSON(t, &v)
		if res.Status != 201 || !v.Completed || len(v.History) != 2 || v.Latest.GCIToDateCents != 32_500_00 || v.History[1].GCIToDateCents != 10_000_00 ||
			strings.Join(v.History[1].LeadSources, ",") != "sphere,referrals" || !v.History[0].CreatedAt.After(v.History[1].CreatedAt) {
			t.Fatalf("history: %d %s", res.Status, res.Body)
		}
		var theirs assessments.GoalsView
		call(t, a, pro, "GET", "/api/goals", nil).JSON(t, &theirs)
		if theirs.Completed || len(theirs.History) != 0 {
			t.Fatalf("another member reads the agent's goals: %+v", theirs)
		}
	})
}

// TestF_AREA_06_PrayersThroughTheAPI (issue 32 item 6): scriptures are public and filtered by
// tag; prayer requests need a member; a private request is only its author's (never on the
// shared list, never in another member's list); a shared one waits for staff and appears,
// without a name, once approved; the decision is audited, a second one is 409, a private
// request cannot be moderated (404), and only administrators moderate. Both engines.
func TestF_AREA_06_PrayersThroughTheAPI(t *testing.T) {
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		pro, _, _ := acctBrowser(t, a, "pro@demo.test")
		admin, _, _ := acctBrowser(t, a, "admin@demo.test")

		var s struct {
			Translation string
			Tags        []string
			Verses      []ministry.Verse
		}
		call(t, a, nil, "GET", "/api/ministry/scriptures?tag=peace", nil).JSON(t, &s)
		if s.Translation != "KJV" || len(s.Tags) != 8 || len(s.Verses) < 8 {
			t.Fatalf("scriptures: %+v", s)
		}
		for _, v := range s.Verses {
			if !strings.Contains(strings.Join(v.Tags, ","), "peace") {
				t.Fatalf("verse off the tag: %+v", v)
			}
		}
		if res := call(t, a, nil, "GET", "/api/ministry/scriptures?tag=lottery", nil); res.Status != 422 && res.Status != 400 {
			t.Fatalf("unknown tag: %d", res.Status)
		}

		if res := call(t, a, nil, "POST", "/api/ministry/prayers", map[string]any{"body": "For my family", "visibility": "private"}); res.Status != 401 {
			t.Fatalf("visitor: %d", res.Status)
		}
		wantError(t, call(t, a, agent, "POST", "/api/ministry/prayers", map[string]any{"body": "  ", "visibility": "private"}), 400, "body", ministry.KeyBody, "")
		wantError(t, call(t, a, agent, "POST", "/api/ministry/prayers", map[string]any{"body": "For rest", "visibility": "private", "topic": "lottery"}), 400, "topic", ministry.KeyTopic, "")

		var private, shared ministry.Prayer
		res := call(t, a, agent, "POST", "/api/ministry/prayers", map[string]any{"body": "Healing for my mother", "visibility": "private", "topic": "healing"})
		res.JSON(t, &private)
		if res.Status != 201 || private.Status != "private" {
			t.Fatalf("private: %d %s", res.Status, res.Body)
		}
		res = call(t, a, agent, "POST", "/api/ministry/prayers", map[string]any{"body": "Wisdom for a hard closing this week", "visibility": "shared", "topic": "wisdom"})
		res.JSON(t, &shared)
		if res.Status != 201 || shared.Status != "pending" {
			t.Fatalf("shared: %d %s", res.Status, res.Body)
		}

		var mine, theirs struct{ Prayers []ministry.Prayer }
		call(t, a, agent, "GET", "/api/ministry/prayers/mine", nil).JSON(t, &mine)
		call(t, a, pro, "GET", "/api/ministry/prayers/mine", nil).JSON(t, &theirs)
		if len(mine.Prayers) != 2 || mine.Prayers[0].ID != shared.ID || len(theirs.Prayers) != 0 {
			t.Fatalf("mine %+v, another member's %+v", mine.Prayers, theirs.Prayers)
		}
		wall := func() string {
			res := call(t, a, pro, "GET", "/api/ministry/prayers/shared", nil)
			if res.Status != 200 {
				t.Fatalf("shared list: %d", res.Status)
			}
			return string(res.Body)
		}
		if w := wall(); strings.Contains(w, "Wisdom for a hard closing") || strings.Contains(w, "Healing for my mother") {
			t.Fatalf("before approval: %s", w)
		}

		if res := call(t, a, agent, "GET", "/api/admin/ministry/prayers", nil); res.Status != 403 {
			t.Fatalf("agent on the queue: %d", res.Status)
		}
		var queue struct{ Prayers []ministry.Prayer }
		call(t, a, admin, "GET", "/api/admin/ministry/prayers", nil).JSON(t, &queue)
		if len(queue.Prayers) != 1 || queue.Prayers[0].ID != shared.ID {
			t.Fatalf("queue: %+v", queue.Prayers)
		}
		if res := call(t, a, admin, "POST", "/api/admin/ministry/prayers/"+private.ID+"/approve", nil); res.Status != 404 {
			t.Fatalf("approve a private request: %d", res.Status)
		}
		if res := call(t, a, admin, "POST", "/api/admin/ministry/prayers/"+shared.ID+"/approve", nil); res.Status != 200 {
			t.Fatalf("approve: %d %s", res.Status, res.Body)
		}
		if res := call(t, a, admin, "POST", "/api/admin/ministry/prayers/"+shared.ID+"/reject", nil); res.Status != 409 {
			t.Fatalf("second decision: %d", res.Status)
		}
		if w := wall(); !strings.Contains(w, "Wisdom for a hard closing") || strings.Contains(w, "Healing for my mother") || strings.Contains(w, "usr-demo-agent") {
			t.Fatalf("after approval: %s", w)
		}
		audit := call(t, a, admin, "GET", "/api/admin/audit?object_id="+shared.ID, nil)
		if !strings.Contains(string(audit.Body), ministry.ActionApprove) {
			t.Fatalf("audit: %s", audit.Body)
		}
	})
}
