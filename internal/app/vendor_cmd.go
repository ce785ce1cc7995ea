package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"time"

	"circle/internal/audit"
	"circle/internal/marketplace"
	"circle/internal/notify"
	"circle/internal/store"
	"circle/internal/vendorinvite"
	"circle/internal/vendorreg"
)

// newVendorReg wires vendor registration (issue 30): applications in the store, e-mail through
// the mailer, the inviting agent's credit through the invitations, the new vendor announced
// through the marketplace (nil from the command line: the replicas' periodic check sees it).
func newVendorReg(c Config, db *store.DB, mailer notify.Mailer, invites *vendorinvite.Service, market *marketplace.Service, now func() time.Time, logger *slog.Logger) *vendorreg.Service {
	svc := &vendorreg.Service{Store: store.NewVendorRegStore(db), Mailer: mailer, Invites: invites, Now: now, Logger: logger, BaseURL: c.BaseURL}
	if market != nil {
		svc.Changes = market
	}
	return svc
}

// vendorUsage lists the vendor subcommands.
const vendorUsage = "usage: circle vendor list [--status S] | circle vendor approve ID | circle vendor reject ID --reason T"

// cmdVendor is `circle vendor`: the administrators' decisions on vendor applications from the
// command line, until and beside the admin screen (issue 30 item 1).
func cmdVendor(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return errors.New(vendorUsage)
	}
	verb := args[0]
	if verb != "list" && verb != "approve" && verb != "reject" {
		return errors.New(vendorUsage)
	}
	var c Config
	var opts []option
	var status, reason string
	fs := flag.NewFlagSet("vendor "+verb, flag.ContinueOnError)
	synopsis := "circle vendor " + verb
	switch verb {
	case "list":
		fs.StringVar(&status, "status", "pending", "pending, approved, rejected or all")
		opts = append(opts, option{"status", "", "pending, approved, rejected or all"})
		synopsis += " [--status S]"
	case "approve":
		synopsis += " ID"
	case "reject":
		fs.StringVar(&reason, "reason", "", "why, for the applicant (required)")
		opts = append(opts, option{"reason", "", "why the application is rejected, for the applicant (required)"})
		synopsis += " ID --reason T"
	}
	bindCommon(fs, &c, &opts)
	fs.Usage = usage(fs, synopsis, opts)
	id := ""
	rest := args[1:]
	if verb != "list" {
		if len(rest) == 0 || rest[0] == "" || rest[0][0] == '-' {
			return errors.New("the application id is required (" + synopsis + ")")
		}
		id, rest = rest[0], rest[1:]
	}
	if err := parse(fs, opts, rest, stderr); err != nil {
		return err
	}
	c.resolve()
	logger := newLogger(Config{LogLevel: "warn"}, stderr)
	db, err := openDB(ctx, c, logger)
	if err != nil {
		return err
	}
	defer db.Close()
	var mailer notify.Mailer = notify.OutboxMailer{Outbox: store.NewOps(db)}
	if c.SMTPHost != "" {
		mailer = notify.SMTPMailer{Outbox: store.NewOps(db), Now: time.Now, Config: notify.SMTPConfig{Host: c.SMTPHost, Port: c.SMTPPort,
			Username: c.SMTPUsername, Password: c.SMTPPassword, From: c.SMTPFrom, TLS: c.SMTPTLS}}
	}
	return runVendorCmd(ctx, verb, id, status, reason, newVendorReg(c, db, mailer, invitesFor(c, db, mailer), nil, time.Now, logger), stdout)
}

func invitesFor(c Config, db *store.DB, mailer notify.Mailer) *vendorinvite.Service {
	return &vendorinvite.Service{Store: store.NewVendorInvites(db), Mailer: mailer, Now: time.Now, BaseURL: c.BaseURL}
}

func runVendorCmd(ctx context.Context, verb, id, status, reason string, svc *vendorreg.Service, stdout io.Writer) error {
	switch verb {
	case "list":
		if status == "all" {
			status = ""
		}
		rows, err := svc.List(ctx, status)
		if err != nil {
			return err
		}
		for _, a := range rows {
			verified := "unverified"
			if a.EmailVerifiedAt != nil {
				verified = "verified"
			}
			fmt.Fprintf(stdout, "%s\t%s\t%s\t%s\t%s <%s>\t%s\n", a.ID, a.Status, verified, a.RegistrationType, a.CompanyName, a.ContactEmail, a.CreatedAt.Format(time.RFC3339))
		}
		return nil
	case "approve":
		a, err := svc.Approve(ctx, audit.System, id)
		if err != nil {
			return fmt.Errorf("approve %s: %w", id, err)
		}
		fmt.Fprintf(stdout, "approved %s (%s): vendor %s, vendor role granted to user %s\n", a.ID, a.CompanyName, deref(a.VendorID), a.UserID)
		return nil
	}
	a, err := svc.Reject(ctx, audit.System, id, reason)
	if err != nil {
		return fmt.Errorf("reject %s: %w", id, err)
	}
	fmt.Fprintf(stdout, "rejected %s (%s)\n", a.ID, a.CompanyName)
	return nil
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
