package copay

import (
	"strings"
	"testing"
	"time"
)

// F-PAY-05: the agent's e-mail for each closing of a request, in the agent's language (en, es,
// fr; anything else reads English), with the split, the amounts, the vendor's note and the link.
func TestF_PAY_05_NoticeEmailInTheAgentsLanguage(t *testing.T) {
	split := 40
	r := Incoming{Request: Request{ID: "cpr-1", AgentID: "usr-1", RequestedSplit: 50, ApprovedSplit: &split, VendorShareCents: 13960,
		AgentShareCents: 20940, Status: StatusApproved, DecisionNote: "Glad to help"}, VendorName: "ClosingBell", ServiceTitle: "Buyer Seminar"}
	now := time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC)
	cases := []struct {
		status, lang, subject string
		body                  []string
	}{
		{StatusApproved, "en", "ClosingBell approved your co-pay request", []string{"covers 40% ($140); you pay $209.", "Note from ClosingBell: Glad to help", "https://circle.test/cart"}},
		{StatusApproved, "es-MX", "ClosingBell aprobó su solicitud de copago", []string{"cubre el 40%", "Nota de ClosingBell: Glad to help"}},
		{StatusApproved, "fr", "ClosingBell a approuvé votre demande de copaiement", []string{"prend en charge 40\u00a0%", "Note de ClosingBell : Glad to help"}},
		{StatusDeclined, "de", "ClosingBell declined your co-pay request", []string{"declined your co-pay request for Buyer Seminar.", "Glad to help"}},
		{StatusExpired, "en", "Your co-pay request to ClosingBell expired", []string{"within 3 days"}},
	}
	for _, c := range cases {
		in := r
		in.Status = c.status
		n := noticeOf(in, now)
		if n.Kind != "copay_"+c.status || n.DedupeKey != n.Kind+":cpr-1" || n.UserID != "usr-1" || n.Link != "/cart" {
			t.Fatalf("notice %+v", n)
		}
		m := EmailOf(n, "pro@demo.test", c.lang, "https://circle.test/")
		if m.Subject != c.subject || m.Kind != n.Kind || m.To != "pro@demo.test" {
			t.Errorf("%s/%s: %+v", c.status, c.lang, m)
		}
		for _, want := range c.body {
			if !strings.Contains(m.Text, want) {
				t.Errorf("%s/%s: body lacks %q:\n%s", c.status, c.lang, want, m.Text)
			}
		}
	}
}
