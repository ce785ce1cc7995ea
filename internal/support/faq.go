package support

import (
	"context"
	"slices"
	"strings"
	"time"

	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/ids"
)

// The remote FAQ (03§3 FAQ item, 03§7 faq_items): items administrators write in the back office,
// read by the help widget's FAQ (merged with its built-in items) only while the app_config flag
// faq_remote_enabled is on, and retrieved by the concierge when active.

// FAQCategories are the nine categories of 03§3, as the web app names them, in display order.
var FAQCategories = []string{
	"gettingStarted", "membership", "agentWallet", "marketplace", "concierge",
	"marketingCoverage", "pricingBilling", "integrations", "roi",
}

// FAQLanguages are the languages an item can be written in.
var FAQLanguages = []string{"en", "es", "fr"}

// Audit actions and object kind of the FAQ.
const (
	ActionFAQCreate  = "faq_item.create"
	ActionFAQUpdate  = "faq_item.update"
	ActionFAQDelete  = "faq_item.delete"
	AuditKindFAQ     = "faq_item"
	MaxFAQQuestion   = 300
	MaxFAQAnswer     = 4000
	MaxFAQSortOrder  = 9999
	MsgFAQQuestion   = "Write the question (at most 300 characters)."
	MsgFAQAnswer     = "Write the answer (at most 4000 characters)."
	MsgFAQCategory   = "Choose one of the nine categories."
	MsgFAQLanguage   = "Choose English, Spanish or French."
	MsgFAQSortOrder  = "The sort order is a number from 0 to 9999."
	msgFAQNotFound   = "FAQ item not found."
	faqQuestionField = "question"
)

// FAQItem is one remote FAQ item.
type FAQItem struct {
	ID        string    `json:"id"`
	Question  string    `json:"question"`
	Answer    string    `json:"answer"`
	Category  string    `json:"category" enum:"gettingStarted,membership,agentWallet,marketplace,concierge,marketingCoverage,pricingBilling,integrations,roi"`
	Language  string    `json:"language" enum:"en,es,fr"`
	SortOrder int       `json:"sort_order" doc:"Lower first within its category"`
	Active    bool      `json:"active" doc:"Only active items reach the help widget and the concierge"`
	UpdatedBy string    `json:"-"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at" doc:"The item's last_updated (03§3)"`
}

// FAQInput is what an administrator writes.
type FAQInput struct {
	Question  string `json:"question" maxLength:"1200"`
	Answer    string `json:"answer" maxLength:"16000"`
	Category  string `json:"category" maxLength:"40"`
	Language  string `json:"language" maxLength:"5"`
	SortOrder int    `json:"sort_order" minimum:"-100000" maximum:"100000"`
	Active    bool   `json:"active"`
}

// FAQChange is what an FAQ action writes in one transaction: After nil deletes the row.
type FAQChange struct {
	After *FAQItem
	Audit audit.Record
}

// FAQStore is what the FAQ needs from the database (internal/store, faq_items.go).
type FAQStore interface {
	// FAQItems lists items by category, sort order, then latest changed first; activeOnly
	// leaves out inactive ones, lang "" is every language.
	FAQItems(ctx context.Context, lang string, activeOnly bool) ([]FAQItem, error)
	// ChangeFAQ reads item id in a transaction ("" creates: fn gets nil), calls fn and writes its
	// change with the audit entry; fn's error writes nothing. An unknown id is not found.
	ChangeFAQ(ctx context.Context, id string, fn func(before *FAQItem) (FAQChange, error)) error
}

// FAQ is the remote FAQ's service.
type FAQ struct {
	Store FAQStore
	// Enabled says whether the app_config flag faq_remote_enabled is on.
	Enabled func(ctx context.Context) (bool, error)
	Now     func() time.Time
}

// Public is what the help widget reads: the active items of lang when the flag is on; nothing
// (enabled false) when it is off.
func (f *FAQ) Public(ctx context.Context, lang string) (bool, []FAQItem, error) {
	on, err := f.Enabled(ctx)
	if err != nil || !on {
		return false, []FAQItem{}, err
	}
	items, err := f.Store.FAQItems(ctx, lang, true)
	if items == nil {
		items = []FAQItem{}
	}
	return true, items, err
}

// All lists every item for the back office.
func (f *FAQ) All(ctx context.Context) ([]FAQItem, error) {
	items, err := f.Store.FAQItems(ctx, "", false)
	if items == nil {
		items = []FAQItem{}
	}
	return items, err
}

// CheckFAQ trims and validates an item; errors name the field.
func CheckFAQ(in FAQInput) (FAQInput, error) {
	in.Question, in.Answer = strings.TrimSpace(in.Question), strings.TrimSpace(in.Answer)
	switch {
	case in.Question == "" || len([]rune(in.Question)) > MaxFAQQuestion:
		return in, apperr.Field(faqQuestionField, "support.faq.question", MsgFAQQuestion)
	case in.Answer == "" || len([]rune(in.Answer)) > MaxFAQAnswer:
		return in, apperr.Field("answer", "support.faq.answer", MsgFAQAnswer)
	case !slices.Contains(FAQCategories, in.Category):
		return in, apperr.Field("category", "support.faq.category", MsgFAQCategory)
	case !slices.Contains(FAQLanguages, in.Language):
		return in, apperr.Field("language", "support.faq.language", MsgFAQLanguage)
	case in.SortOrder < 0 || in.SortOrder > MaxFAQSortOrder:
		return in, apperr.Field("sort_order", "support.faq.sort_order", MsgFAQSortOrder)
	}
	return in, nil
}

// Save creates (id "") or changes an item, with its audit entry.
func (f *FAQ) Save(ctx context.Context, by audit.Actor, id string, in FAQInput) (FAQItem, error) {
	in, err := CheckFAQ(in)
	if err != nil {
		return FAQItem{}, err
	}
	now := f.Now().UTC()
	var out FAQItem
	err = f.Store.ChangeFAQ(ctx, id, func(before *FAQItem) (FAQChange, error) {
		action := ActionFAQUpdate
		out = FAQItem{ID: id, Question: in.Question, Answer: in.Answer, Category: in.Category, Language: in.Language,
			SortOrder: in.SortOrder, Active: in.Active, UpdatedBy: by.UserID, CreatedAt: now, UpdatedAt: now}
		if before == nil {
			action, out.ID = ActionFAQCreate, ids.New()
		} else {
			out.CreatedAt = before.CreatedAt
		}
		rec, err := audit.New(by, action, AuditKindFAQ, out.ID, before, out)
		return FAQChange{After: &out, Audit: rec}, err
	})
	return out, err
}

// Delete removes an item, with its audit entry.
func (f *FAQ) Delete(ctx context.Context, by audit.Actor, id string) error {
	return f.Store.ChangeFAQ(ctx, id, func(before *FAQItem) (FAQChange, error) {
		if before == nil {
			return FAQChange{}, apperr.New(apperr.NotFound, msgFAQNotFound)
		}
		rec, err := audit.New(by, ActionFAQDelete, AuditKindFAQ, id, before, nil)
		return FAQChange{Audit: rec}, err
	})
}
