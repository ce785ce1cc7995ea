package support

import (
	"testing"
	"time"
)

// TestF_AREA_04_SLAOf: the timer is the age of the customer's last message against the 24 h
// first-response target while the ticket waits on support; due soon in the last 4 hours.
func TestF_AREA_04_SLAOf(t *testing.T) {
	last := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		status string
		age    time.Duration
		want   string
	}{
		{StatusOpen, 0, SLAOK},
		{StatusOpen, 20*time.Hour - time.Second, SLAOK},
		{StatusOpen, 20 * time.Hour, SLADueSoonS},
		{StatusOpen, 24*time.Hour - time.Second, SLADueSoonS},
		{StatusOpen, 24 * time.Hour, SLABreached},
		{StatusPending, 48 * time.Hour, SLANone},
		{StatusSolved, 48 * time.Hour, SLANone},
		{StatusOpen, -time.Minute, SLAOK}, // a clock behind the message counts as no wait
	} {
		got := SLAOf(c.status, last, last.Add(c.age))
		if got.State != c.want || got.TargetSeconds != 86400 || got.AgeSeconds != int64(max(c.age, 0)/time.Second) {
			t.Errorf("%s after %v: %+v, want %s", c.status, c.age, got, c.want)
		}
	}
}

// TestF_AREA_04_CheckFilter: the queue's filters are checked and completed.
func TestF_AREA_04_CheckFilter(t *testing.T) {
	f, err := CheckFilter(DeskFilter{Q: "  invoice "})
	if err != nil || f.Assignee != AssigneeAll || f.Page != 1 || f.PageSize != DefaultDeskPageSize || f.Q != "invoice" {
		t.Fatalf("defaults: %+v %v", f, err)
	}
	for _, bad := range []DeskFilter{{Status: "closed"}, {Assignee: "someone"}, {PageSize: 101}} {
		if _, err := CheckFilter(bad); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}
