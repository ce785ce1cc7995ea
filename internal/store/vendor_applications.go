package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/notices"
	"circle/internal/vendorinvite"
	"circle/internal/vendorreg"
)

// VendorRegStore is what vendor registration reads and writes: applications, the applicant's
// account, the agents' invitations and the applicant's uploaded logo (vendorreg.Store).
type VendorRegStore struct {
	VendorApps
	Accounts
	VendorInvites
	Media
}

// NewVendorRegStore returns the store of vendor registration on db.
func NewVendorRegStore(db *DB) VendorRegStore {
	return VendorRegStore{NewVendorApps(db), NewAccounts(db), NewVendorInvites(db), NewMedia(db)}
}

// CreateVendorApplication stores a new application; the partial unique index
// vendor_applications_user_key refuses a second open or approved one (also under concurrency).
func (db VendorApps) CreateVendorApplication(ctx context.Context, a vendorreg.Application) (vendorreg.Application, error) {
	row := vendorApplicationRowOf(a)
	if _, err := db.bun.NewInsert().Model(&row).Exec(ctx); err != nil {
		if isUniqueViolation(err) {
			return vendorreg.Application{}, apperr.New(apperr.Conflict, vendorreg.MsgAlreadyApplied)
		}
		return vendorreg.Application{}, fmt.Errorf("insert vendor application: %w", err)
	}
	return row.domain(), nil
}

func (db VendorApps) applicationWhere(ctx context.Context, q bun.IDB, where string, arg any) (vendorreg.Application, error) {
	var row vendorApplicationRow
	err := q.NewSelect().Model(&row).Where(where, arg).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return vendorreg.Application{}, apperr.New(apperr.NotFound, "vendor application not found")
	}
	if err != nil {
		return vendorreg.Application{}, fmt.Errorf("read vendor application: %w", err)
	}
	return row.domain(), nil
}

// VendorApplicationByID reads an application.
func (db VendorApps) VendorApplicationByID(ctx context.Context, id string) (vendorreg.Application, error) {
	return db.applicationWhere(ctx, db.bun, "va.id = ?", id)
}

// LatestVendorApplication is the user's newest application.
func (db VendorApps) LatestVendorApplication(ctx context.Context, userID string) (vendorreg.Application, bool, error) {
	var rows []vendorApplicationRow
	if err := db.bun.NewSelect().Model(&rows).Where("va.user_id = ?", userID).OrderExpr("va.created_at DESC, va.id DESC").Limit(1).Scan(ctx); err != nil {
		return vendorreg.Application{}, false, fmt.Errorf("read vendor application: %w", err)
	}
	if len(rows) == 0 {
		return vendorreg.Application{}, false, nil
	}
	return rows[0].domain(), true, nil
}

// VendorApplications lists applications of a status ("" all), newest first.
func (db VendorApps) VendorApplications(ctx context.Context, status string, limit int) ([]vendorreg.Application, error) {
	q := db.bun.NewSelect().Model((*vendorApplicationRow)(nil)).OrderExpr("va.created_at DESC, va.id DESC").Limit(int64(limit))
	q = whereGiven(q, "va.status = ?", status)
	return scanDomains[vendorApplicationRow](ctx, q, "list vendor applications")
}

// SetVendorApplicationToken replaces the verification token's hash (a resent link).
func (db VendorApps) SetVendorApplicationToken(ctx context.Context, id, hash string, at time.Time) error {
	if _, err := db.bun.NewUpdate().Model((*vendorApplicationRow)(nil)).Set("verify_token_hash = ?", hash).Set("updated_at = ?", at).
		Where("id = ?", id).Exec(ctx); err != nil {
		return fmt.Errorf("set vendor application token: %w", err)
	}
	return nil
}

// VerifyVendorApplicationEmail stamps the application with the token hash verified, once.
func (db VendorApps) VerifyVendorApplicationEmail(ctx context.Context, hash string, at time.Time) (vendorreg.Application, error) {
	if hash == "" {
		return vendorreg.Application{}, apperr.New(apperr.NotFound, "vendor application not found")
	}
	if _, err := db.bun.NewUpdate().Model((*vendorApplicationRow)(nil)).Set("email_verified_at = ?", at).Set("updated_at = ?", at).
		Where("verify_token_hash = ? AND email_verified_at IS NULL", hash).Exec(ctx); err != nil {
		return vendorreg.Application{}, fmt.Errorf("verify vendor application e-mail: %w", err)
	}
	return db.applicationWhere(ctx, db.bun, "va.verify_token_hash = ?", hash)
}

