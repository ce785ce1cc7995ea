package ops

import (
	"context"
	"fmt"
	"strings"
	"time"

	"circle/internal/jobs"
	"circle/internal/notify"
)

// Threshold alerts (issue 31 item 10; docs/areas/admin.md "Security and errors"): every
// AlertEvery the job counts the client errors and the security events of the window that just
// ended; a count at or over its threshold e-mails the operations address once for that window,
// with the most frequent messages or kinds and a link to the security screen.
const (
	AlertKind   = "ops.alerts"
	AlertWindow = 15 * time.Minute
	// ClientErrorAlertThreshold is the web app's own error monitor threshold (01§9: 15): as many
	// errors reported by all browsers together in 15 minutes.
	ClientErrorAlertThreshold = 15
	// SecurityAlertThreshold: security events are recorded only in admin contexts, deduplicated
	// per 10 s (01§4), so 20 in 15 minutes is far over what a working day of admins records.
	SecurityAlertThreshold = 20
	// AlertTop is how many messages or kinds an alert lists.
	AlertTop = 5
)

// Alert kinds (the outbox's message kinds).
const (
	AlertClientErrors   = "alert_client_errors"
	AlertSecurityEvents = "alert_security_events"
)

// CountedText is a message or an event kind with how often it happened.
type CountedText struct {
	Text  string
	Count int
}

// WindowCounts is what happened in one window: the totals and the most frequent first.
type WindowCounts struct {
	ClientErrors   int
	TopErrors      []CountedText
	SecurityEvents int
	TopSecurity    []CountedText
}

// AlertStore is what the alerts need of the database.
type AlertStore interface {
	// WindowCounts counts the client errors and security events in [from, to), with the top
	// messages and kinds.
	WindowCounts(ctx context.Context, from, to time.Time, top int) (WindowCounts, error)
}

// Alerts e-mails the operations address when errors or security events pass their threshold.
type Alerts struct {
	Store   AlertStore
	Mailer  notify.Mailer
	Now     func() time.Time
	To      string
	BaseURL string
}

// Check looks at the window that ended at the last multiple of AlertWindow and sends what is
// over its threshold. Each message's key names its window, so a second run of the same window
// (another replica, a retry) sends nothing more. It returns how many alerts it sent.
func (a *Alerts) Check(ctx context.Context) (int, error) {
	end := a.Now().UTC().Truncate(AlertWindow)
	start := end.Add(-AlertWindow)
	c, err := a.Store.WindowCounts(ctx, start, end, AlertTop)
	if err != nil {
		return 0, err
	}
	span := fmt.Sprintf("%s to %s UTC", start.Format("2006-01-02 15:04"), end.Format("15:04"))
	alerts := []struct {
		kind, what, lead, heading string
		count, threshold          int
		top                       []CountedText
	}{
		{AlertClientErrors, "client errors", "Browsers reported %d errors from %s (the threshold is %d).", "Most frequent messages",
			c.ClientErrors, ClientErrorAlertThreshold, c.TopErrors},
		{AlertSecurityEvents, "security events", "%d security events were recorded from %s (the threshold is %d).", "Most frequent kinds",
			c.SecurityEvents, SecurityAlertThreshold, c.TopSecurity},
	}
	sent := 0
	for _, al := range alerts {
		if al.count < al.threshold {
			continue
		}
		m := notify.Message{To: a.To, Kind: al.kind, Key: al.kind + ":" + start.Format(time.RFC3339),
			Subject: fmt.Sprintf("Circle alert: %d %s in 15 minutes", al.count, al.what),
			Text:    alertText(fmt.Sprintf(al.lead, al.count, span, al.threshold), al.heading, al.top, a.BaseURL+"/admin/security")}
		if err := a.Mailer.Send(ctx, m); err != nil {
			return sent, fmt.Errorf("send the %s alert: %w", al.what, err)
		}
		sent++
	}
	return sent, nil
}

func alertText(lead, heading string, top []CountedText, link string) string {
	var b strings.Builder
	b.WriteString(lead + "\n\n" + heading + ":\n")
	for _, t := range top {
		fmt.Fprintf(&b, "- %d × %s\n", t.Count, t.Text)
	}
	b.WriteString("\nOpen the security screen: " + link + "\n")
	return b.String()
}

// RegisterAlerts runs Check once per AlertWindow across the replicas.
func RegisterAlerts(r *jobs.Runner, a *Alerts) {
	r.Every(AlertKind, AlertWindow, func(ctx context.Context, _ jobs.Job) error {
		_, err := a.Check(ctx)
		return err
	})
}
