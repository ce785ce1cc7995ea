package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"circle/internal/concierge"
)

// SaveConciergeExchange writes a question and its answer in one transaction: the thread
// (inserted when isNew, else its updated_at moved on) and the messages.
func (db Concierge) SaveConciergeExchange(ctx context.Context, t concierge.Thread, isNew bool, msgs ...concierge.Message) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		r := conciergeThreadRowOf(t)
		if isNew {
			if _, err := tx.NewInsert().Model(&r).Exec(ctx); err != nil {
				return fmt.Errorf("insert concierge thread: %w", err)
			}
		} else if _, err := tx.NewUpdate().Model((*conciergeThreadRow)(nil)).Set("updated_at = ?", t.UpdatedAt.UTC()).
			Where("id = ?", t.ID).Exec(ctx); err != nil {
			return fmt.Errorf("touch concierge thread: %w", err)
		}
		rows := rowsOf(msgs, conciergeMessageRowOf)
		if len(rows) > 0 {
			if _, err := tx.NewInsert().Model(&rows).Exec(ctx); err != nil {
				return fmt.Errorf("insert concierge messages: %w", err)
			}
		}
		return nil
	})
}

// ConciergeThread reads one thread.
func (db Concierge) ConciergeThread(ctx context.Context, id string) (concierge.Thread, error) {
	return oneRow[conciergeThreadRow](ctx, db.bun, "conversation", "id = ?", id)
}

// ConciergeThreads lists a user's threads (userID set) or a visitor's (anonKey, no user),
// latest first.
func (db Concierge) ConciergeThreads(ctx context.Context, userID, anonKey string, limit int) ([]concierge.Thread, error) {
	q := db.bun.NewSelect().Model((*conciergeThreadRow)(nil)).OrderExpr("updated_at DESC, id DESC").Limit(int64(limit))
	if userID != "" {
		q = q.Where("user_id = ?", userID)
	} else {
		q = q.Where("user_id = '' AND anon_key = ?", anonKey)
	}
	return scanDomains[conciergeThreadRow](ctx, q, "read concierge threads")
}

// ConciergeMessages lists a thread's messages, oldest first.
func (db Concierge) ConciergeMessages(ctx context.Context, threadID string) ([]concierge.Message, error) {
	return scanDomains[conciergeMessageRow](ctx, db.bun.NewSelect().Model((*conciergeMessageRow)(nil)).Where("thread_id = ?", threadID).OrderExpr("created_at, id"), "read concierge messages")
}

// ConciergeMessage reads one message.
func (db Concierge) ConciergeMessage(ctx context.Context, id string) (concierge.Message, error) {
	return oneRow[conciergeMessageRow](ctx, db.bun, "message", "id = ?", id)
}

// ClaimAnonThreads gives a visitor's threads to the user who signed in.
func (db Concierge) ClaimAnonThreads(ctx context.Context, anonKey, userID string) (int, error) {
	res, err := db.bun.NewUpdate().Model((*conciergeThreadRow)(nil)).Set("user_id = ?", userID).Set("anon_key = ''").
		Where("anon_key = ? AND user_id = ''", anonKey).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("claim concierge threads: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// SaveConciergeFeedback stores a verdict; the same user's later verdict on a message replaces
// the earlier one.
func (db Concierge) SaveConciergeFeedback(ctx context.Context, f concierge.Feedback) (concierge.Feedback, error) {
	r := conciergeFeedbackRowOf(f)
	if _, err := db.bun.NewInsert().Model(&r).
		On("CONFLICT (message_id, user_id) DO UPDATE").
		Set("helpful = EXCLUDED.helpful, correction = EXCLUDED.correction, question = EXCLUDED.question, created_at = EXCLUDED.created_at").
		Exec(ctx); err != nil {
		return concierge.Feedback{}, fmt.Errorf("save concierge feedback: %w", err)
	}
	var out conciergeFeedbackRow
	if err := db.bun.NewSelect().Model(&out).Where("message_id = ? AND user_id = ?", f.MessageID, f.UserID).Scan(ctx); err != nil {
		return concierge.Feedback{}, fmt.Errorf("read concierge feedback: %w", err)
	}
	return out.domain(), nil
}

// ConciergeFeedbackList is the newest feedback.
func (db Concierge) ConciergeFeedbackList(ctx context.Context, limit int) ([]concierge.Feedback, error) {
	return scanDomains[conciergeFeedbackRow](ctx, db.bun.NewSelect().Model((*conciergeFeedbackRow)(nil)).OrderExpr("created_at DESC, id DESC").Limit(int64(limit)), "read concierge feedback")
}

// ConciergeCorrections is the newest feedback that carries a correction.
func (db Concierge) ConciergeCorrections(ctx context.Context, limit int) ([]concierge.Feedback, error) {
	return scanDomains[conciergeFeedbackRow](ctx, db.bun.NewSelect().Model((*conciergeFeedbackRow)(nil)).Where("correction <> '' AND helpful = ?", false).
		OrderExpr("created_at DESC, id DESC").Limit(int64(limit)), "read concierge corrections")
}

// ConciergeReviews reads every review of an active service (the evidence behind trust).
func (db Concierge) ConciergeReviews(ctx context.Context) ([]concierge.Review, error) {
	var rows []struct {
		ID        string  `bun:"id"`
		ServiceID string  `bun:"service_id"`
		UserID    string  `bun:"user_id"`
		Rating    int     `bun:"rating"`
		Review    *string `bun:"review"`
		Verified  bool    `bun:"verified"`
	}
	if err := db.bun.NewSelect().Table("service_reviews").Column("id", "service_id", "user_id", "rating", "review", "verified").
		Where("service_id IN (SELECT id FROM services WHERE is_active)").Where("hidden_at IS NULL").OrderExpr("service_id, id").Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("read concierge reviews: %w", err)
	}
	out := make([]concierge.Review, 0, len(rows))
	for _, r := range rows {
		v := concierge.Review{ID: r.ID, ServiceID: r.ServiceID, UserID: r.UserID, Rating: r.Rating, Verified: r.Verified}
		if r.Review != nil {
			v.Text = *r.Review
		}
		out = append(out, v)
	}
	return out, nil
}

// ConciergeBuyers reads the agents with a paid order of each service.
func (db Concierge) ConciergeBuyers(ctx context.Context) ([]concierge.Buyer, error) {
	var rows []struct {
		ServiceID string `bun:"service_id"`
		UserID    string `bun:"user_id"`
	}
	if err := db.bun.NewSelect().TableExpr("order_items AS oi").Join("JOIN orders AS o ON o.id = oi.order_id").
		ColumnExpr("DISTINCT oi.service_id AS service_id, o.user_id AS user_id").Where("o.status = 'paid'").
		OrderExpr("service_id, user_id").Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("read concierge buyers: %w", err)
	}
	out := make([]concierge.Buyer, 0, len(rows))
	for _, r := range rows {
		out = append(out, concierge.Buyer{ServiceID: r.ServiceID, UserID: r.UserID})
	}
	return out, nil
}

