package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/apperr"
	"circle/internal/vendorinvite"
)

type vendorInvitationRow struct {
	bun.BaseModel `bun:"table:vendor_invitations,alias:vi"`

	ID              string     `bun:"id,pk"`
	Kind            string     `bun:"kind,notnull"`
	InviterID       string     `bun:"inviter_id,notnull"`
	Token           string     `bun:"token,notnull"`
	VendorName      string     `bun:"vendor_name,notnull"`
	VendorEmail     string     `bun:"vendor_email,notnull"`
	VendorPhone     string     `bun:"vendor_phone,notnull"`
	VendorType      string     `bun:"vendor_type,notnull"`
	Category        string     `bun:"category,notnull"`
	Details         string     `bun:"details,notnull"`
	RegistrationURL string     `bun:"registration_url,notnull"`
	Status          string     `bun:"status,notnull"`
	JoinedUserID    string     `bun:"joined_user_id,notnull"`
	JoinedAt        *time.Time `bun:"joined_at"`
	CreatedAt       time.Time  `bun:"created_at,notnull"`

	InviterEmail string `bun:"inviter_email,scanonly"`
	InviterName  string `bun:"inviter_name,scanonly"`
}

func (r vendorInvitationRow) invitation() vendorinvite.Invitation {
	inv := vendorinvite.Invitation{ID: r.ID, Kind: r.Kind, InviterID: r.InviterID, InviterEmail: r.InviterEmail, InviterName: r.InviterName,
		Token: r.Token, VendorName: r.VendorName, VendorEmail: r.VendorEmail, VendorPhone: r.VendorPhone, VendorType: r.VendorType,
		Category: r.Category, Details: json.RawMessage(r.Details), RegistrationURL: r.RegistrationURL, Status: r.Status,
		JoinedUserID: r.JoinedUserID, JoinedAt: r.JoinedAt, CreatedAt: r.CreatedAt.UTC()}
	if inv.JoinedAt != nil {
		t := inv.JoinedAt.UTC()
		inv.JoinedAt = &t
	}
	return inv
}

// CreateVendorInvitation stores an invitation or referral unless the inviter already has an
// open one of the kind to the same address (the partial unique index vendor_invitations_open_key,
// issue 27): then it answers that one and false. Concurrent calls insert one row; the others
// read it.
func (db VendorInvites) CreateVendorInvitation(ctx context.Context, inv vendorinvite.Invitation) (vendorinvite.Invitation, bool, error) {
	r := vendorInvitationRow{ID: inv.ID, Kind: inv.Kind, InviterID: inv.InviterID, Token: inv.Token, VendorName: inv.VendorName,
		VendorEmail: inv.VendorEmail, VendorPhone: inv.VendorPhone, VendorType: inv.VendorType, Category: inv.Category,
		Details: string(inv.Details), RegistrationURL: inv.RegistrationURL, Status: inv.Status, CreatedAt: inv.CreatedAt}
	res, err := db.bun.NewInsert().Model(&r).On("CONFLICT DO NOTHING").Exec(ctx)
	if err != nil {
		return vendorinvite.Invitation{}, false, fmt.Errorf("store vendor invitation: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 1 {
		return inv, n == 1, err
	}
	var open vendorInvitationRow
	err = db.invitationQuery(&open).Where("vi.inviter_id = ?", inv.InviterID).Where("vi.kind = ?", inv.Kind).
		Where("vi.vendor_email = ?", inv.VendorEmail).Where("vi.status = ?", vendorinvite.StatusInvited).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		// The open invitation was credited between the insert and this read: try again.
		return vendorinvite.Invitation{}, false, apperr.New(apperr.Conflict, "The invitation changed meanwhile; please try again.")
	}
	if err != nil {
		return vendorinvite.Invitation{}, false, fmt.Errorf("read the open vendor invitation: %w", err)
	}
	return open.invitation(), false, nil
}

// DeleteVendorInvitation removes an invitation whose e-mail could not be queued, so that a
// retry records and e-mails it again.
func (db VendorInvites) DeleteVendorInvitation(ctx context.Context, id string) error {
	if _, err := db.bun.NewDelete().Model((*vendorInvitationRow)(nil)).Where("id = ?", id).Exec(ctx); err != nil {
		return fmt.Errorf("delete vendor invitation %s: %w", id, err)
	}
	return nil
}

func (db VendorInvites) invitationQuery(rows any) *bun.SelectQuery {
	return db.bun.NewSelect().Model(rows).ColumnExpr("vi.*").
		ColumnExpr("COALESCE(u.email, '') AS inviter_email").ColumnExpr("COALESCE(p.display_name, '') AS inviter_name").
		Join("LEFT JOIN users AS u ON u.id = vi.inviter_id").Join("LEFT JOIN profiles AS p ON p.user_id = vi.inviter_id")
}

// VendorInvitations lists invitations newest first, of one kind or ("") both.
func (db VendorInvites) VendorInvitations(ctx context.Context, kind string, limit int) ([]vendorinvite.Invitation, error) {
	var rows []vendorInvitationRow
	q := db.invitationQuery(&rows).Order("vi.created_at DESC", "vi.id DESC").Limit(int64(limit))
	q = whereGiven(q, "vi.kind = ?", kind)
	if err := q.Scan(ctx); err != nil {
		return nil, fmt.Errorf("list vendor invitations: %w", err)
	}
	out := make([]vendorinvite.Invitation, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.invitation())
	}
	return out, nil
}

// VendorInvitationByToken returns the invitation with a token.
func (db VendorInvites) VendorInvitationByToken(ctx context.Context, token string) (vendorinvite.Invitation, bool, error) {
	var r vendorInvitationRow
	if ok, err := found(db.invitationQuery(&r).Where("vi.token = ?", token).Scan(ctx), "vendor invitation"); !ok {
		return vendorinvite.Invitation{}, false, err
	}
	return r.invitation(), true, nil
}

// MarkVendorInvitationJoined records the vendor account that registered with the token, once.
// A vendor account is credited to one invitation only (vendor_invitations_credit_key, issue
// 27): crediting it to a second is a conflict and changes nothing.
func (db VendorInvites) MarkVendorInvitationJoined(ctx context.Context, token, userID string, at time.Time) (bool, error) {
	res, err := db.bun.ExecContext(ctx, `UPDATE vendor_invitations SET status = 'joined', joined_user_id = ?, joined_at = ?
		WHERE token = ? AND status = 'invited'`, userID, at, token)
	if err != nil && isUniqueViolation(err) {
		return false, apperr.New(apperr.Conflict, vendorinvite.MsgAlreadyCredited)
	}
	if err != nil {
		return false, fmt.Errorf("credit vendor invitation: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
