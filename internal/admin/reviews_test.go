package admin

import (
	"slices"
	"strings"
	"testing"

	"circle/internal/apperr"
)

// TestF_AREA_03_AssignRules: the admin-assigned review's rules name every bad field at once;
// rating and text follow the member review rules; the source link is http(s) with a host.
func TestF_AREA_03_AssignRules(t *testing.T) {
	five, zero := 5, 0
	text := func(s string) *string { return &s }
	cases := []struct {
		name   string
		in     AssignInput
		fields []string
	}{
		{"all good", AssignInput{ServiceID: "svc", ReviewerEmail: "a@b.test", Rating: &five, Review: text(" ok "), SourceURL: "https://example.com/r", AdminNotes: "n"}, nil},
		{"missing", AssignInput{}, []string{"service_id", "reviewer_email", "rating"}},
		{"rating zero", AssignInput{ServiceID: "svc", ReviewerEmail: "a@b.test", Rating: &zero}, []string{"rating"}},
		{"no at", AssignInput{ServiceID: "svc", ReviewerEmail: "ab.test", Rating: &five}, []string{"reviewer_email"}},
		{"long text", AssignInput{ServiceID: "svc", ReviewerEmail: "a@b.test", Rating: &five, Review: text(strings.Repeat("x", 2001))}, []string{"review"}},
		{"javascript link", AssignInput{ServiceID: "svc", ReviewerEmail: "a@b.test", Rating: &five, SourceURL: "javascript:alert(1)"}, []string{"source_url"}},
		{"long notes", AssignInput{ServiceID: "svc", ReviewerEmail: "a@b.test", Rating: &five, AdminNotes: strings.Repeat("x", MaxAdminNotes+1)}, []string{"admin_notes"}},
	}
	for _, c := range cases {
		a, err := checkAssign(c.in)
		if got := apperr.FieldNames(err); !slices.Equal(got, c.fields) {
			t.Errorf("%s: fields %v, want %v", c.name, got, c.fields)
		}
		if err == nil && (a.text == nil || *a.text != "ok" || a.email != "a@b.test") {
			t.Errorf("%s: %+v", c.name, a)
		}
	}
	for raw, ok := range map[string]bool{"": true, "http://x.test": true, " https://x.test/a?b=1 ": true, "https://": false, "ftp://x.test": false,
		"https://x.test/a b": false, "https://x.test/" + strings.Repeat("a", MaxSourceURL): false, "//x.test": false} {
		if _, err := CheckSourceURL(raw); (err == nil) != ok {
			t.Errorf("CheckSourceURL(%q): %v", raw, err)
		}
	}
}
