package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/audit"
	"circle/internal/support"
)

// The remote FAQ's SQL (03§7 faq_items, migration 0058, docs/areas/support.md).

type faqRow struct {
	bun.BaseModel `bun:"table:faq_items,alias:faq"`

	ID        string    `bun:"id,pk"`
	Question  string    `bun:"question,notnull"`
	Answer    string    `bun:"answer,notnull"`
	Category  string    `bun:"category,notnull"`
	Language  string    `bun:"language,notnull"`
	SortOrder int       `bun:"sort_order,notnull"`
	Active    bool      `bun:"active,notnull"`
	UpdatedBy string    `bun:"updated_by,nullzero"`
	CreatedAt time.Time `bun:"created_at,notnull"`
	UpdatedAt time.Time `bun:"updated_at,notnull"`
}

func (r faqRow) domain() support.FAQItem {
	return support.FAQItem{ID: r.ID, Question: r.Question, Answer: r.Answer, Category: r.Category, Language: r.Language,
		SortOrder: r.SortOrder, Active: r.Active, UpdatedBy: r.UpdatedBy, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
}

func faqRowOf(f support.FAQItem) faqRow {
	return faqRow{ID: f.ID, Question: f.Question, Answer: f.Answer, Category: f.Category, Language: f.Language,
		SortOrder: f.SortOrder, Active: f.Active, UpdatedBy: f.UpdatedBy, CreatedAt: f.CreatedAt.UTC(), UpdatedAt: f.UpdatedAt.UTC()}
}

// FAQItems lists items by category, sort order, then latest changed first (03§3); activeOnly
// leaves out inactive ones; lang "" is every language.
func (db Support) FAQItems(ctx context.Context, lang string, activeOnly bool) ([]support.FAQItem, error) {
	q := db.bun.NewSelect().Model((*faqRow)(nil))
	q = whereGiven(q, "language = ?", lang)
	if activeOnly {
		q = q.Where("active = ?", true)
	}
	return scanDomains[faqRow](ctx, q.OrderExpr("category, sort_order, updated_at DESC, id"), "list faq items")
}

// ChangeFAQ creates (id ""), updates or deletes (After nil) an item with its audit entry in one
// transaction.
func (db Support) ChangeFAQ(ctx context.Context, id string, fn func(before *support.FAQItem) (support.FAQChange, error)) error {
	decide := func(before *support.FAQItem) (*support.FAQItem, audit.Record, error) {
		c, err := fn(before)
		return c.After, c.Audit, err
	}
	save := func(ctx context.Context, tx Q, isNew bool, after support.FAQItem) error {
		r := faqRowOf(after)
		if isNew {
			return insertModel(ctx, tx, &r, "insert faq item")
		}
		if _, err := tx.NewUpdate().Model(&r).Column("question", "answer", "category", "language", "sort_order", "active", "updated_by", "updated_at").
			WherePK().Exec(ctx); err != nil {
			return fmt.Errorf("update faq item: %w", err)
		}
		return nil
	}
	return changeRow[faqRow](ctx, db, id, "FAQ item", "faq item", decide, save)
}
