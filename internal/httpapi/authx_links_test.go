package httpapi_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/auth"
	"circle/internal/demo"
	"circle/internal/jobs"
	"circle/internal/store"
	"circle/internal/testapp"
)

// acctWaitAuthMail waits until every link job (reset, resend) enqueued so far has finished,
// so the outbox holds what they send; it fails the test when one failed or they take more than
// 10 seconds. Requests only enqueue the work, and the app's job loop runs it at once.
func acctWaitAuthMail(t testing.TB, a *testapp.App) {
	t.Helper()
	kinds := bun.In([]string{auth.ResetLinkJobKind, auth.VerifyLinkJobKind})
	deadline := time.Now().Add(10 * time.Second)
	for {
		var pending []jobs.Job
		err := a.DB.Bun().NewSelect().Model(&pending).ModelTableExpr("jobs AS job").Where("kind IN (?)", kinds).Where("state <> ?", jobs.StateDone).Scan(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if len(pending) == 0 {
			return
		}
		for _, j := range pending {
			if j.State == jobs.StateDead || j.LastError != "" {
				t.Fatalf("link job %s %s failed: %s", j.Kind, j.State, j.LastError)
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d link jobs still pending after 10 s", len(pending))
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// F-AUTH-06 (issue 14 item 7): of two reset links only the newer works, and after a reset no
// earlier link (reset or verification) resets or verifies anything. Before, the older unused
// link reset the password again after the newer one had been used.
func TestF_AUTH_06_OlderResetLinksEndWithTheNewerOne(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		const email = "pending-reset@example.com"
		acctCreateUser(t, a, email, "Pending Reset", false)
		for _, path := range []string{"/api/auth/resend", "/api/auth/reset-request", "/api/auth/reset-request"} {
			if res := a.PostJSON(t, nil, path, map[string]string{"email": email}); res.Status != http.StatusOK {
				t.Fatalf("%s: %d %s", path, res.Status, res.Body)
			}
			acctWaitAuthMail(t, a)
		}
		resets, verifies := acctMailTokens(t, a, email, "reset"), acctMailTokens(t, a, email, "verify")
		if len(resets) != 2 || len(verifies) != 1 {
			t.Fatalf("links mailed: %d reset, %d verify", len(resets), len(verifies))
		}
		newer, older := resets[0], resets[1]
		const first, second = "N3w-Secure!Pass", "An0ther!Passw0rd"
		if res := a.PostJSON(t, nil, "/api/auth/reset", map[string]string{"token": newer, "password": first}); res.Status != http.StatusOK {
			t.Fatalf("reset with the newer link: %d %s", res.Status, res.Body)
		}
		res := a.PostJSON(t, nil, "/api/auth/reset", map[string]string{"token": older, "password": second})
		acctExpectError(t, res, http.StatusBadRequest, "invalid", "token", "")
		res = a.PostJSON(t, nil, "/api/auth/verify", map[string]string{"token": verifies[0]})
		acctExpectError(t, res, http.StatusBadRequest, "invalid", "token", "")
		// The password is the one set with the newer link.
		acctExpectError(t, acctSignIn(t, a, nil, email, second), http.StatusBadRequest, "invalid", "credentials", auth.MsgInvalidCredentials)
		acctExpectError(t, acctSignIn(t, a, nil, email, demo.Password), http.StatusBadRequest, "invalid", "credentials", auth.MsgInvalidCredentials)
		if res := acctSignIn(t, a, nil, email, first); res.Status != http.StatusOK {
			t.Fatalf("sign-in with the password of the newer link: %d %s", res.Status, res.Body)
		}
	})
}