// ApproveVendorApplication writes an approval in one transaction: the application (only while
// pending and verified: one conditional UPDATE, so two approvals cannot both land), the vendor
// owned by the applicant, the profile's vendor fields, the vendor role's grant (skipped when
// already held), the notice and the catalogue's change record.
func (db VendorApps) ApproveVendorApplication(ctx context.Context, a vendorreg.Approval) (vendorreg.Application, bool, error) {
	var out vendorreg.Application
	granted := true
	err := db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		// The vendor first: the application's vendor_id refers to it. A second approval racing
		// this one inserts its own vendor, finds the application decided and rolls back.
		v := vendorRowOf(a.Vendor)
		if _, err := tx.NewInsert().Model(&v).Exec(ctx); err != nil {
			return fmt.Errorf("insert vendor: %w", err)
		}
		res, err := tx.NewUpdate().Model((*vendorApplicationRow)(nil)).Set("status = ?", vendorreg.StatusApproved).
			Set("vendor_id = ?", a.Vendor.ID).Set("decided_by = ?", userRef(a.By)).Set("decided_at = ?", a.At).Set("updated_at = ?", a.At).
			Where("id = ? AND status = ? AND email_verified_at IS NOT NULL", a.ApplicationID, vendorreg.StatusPending).Exec(ctx)
		if err := oneChanged(res, err, "approve vendor application", apperr.New(apperr.Conflict, vendorreg.MsgNotPending)); err != nil {
			return err
		}
		if _, err := tx.NewUpdate().Model((*profileRow)(nil)).Set("vendor_type = ?", a.RegistrationType).
			Set("vendor_company_name = ?", a.CompanyName).Set("updated_at = ?", a.At).Where("user_id = ?", a.Grant.UserID).Exec(ctx); err != nil {
			return fmt.Errorf("set the vendor's profile: %w", err)
		}
		// A user who already holds the vendor role keeps that grant: the role is granted once.
		var held int
		if err := tx.NewSelect().Table("role_grants").ColumnExpr("COUNT(*)").Where("user_id = ? AND role = 'vendor' AND revoked_at IS NULL", a.Grant.UserID).
			Scan(ctx, &held); err != nil {
			return fmt.Errorf("read vendor grant: %w", err)
		}
		if held > 0 {
			granted = false
		} else if _, err := NewAccounts(db.DB).GrantRoleIn(ctx, a.Grant); err != nil {
			return err
		}
		if err := NewNotices(db.DB).InsertNotification(ctx, a.Notice); err != nil {
			return err
		}
		if err := recordCatalogChange(ctx, tx, a.ChangeID, "vendor.approved", a.Vendor.ID, nil, a.By, a.At); err != nil {
			return err
		}
		if a.Audit.ID != "" {
			if err := NewAdmin(db.DB).AppendAudit(ctx, a.Audit); err != nil {
				return err
			}
		}
		out, err = db.applicationWhere(ctx, tx, "va.id = ?", a.ApplicationID)
		return err
	})
	return out, granted, err
}

// RejectVendorApplication stamps a pending application rejected with its reason and records the
// applicant's notice in the same transaction.
func (db VendorApps) RejectVendorApplication(ctx context.Context, id, by, reason string, at time.Time, n notices.Notification, rec audit.Record) (vendorreg.Application, error) {
	set := func(u *bun.UpdateQuery) *bun.UpdateQuery {
		return u.Set("status = ?", vendorreg.StatusRejected).Set("reason = ?", reason).
			Set("decided_by = ?", userRef(by)).Set("decided_at = ?", at).Set("updated_at = ?", at)
	}
	return db.changePending(ctx, id, "reject vendor application", set, func(ctx context.Context) error {
		if err := NewNotices(db.DB).InsertNotification(ctx, n); err != nil {
			return err
		}
		return NewAdmin(db.DB).AppendAudit(ctx, rec)
	})
}