var _ concierge.Store = ConciergeStore{}

// AgentSignals reads what recommendations know of an agent: the profile's state and
// specialties, saved services, services bought (paid orders) and services viewed since the
// given time, most recent first (at most 50).
func (db Concierge) AgentSignals(ctx context.Context, userID string, viewsSince time.Time) (concierge.AgentSignals, error) {
	var out concierge.AgentSignals
	var p profileRow
	err := db.bun.NewSelect().Model(&p).Column("user_id", "state", "specialties").Where("user_id = ?", userID).Scan(ctx)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return out, fmt.Errorf("read agent profile: %w", err)
	}
	out.State, out.Specialties = strings.ToUpper(strings.TrimSpace(p.State)), p.Specialties
	if err := db.bun.NewSelect().TableExpr("saved_services").Column("service_id").Where("user_id = ?", userID).
		OrderExpr("created_at DESC, service_id").Scan(ctx, &out.Saved); err != nil {
		return out, fmt.Errorf("read saved services: %w", err)
	}
	if err := db.bun.NewSelect().TableExpr("order_items AS oi").Join("JOIN orders AS o ON o.id = oi.order_id").
		ColumnExpr("DISTINCT oi.service_id").Where("o.user_id = ? AND o.status = 'paid'", userID).
		OrderExpr("oi.service_id").Scan(ctx, &out.Purchased); err != nil {
		return out, fmt.Errorf("read purchased services: %w", err)
	}
	if err := db.bun.NewSelect().TableExpr("service_views").ColumnExpr("service_id").
		Where("user_id = ? AND created_at >= ?", userID, viewsSince.UTC()).GroupExpr("service_id").
		OrderExpr("MAX(created_at) DESC, service_id").Limit(50).Scan(ctx, &out.Viewed); err != nil {
		return out, fmt.Errorf("read viewed services: %w", err)
	}
	return out, nil
}

// PurchasesByState counts paid purchases (order lines) since the given time by service and by
// the buying agent's state (empty when the profile has none).
func (db Concierge) PurchasesByState(ctx context.Context, since time.Time) ([]concierge.StatePurchases, error) {
	var rows []struct {
		ServiceID string `bun:"service_id"`
		State     string `bun:"state"`
		Count     int    `bun:"n"`
	}
	if err := db.bun.NewSelect().TableExpr("order_items AS oi").Join("JOIN orders AS o ON o.id = oi.order_id").
		Join("LEFT JOIN profiles AS p ON p.user_id = o.user_id").
		ColumnExpr("oi.service_id AS service_id, UPPER(COALESCE(p.state, '')) AS state, COUNT(*) AS n").
		Where("o.status = 'paid' AND o.paid_at >= ?", since.UTC()).
		GroupExpr("oi.service_id, UPPER(COALESCE(p.state, ''))").OrderExpr("service_id, state").Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("read purchases by state: %w", err)
	}
	out := make([]concierge.StatePurchases, 0, len(rows))
	for _, r := range rows {
		out = append(out, concierge.StatePurchases{ServiceID: r.ServiceID, State: r.State, Count: r.Count})
	}
	return out, nil
}

// ConciergeFAQ reads the active remote FAQ items (faq_items) the concierge retrieves from.
func (db Concierge) ConciergeFAQ(ctx context.Context) ([]concierge.FAQItem, error) {
	var rows []faqRow
	if err := db.bun.NewSelect().Model(&rows).Where("active = ?", true).OrderExpr("category, sort_order, id").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read faq items for the concierge: %w", err)
	}
	out := make([]concierge.FAQItem, 0, len(rows))
	for _, r := range rows {
		out = append(out, concierge.FAQItem{ID: r.ID, Question: r.Question, Answer: r.Answer, Language: r.Language})
	}
	return out, nil
}
