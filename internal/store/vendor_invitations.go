package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

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

// CreateVendorInvitation stores an invitation or referral.
func (db *DB) CreateVendorInvitation(ctx context.Context, inv vendorinvite.Invitation) error {
	r := vendorInvitationRow{ID: inv.ID, Kind: inv.Kind, InviterID: inv.InviterID, Token: inv.Token, VendorName: inv.VendorName,
		VendorEmail: inv.VendorEmail, VendorPhone: inv.VendorPhone, VendorType: inv.VendorType, Category: inv.Category,
		Details: string(inv.Details), RegistrationURL: inv.RegistrationURL, Status: inv.Status, CreatedAt: inv.CreatedAt}
	if _, err := db.bun.NewInsert().Model(&r).Exec(ctx); err != nil {
		return fmt.Errorf("store vendor invitation: %w", err)
	}
	return nil
}

func (db *DB) invitationQuery(rows any) *bun.SelectQuery {
	return db.bun.NewSelect().Model(rows).ColumnExpr("vi.*").
		ColumnExpr("COALESCE(u.email, '') AS inviter_email").ColumnExpr("COALESCE(p.display_name, '') AS inviter_name").
		Join("LEFT JOIN users AS u ON u.id = vi.inviter_id").Join("LEFT JOIN profiles AS p ON p.user_id = vi.inviter_id")
}

// VendorInvitations lists invitations newest first, of one kind or ("") both.
func (db *DB) VendorInvitations(ctx context.Context, kind string, limit int) ([]vendorinvite.Invitation, error) {
	var rows []vendorInvitationRow
	q := db.invitationQuery(&rows).Order("vi.created_at DESC", "vi.id DESC").Limit(int64(limit))
	if kind != "" {
		q = q.Where("vi.kind = ?", kind)
	}
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
func (db *DB) VendorInvitationByToken(ctx context.Context, token string) (vendorinvite.Invitation, bool, error) {
	var r vendorInvitationRow
	err := db.invitationQuery(&r).Where("vi.token = ?", token).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return vendorinvite.Invitation{}, false, nil
	}
	if err != nil {
		return vendorinvite.Invitation{}, false, fmt.Errorf("read vendor invitation: %w", err)
	}
	return r.invitation(), true, nil
}

// MarkVendorInvitationJoined records the vendor account that registered with the token, once.
func (db *DB) MarkVendorInvitationJoined(ctx context.Context, token, userID string, at time.Time) (bool, error) {
	res, err := db.bun.ExecContext(ctx, `UPDATE vendor_invitations SET status = 'joined', joined_user_id = ?, joined_at = ?
		WHERE token = ? AND status = 'invited'`, userID, at, token)
	if err != nil {
		return false, fmt.Errorf("credit vendor invitation: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
