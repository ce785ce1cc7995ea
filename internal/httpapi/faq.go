package httpapi

import (
	"context"

	"circle/internal/support"
)

// FAQArea is the remote FAQ (03§7 faq_items, issue 29 item 6): the help widget's read behind the
// app_config flag faq_remote_enabled, and the back office's items (audited).
type FAQArea struct {
	FAQ *support.FAQ
}

// The back office's FAQ items and one of them.
const (
	adminFAQItems = "/api/admin/faq-items"
	adminFAQItem  = adminFAQItems + "/{id}"
)

// Register declares the area's routes.
func (h *FAQArea) Register(r *Router) {
	get(r, "/api/help/faq", "list-faq-items", "The remote FAQ items of a language, when the remote FAQ is on", "support", public, h.public)
	get(r, adminFAQItems, "admin-list-faq-items", "Every remote FAQ item", "admin", admin, h.list)
	post(r, adminFAQItems, "admin-create-faq-item", "Add a remote FAQ item", "admin", admin, h.create, maxKB(32), created)
	put(r, adminFAQItem, "admin-update-faq-item", "Change a remote FAQ item", "admin", admin, h.update, maxKB(32))
	del(r, adminFAQItem, "admin-delete-faq-item", "Remove a remote FAQ item", "admin", admin, h.remove, noContent)
}

type faqPublicInput struct {
	Lang string `query:"lang" enum:"en,es,fr" default:"en" doc:"The items' language"`
}

type faqPublicOutputBody struct {
	Enabled bool              `json:"enabled" doc:"Whether the remote FAQ is on (app_config faq_remote_enabled)"`
	Items   []support.FAQItem `json:"items"`
}

type faqPublicOutput = bodyOutput[faqPublicOutputBody]

func (h *FAQArea) public(ctx context.Context, in *faqPublicInput) (*faqPublicOutput, error) {
	on, items, err := h.FAQ.Public(ctx, in.Lang)
	return answer(faqPublicOutputBody{Enabled: on, Items: items}, err)
}

type faqListOutputBody struct {
	Items []support.FAQItem `json:"items"`
}

type faqListOutput = bodyOutput[faqListOutputBody]

func (h *FAQArea) list(ctx context.Context, _ *struct{}) (*faqListOutput, error) {
	items, err := h.FAQ.All(ctx)
	return answer(faqListOutputBody{Items: items}, err)
}

type faqCreateInput struct {
	Body support.FAQInput
}

type faqItemInput struct {
	ID   string `path:"id" maxLength:"100"`
	Body support.FAQInput
}

type faqIDInput struct {
	ID string `path:"id" maxLength:"100"`
}

type faqItemOutput = bodyOutput[support.FAQItem]

func (h *FAQArea) create(ctx context.Context, in *faqCreateInput) (*faqItemOutput, error) {
	return answer(h.FAQ.Save(ctx, actorOf(ctx), "", in.Body))
}

func (h *FAQArea) update(ctx context.Context, in *faqItemInput) (*faqItemOutput, error) {
	return answer(h.FAQ.Save(ctx, actorOf(ctx), in.ID, in.Body))
}

func (h *FAQArea) remove(ctx context.Context, in *faqIDInput) (*struct{}, error) {
	return nil, h.FAQ.Delete(ctx, actorOf(ctx), in.ID)
}
