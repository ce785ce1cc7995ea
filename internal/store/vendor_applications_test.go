package store_test

import (
	"testing"
	"time"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/ids"
	"circle/internal/notices"
	"circle/internal/store"
	"circle/internal/vendorreg"
)

// TestF_AREA_01_VendorApplicationRejectAndRequestChanges (vendor registration, the decision):
// asking for changes keeps a pending application pending with the message and appends its audit
// entry; rejecting it stamps the reason, the deciding administrator and the time, with the
// applicant's notice and the audit entry in the same transaction (an audit entry that cannot be
// appended leaves the application pending and records no notice). A decided application answers
// both with a conflict, a missing one with not found. Both engines.
func TestF_AREA_01_VendorApplicationRejectAndRequestChanges(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		apps, ctx := store.NewVendorApps(db), t.Context()
		applicant := newUser(t, db, "applicant@example.com", account.Profile{DisplayName: "Applicant"})
		staff := audit.Actor{UserID: newUser(t, db, "staff@example.com", account.Profile{DisplayName: "Staff"}).ID}
		submitted := time.Date(2026, 5, 4, 10, 0, 0, 0, time.UTC)
		a, err := apps.CreateVendorApplication(ctx, vendorreg.Application{ID: ids.New(), UserID: applicant.ID,
			RegistrationType: vendorreg.TypeServiceProvider, CompanyName: "Title Co", ContactName: "Casey", ContactPhone: "555-0100",
			ContactEmail: "casey@title.test", BusinessType: "title", Status: vendorreg.StatusPending, CreatedAt: submitted, UpdatedAt: submitted})
		if err != nil {
			t.Fatal(err)
		}
		entry := func(action string, at time.Time) audit.Record {
			t.Helper()
			rec, err := audit.New(staff, action, audit.KindVendorApplication, a.ID, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			rec.At = at
			return rec
		}
		notice := notices.Notification{ID: ids.New(), UserID: applicant.ID, Kind: vendorreg.NoticeRejected, TitleKey: "t", BodyKey: "b",
			Reference: a.ID, DedupeKey: "vendor_app:" + a.ID + ":rejected", CreatedAt: submitted}

		askedAt, decidedAt := submitted.Add(time.Hour), submitted.Add(2*time.Hour)
		changesEntry := entry(audit.ActionVendorAppChanges, askedAt)
		asked, err := apps.RequestVendorApplicationChanges(ctx, a.ID, "Add the licence number", askedAt, changesEntry)
		if err != nil || asked.Status != vendorreg.StatusPending || asked.ChangesMessage != "Add the licence number" ||
			asked.ChangesRequestedAt == nil || !asked.ChangesRequestedAt.Equal(askedAt) || !asked.UpdatedAt.Equal(askedAt) {
			t.Fatalf("request changes: %+v %v", asked, err)
		}

		taken := entry(audit.ActionVendorAppReject, decidedAt)
		taken.ID = changesEntry.ID
		if _, err := apps.RejectVendorApplication(ctx, a.ID, staff.UserID, "No licence", decidedAt, notice, taken); err == nil {
			t.Fatal("a rejection whose audit entry cannot be appended was written")
		}
		if got, err := apps.VendorApplicationByID(ctx, a.ID); err != nil || got.Status != vendorreg.StatusPending || got.DecidedAt != nil {
			t.Fatalf("after the failed rejection: %+v %v", got, err)
		}
		if _, n, err := store.NewNotices(db).UserNotifications(ctx, applicant.ID, 10); err != nil || n != 0 {
			t.Fatalf("the failed rejection's notice: %d %v", n, err)
		}

		rejected, err := apps.RejectVendorApplication(ctx, a.ID, staff.UserID, "No licence", decidedAt, notice, entry(audit.ActionVendorAppReject, decidedAt))
		if err != nil || rejected.Status != vendorreg.StatusRejected || rejected.Reason != "No licence" || rejected.DecidedBy == nil ||
			*rejected.DecidedBy != staff.UserID || rejected.DecidedAt == nil || !rejected.DecidedAt.Equal(decidedAt) {
			t.Fatalf("reject: %+v %v", rejected, err)
		}
		if got, _, err := store.NewNotices(db).UserNotifications(ctx, applicant.ID, 10); err != nil || len(got) != 1 || got[0].ID != notice.ID {
			t.Fatalf("the applicant's notice: %+v %v", got, err)
		}
		f := audit.Filter{ObjectKind: audit.KindVendorApplication, ObjectID: a.ID}
		if err := f.Validate(); err != nil {
			t.Fatal(err)
		}
		if got, n, err := store.NewAdmin(db).AuditEntries(ctx, f); err != nil || n != 2 || got[0].Action != audit.ActionVendorAppReject ||
			got[1].Action != audit.ActionVendorAppChanges {
			t.Fatalf("audit entries: %d %+v %v", n, got, err)
		}

		for _, id := range []string{a.ID, "no-such-application"} {
			want := apperr.Conflict
			if id != a.ID {
				want = apperr.NotFound
			}
			again := notice
			again.ID = ids.New()
			if _, err := apps.RejectVendorApplication(ctx, id, staff.UserID, "Again", decidedAt, again, entry(audit.ActionVendorAppReject, decidedAt)); apperr.CodeOf(err) != want {
				t.Fatalf("reject %s: %v, want %s", id, err, want)
			}
			if _, err := apps.RequestVendorApplicationChanges(ctx, id, "Again", decidedAt, entry(audit.ActionVendorAppChanges, decidedAt)); apperr.CodeOf(err) != want {
				t.Fatalf("request changes on %s: %v, want %s", id, err, want)
			}
		}
	})
}
