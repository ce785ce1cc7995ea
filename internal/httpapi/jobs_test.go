package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"circle/internal/jobs"
	"circle/internal/store"
)

// TestF_APP_10_DeadJobsVisibleToAdministrators (operations): a job that failed its last attempt is listed for
// administrators (issue 13: a dead state visible to admins), without its payload; other users
// are refused.
func TestF_APP_10_DeadJobsVisibleToAdministrators(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		failed := time.Date(2026, 11, 20, 9, 30, 0, 0, time.UTC)
		dead := jobs.Job{ID: "job-dead-1", Kind: "email.send", Key: "mail:reset:1", Payload: `{"text":"secret link"}`,
			State: jobs.StateDead, Attempts: 8, MaxAttempts: 8, RunAt: failed, LastError: "dial tcp: connection refused",
			CreatedAt: failed.Add(-time.Hour), UpdatedAt: failed, FinishedAt: &failed}
		if _, err := a.DB.Bun().NewInsert().Model(&dead).ModelTableExpr("jobs").Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		admin, _, _ := acctBrowser(t, a, "admin@demo.test")
		if res := a.DoWith(t, agent, http.MethodGet, "/api/admin/jobs/dead", nil, nil); res.Status != http.StatusForbidden {
			t.Fatalf("agent: %d %s", res.Status, res.Body)
		}
		res := a.DoWith(t, admin, http.MethodGet, "/api/admin/jobs/dead", nil, nil)
		var out struct {
			Jobs []jobs.DeadView `json:"jobs"`
		}
		res.JSON(t, &out)
		if len(out.Jobs) != 1 {
			t.Fatalf("dead jobs: %s", res.Body)
		}
		got := out.Jobs[0]
		if got.ID != dead.ID || got.Kind != "email.send" || got.Attempts != 8 || got.LastError != dead.LastError ||
			got.FailedAt == nil || !got.FailedAt.Equal(failed) {
			t.Fatalf("dead job: %+v", got)
		}
		if strings.Contains(string(res.Body), "secret link") || strings.Contains(string(res.Body), "payload") {
			t.Fatalf("the payload is shown: %s", res.Body)
		}
	})
}