// RequestVendorApplicationChanges stamps a pending application with the administrator's
// message and appends the audit entry in the same transaction.
func (db VendorApps) RequestVendorApplicationChanges(ctx context.Context, id, message string, at time.Time, rec audit.Record) (vendorreg.Application, error) {
	set := func(u *bun.UpdateQuery) *bun.UpdateQuery {
		return u.Set("changes_requested_at = ?", at).Set("changes_message = ?", message).Set("updated_at = ?", at)
	}
	return db.changePending(ctx, id, "request vendor application changes", set, func(ctx context.Context) error {
		return NewAdmin(db.DB).AppendAudit(ctx, rec)
	})
}

// changePending changes application id with the columns set sets, only while it is pending
// (one conditional UPDATE, so two decisions cannot both land), then runs with (the notice and
// audit entry) in the same transaction, and answers the application as changed. A failed
// UPDATE is wrapped with what; when it changed no row, a missing application is not found and
// one no longer pending a conflict.
func (db VendorApps) changePending(ctx context.Context, id, what string, set func(*bun.UpdateQuery) *bun.UpdateQuery,
	with func(ctx context.Context) error) (vendorreg.Application, error) {
	var out vendorreg.Application
	err := db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		res, err := set(tx.NewUpdate().Model((*vendorApplicationRow)(nil))).Where("id = ? AND status = ?", id, vendorreg.StatusPending).Exec(ctx)
		if err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		if c, _ := res.RowsAffected(); c != 1 {
			if _, err := db.applicationWhere(ctx, tx, "va.id = ?", id); err != nil {
				return err
			}
			return apperr.New(apperr.Conflict, vendorreg.MsgNotPending)
		}
		if err := with(ctx); err != nil {
			return err
		}
		out, err = db.applicationWhere(ctx, tx, "va.id = ?", id)
		return err
	})
	return out, err
}

// ResubmitVendorApplication replaces the form of a pending application waiting for changes.
func (db VendorApps) ResubmitVendorApplication(ctx context.Context, a vendorreg.Application) (vendorreg.Application, error) {
	row := vendorApplicationRowOf(a)
	row.ChangesRequestedAt, row.ChangesMessage = nil, ""
	res, err := db.bun.NewUpdate().Model(&row).Column("registration_type", "company_name", "contact_name", "contact_phone", "contact_email",
		"business_type", "categories", "service_states", "license_number", "nmls_id", "settlement_provider", "website_url",
		"logo_url", "verify_token_hash", "email_verified_at", "changes_requested_at", "changes_message", "updated_at").
		Where("id = ? AND status = ? AND changes_requested_at IS NOT NULL", a.ID, vendorreg.StatusPending).Exec(ctx)
	if err != nil {
		return vendorreg.Application{}, fmt.Errorf("resubmit vendor application: %w", err)
	}
	if c, _ := res.RowsAffected(); c != 1 {
		return vendorreg.Application{}, apperr.New(apperr.Conflict, vendorreg.MsgAlreadyApplied)
	}
	return db.applicationWhere(ctx, db.bun, "va.id = ?", a.ID)
}

// OpenVendorInvitationTo is the oldest invitation still open to the address.
func (db VendorInvites) OpenVendorInvitationTo(ctx context.Context, email string) (vendorinvite.Invitation, bool, error) {
	var rows []vendorInvitationRow
	if err := db.invitationQuery(&rows).Where("vi.vendor_email = ? AND vi.status = ?", email, vendorinvite.StatusInvited).
		OrderExpr("vi.created_at, vi.id").Limit(1).Scan(ctx); err != nil {
		return vendorinvite.Invitation{}, false, fmt.Errorf("read open vendor invitation: %w", err)
	}
	if len(rows) == 0 {
		return vendorinvite.Invitation{}, false, nil
	}
	return rows[0].invitation(), true, nil
}

// recordCatalogChange writes the catalogue's change record in the change's transaction.
func recordCatalogChange(ctx context.Context, q bun.IDB, id, kind, vendorID string, serviceIDs []string, actor string, at time.Time) error {
	row := catalogChangeRow{ID: id, Kind: kind, VendorID: vendorID, ServiceIDs: nonNil(serviceIDs), ActorID: actor, CreatedAt: at}
	return insertModel(ctx, q, &row, "record catalogue change")
}
