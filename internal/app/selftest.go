package app

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"circle/internal/marketplace"
	"circle/internal/ops"
	"circle/internal/payments"
	"circle/internal/store"
)

// selfTests are the command center test's checks (issue 31 item 11, F-AREA-04): each subsystem
// checked without leaving a trace: the database writes and reads in a transaction it rolls back,
// the mailer's outbox is read (or the SMTP server answers a TCP dial), the payment provider's
// keys are present, the data directory takes a file it removes, the marketplace cache is built
// (an expired one is rebuilt).
func selfTests(c Config, db *store.DB, snapshots *marketplace.Snapshots, pay payments.Provider, now func() time.Time) []ops.Check {
	return []ops.Check{
		{Name: "database", Run: func(ctx context.Context) (string, error) {
			return string(db.Kind()) + ": write, read back, rolled back", db.SelfTestWrite(ctx, now())
		}},
		{Name: "mailer", Run: func(ctx context.Context) (string, error) {
			if c.SMTPHost == "" {
				_, err := store.NewOps(db).OutboxEmails(ctx, "", 1)
				return "built-in outbox readable", err
			}
			addr := net.JoinHostPort(c.SMTPHost, strconv.Itoa(c.SMTPPort))
			conn, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
			if err != nil {
				return "SMTP " + addr, fmt.Errorf("SMTP server did not answer: %w", err)
			}
			return "SMTP " + addr + " answers", conn.Close()
		}},
		{Name: "payments", Run: func(context.Context) (string, error) {
			if pay == nil {
				return "", errors.New("no payment provider")
			}
			if pay.Name() == payments.NameStripe && (c.StripeSecretKey == "" || c.StripeWebhookSecret == "") {
				return "stripe", errors.New("the Stripe secret key or webhook secret is missing")
			}
			return pay.Name() + " configured", nil
		}},
		{Name: "storage", Run: func(context.Context) (string, error) {
			f, err := os.CreateTemp(c.DataDir, ".selftest-*")
			if err != nil {
				return c.DataDir, fmt.Errorf("data directory not writable: %w", err)
			}
			name := f.Name()
			_, werr := f.WriteString("circle self-test")
			cerr := f.Close()
			rerr := os.Remove(name)
			return filepath.Clean(c.DataDir) + " writable", errors.Join(werr, cerr, rerr)
		}},
		{Name: "cache", Run: func(ctx context.Context) (string, error) {
			h, err := snapshots.Health(ctx)
			if err != nil {
				return "marketplace", err
			}
			if snapshots.Current() == nil || !h.Exists {
				return "marketplace", errors.New("the marketplace snapshot is not built")
			}
			detail := fmt.Sprintf("marketplace: %d services, %d vendors", h.ServicesCount, h.VendorsCount)
			if !h.Stale {
				return detail, nil
			}
			// Expired is the cache of a server nobody has asked for the marketplace for five
			// minutes: the next request serves it and rebuilds it. The check rebuilds it now, so
			// it fails only when the cache cannot be built (it failed on any quiet server).
			built, err := snapshots.Refresh(ctx)
			if err != nil {
				return detail, fmt.Errorf("the marketplace cache had expired and could not be rebuilt: %w", err)
			}
			return fmt.Sprintf("marketplace: %d services, %d vendors, rebuilt (it had expired)",
				built.Snapshot.ServicesCount, built.Snapshot.VendorsCount), nil
		}},
	}
}
