package store

import (
	"context"
	"fmt"
	"time"

	"circle/internal/notices"
)

// InsertNotification records an in-app notice in the caller's transaction; a notice with the
// same user and dedupe key as an earlier one is not recorded again.
func (db Notices) InsertNotification(ctx context.Context, n notices.Notification) error {
	q := db.q(ctx)
	if n.Params == "" {
		n.Params = "{}"
	}
	r := notificationRowOf(n)
	if _, err := q.NewInsert().Model(&r).On("CONFLICT (user_id, dedupe_key) WHERE dedupe_key <> '' DO NOTHING").Exec(ctx); err != nil {
		return fmt.Errorf("insert notification: %w", err)
	}
	return nil
}

// UserNotifications lists a user's newest notices (limit) and counts all their unread ones.
func (db Notices) UserNotifications(ctx context.Context, userID string, limit int) ([]notices.Notification, int, error) {
	var rows []notificationRow
	if err := db.bun.NewSelect().Model(&rows).Where("user_id = ?", userID).OrderExpr("created_at DESC, id DESC").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, 0, fmt.Errorf("read notifications: %w", err)
	}
	unread, err := db.bun.NewSelect().Model((*notificationRow)(nil)).Where("user_id = ? AND read_at IS NULL", userID).Count(ctx)
	if err != nil {
		return nil, 0, fmt.Errorf("count unread notifications: %w", err)
	}
	return domainsOf(rows), int(unread), nil
}

// MarkNotificationRead sets read_at on one of the user's notices (kept when already set). A
// notice of another user is not found.
func (db Notices) MarkNotificationRead(ctx context.Context, userID, id string, at time.Time) (notices.Notification, error) {
	if _, err := db.bun.NewUpdate().Model((*notificationRow)(nil)).Set("read_at = ?", at.UTC()).
		Where("id = ? AND user_id = ? AND read_at IS NULL", id, userID).Exec(ctx); err != nil {
		return notices.Notification{}, fmt.Errorf("mark notification read: %w", err)
	}
	return oneRow[notificationRow](ctx, db.bun, "notification", "id = ? AND user_id = ?", id, userID)
}

// MarkAllNotificationsRead marks every unread notice of the user read.
func (db Notices) MarkAllNotificationsRead(ctx context.Context, userID string, at time.Time) (int, error) {
	res, err := db.bun.NewUpdate().Model((*notificationRow)(nil)).Set("read_at = ?", at.UTC()).
		Where("user_id = ? AND read_at IS NULL", userID).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("mark notifications read: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// ClaimNotificationEmail marks a notice as e-mailed, once: false when it already was.
func (db Notices) ClaimNotificationEmail(ctx context.Context, id string, at time.Time) (bool, error) {
	res, err := db.bun.NewUpdate().Model((*notificationRow)(nil)).Set("emailed_at = ?", at.UTC()).
		Where("id = ? AND emailed_at IS NULL", id).Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("claim notification e-mail: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// ReleaseNotificationEmail undoes a claim whose e-mail could not be sent.
func (db Notices) ReleaseNotificationEmail(ctx context.Context, id string) error {
	if _, err := db.bun.NewUpdate().Model((*notificationRow)(nil)).Set("emailed_at = NULL").Where("id = ?", id).Exec(ctx); err != nil {
		return fmt.Errorf("release notification e-mail: %w", err)
	}
	return nil
}
