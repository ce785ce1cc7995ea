package httpapi_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"circle/internal/racetest"
	"circle/internal/store"
	"circle/internal/testapp"
)

type referralAnswer struct {
	ID       string `json:"id"`
	Status   string `json:"status"`
	Existing bool   `json:"existing"`
}

func referralRows(t *testing.T, a *testapp.App, kind, email string) int {
	t.Helper()
	return countWhere(t, a, "vendor_invitations", "kind = ? AND vendor_email = ?", kind, email)
}

func outboxCount(t *testing.T, a *testapp.App, to string) int {
	t.Helper()
	return len(acctMail(t, a, to))
}

// TestIssue27_ReferralsOncePerVendor (issue 27 item 5): a referral or an invitation to the
// caller's own e-mail (any case, spaces around) is refused naming the field, stores nothing and
// sends nothing. Ten concurrent referrals of one vendor by one agent, the e-mail in varying
// case and spacing, record one open referral and send one e-mail: one answer is 201, the others
// 200 with the same referral and existing true. The same holds for invitations. Another agent
// may refer the same vendor (one open referral per referrer).
func TestIssue27_ReferralsOncePerVendor(t *testing.T) {
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		pro, _, _ := acctBrowser(t, a, "pro@demo.test")

		res := engSend(t, a, agent, http.MethodPost, "/api/vendor-referrals", map[string]any{"vendor_name": "Me Myself", "vendor_email": " AGENT@demo.test "})
		acctExpectError(t, res, http.StatusBadRequest, "invalid", "vendor_email", "")
		res = engSend(t, a, agent, http.MethodPost, "/api/vendor-invites", map[string]any{"vendor_type": "marketing", "name": "Me Myself",
			"category": "Content Creation", "contact_email": "Agent@Demo.test"})
		acctExpectError(t, res, http.StatusBadRequest, "invalid", "contact_email", "")
		if n := referralRows(t, a, "referral", "agent@demo.test") + referralRows(t, a, "invite", "agent@demo.test"); n != 0 {
			t.Fatalf("%d self invitations stored", n)
		}
		if n := outboxCount(t, a, "agent@demo.test"); n != 0 {
			t.Fatalf("%d e-mails to the caller's own address", n)
		}

		for _, c := range []struct{ path, kind string }{{"/api/vendor-referrals", "referral"}, {"/api/vendor-invites", "invite"}} {
			email := "hello@" + c.kind + ".example"
			const n = 10
			answers := racetest.Run(n, func(i int) testapp.Response {
				addr := email
				if i%2 == 1 {
					addr = "  " + strings.ToUpper(email) + " "
				}
				v := map[string]any{"vendor_name": "Lone Star", "vendor_email": addr}
				if c.kind == "invite" {
					v = map[string]any{"vendor_type": "marketing", "name": "Lone Star", "category": "Content Creation", "contact_email": addr}
				}
				body, _ := json.Marshal(v)
				return a.DoWith(t, agent, http.MethodPost, c.path, body, nil)
			})
			created, id := 0, ""
			for _, res := range answers {
				var got referralAnswer
				res.JSON(t, &got)
				switch {
				case res.Status == http.StatusCreated && !got.Existing:
					created++
				case res.Status == http.StatusOK && got.Existing:
				default:
					t.Fatalf("%s answer %d %s", c.kind, res.Status, res.Body)
				}
				if id != "" && got.ID != id {
					t.Fatalf("%s: answers name two invitations %s and %s", c.kind, id, got.ID)
				}
				id = got.ID
			}
			if created != 1 || referralRows(t, a, c.kind, email) != 1 || outboxCount(t, a, email) != 1 {
				t.Fatalf("%s: %d created, %d rows, %d e-mails; want one of each", c.kind, created, referralRows(t, a, c.kind, email), outboxCount(t, a, email))
			}
		}

		res = engSend(t, a, pro, http.MethodPost, "/api/vendor-referrals", map[string]any{"vendor_name": "Lone Star", "vendor_email": "hello@referral.example"})
		if res.Status != http.StatusCreated || referralRows(t, a, "referral", "hello@referral.example") != 2 || outboxCount(t, a, "hello@referral.example") != 2 {
			t.Fatalf("another agent's referral: %d %s", res.Status, res.Body)
		}
	})
}
