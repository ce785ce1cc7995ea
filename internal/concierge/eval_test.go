package concierge_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"slices"
	"sort"
	"testing"
	"time"

	"circle/internal/app"
	"circle/internal/store"
	"circle/internal/testapp"
)

type evalCase struct {
	Q            string   `json:"q"`
	Lang         string   `json:"lang"`
	Expect       []string `json:"expect"`
	Unanswerable bool     `json:"unanswerable"`
}

type evalAnswer struct {
	MessageID string `json:"message_id"`
	ThreadID  string `json:"thread_id"`
	Message   string `json:"message"`
	Lang      string `json:"lang"`
	Handoff   bool   `json:"handoff"`
	Citations []struct {
		Kind, ID, Title, URL string
	} `json:"citations"`
	Actions []struct {
		Action string            `json:"action"`
		Params map[string]string `json:"params"`
	} `json:"actions"`
	Trust struct {
		Level string `json:"level"`
		Peers int    `json:"peers"`
	} `json:"trust"`
}

// TestF_AI_03_ConciergeEvaluation asks the built-in advisor every question of the evaluation
// set (testdata/eval.json: English, Spanish and French agent questions with the demo services
// that answer them, and questions Circle cannot answer) through the real server on the demo
// catalogue. At least 85% must cite a right service, every unanswerable one must be declined
// (handoff, no service cited), and each answer must be in the question's language. With
// CIRCLE_CONCIERGE_TABLE=1 (make bench) it prints the table with the median and p95 time.
func TestF_AI_03_ConciergeEvaluation(t *testing.T) {
	raw, err := os.ReadFile("testdata/eval.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []evalCase
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 40 {
		t.Fatalf("the evaluation set has %d questions, want at least 40", len(cases))
	}
	a := testapp.Start(t, store.SQLite, testapp.Options{Config: func(c *app.Config) { c.ConciergeRateLimit = 0 }})
	a.LoadDemo(t)
	c := testapp.NewClient()
	var answerable, right, unanswerable, declined int
	var times []time.Duration
	for _, tc := range cases {
		start := time.Now()
		res := a.PostJSON(t, c, "/api/concierge/respond", map[string]string{"text": tc.Q})
		times = append(times, time.Since(start))
		if res.Status != http.StatusOK {
			t.Fatalf("%q: %d %s", tc.Q, res.Status, res.Body)
		}
		var ans evalAnswer
		if err := json.Unmarshal(res.Body, &ans); err != nil {
			t.Fatal(err)
		}
		want := tc.Lang
		if want == "" {
			want = "en"
		}
		if ans.Lang != want {
			t.Errorf("%q answered in %q, want %q", tc.Q, ans.Lang, want)
		}
		var cited []string
		for _, ci := range ans.Citations {
			if ci.Kind == "service" {
				cited = append(cited, ci.ID)
			}
		}
		if tc.Unanswerable {
			unanswerable++
			if ans.Handoff && len(cited) == 0 {
				declined++
			} else {
				t.Errorf("%q should be declined, got handoff %v citing %v: %s", tc.Q, ans.Handoff, cited, ans.Message)
			}
			continue
		}
		answerable++
		ok := false
		for _, id := range cited {
			if slices.Contains(tc.Expect, id) {
				ok = true
			}
		}
		if ok && !ans.Handoff {
			right++
		} else {
			t.Logf("miss: %q cited %v (want one of %v), handoff %v", tc.Q, cited, tc.Expect, ans.Handoff)
		}
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	median := times[len(times)/2]
	p95 := times[min(len(times)-1, (len(times)*95+99)/100-1)]
	rightShare := float64(right) / float64(answerable)
	declinedShare := float64(declined) / float64(unanswerable)
	table := fmt.Sprintf("concierge (built-in advisor, demo catalogue, %d questions)\n"+
		"| answerable | right | share right | unanswerable | declined | share declined | median | p95 |\n"+
		"|---|---|---|---|---|---|---|---|\n| %d | %d | %.0f%% | %d | %d | %.0f%% | %v | %v |\n",
		len(cases), answerable, right, 100*rightShare, unanswerable, declined, 100*declinedShare,
		median.Round(100*time.Microsecond), p95.Round(100*time.Microsecond))
	if os.Getenv("CIRCLE_CONCIERGE_TABLE") != "" {
		fmt.Print(table)
	} else {
		t.Log("\n" + table)
	}
	if rightShare < 0.85 {
		t.Errorf("share right %.2f, want at least 0.85", rightShare)
	}
	if declined != unanswerable {
		t.Errorf("declined %d of %d unanswerable questions, want all", declined, unanswerable)
	}
}
