package httpapi

import (
	"context"

	"circle/internal/support"
)

// SupportArea is support tickets (the contact form, the help widget, disputes on orders) and
// the help widget's analytics (issue 29 item 6, issue 32 items 7 and 9).
type SupportArea struct {
	Support *support.Service
}

// Summaries too long for their route line.
const (
	sumCreateSupportTicket = "Send a message to support: a ticket stored and e-mailed to the support address"
	sumListSupportTickets  = "The caller's own support tickets and disputes with their status"
	sumGetSupportTicket    = "One of the caller's own tickets with its replies"
	sumOpenDispute         = "Open a dispute on one of the caller's paid orders (within 30 days of payment)"
	sumRecordHelpEvent     = "Record a guided tour started, completed or skipped (help_analytics)"
)

// Register declares the area's routes.
func (h *SupportArea) Register(r *Router) {
	post(r, "/api/support/tickets", "create-support-ticket", sumCreateSupportTicket, "support", public, h.createTicket, maxKB(32), created)
	get(r, "/api/support/tickets", "list-support-tickets", sumListSupportTickets, "support", user, h.listTickets)
	get(r, "/api/support/tickets/{id}", "get-support-ticket", sumGetSupportTicket, "support", user, h.getTicket)
	post(r, "/api/support/disputes", "open-dispute", sumOpenDispute, "support", user, h.openDispute, maxKB(32), created)
	post(r, "/api/help/analytics", "record-help-event", sumRecordHelpEvent, "support", public, h.recordHelpEvent, maxKB(4), noContent)
}

// requester is the caller as support sees it: a member (id, account e-mail) or a visitor; the
// rate limit counts the member, else the client address.
func requester(ctx context.Context) (support.Requester, error) {
	p, ok, err := viewer(ctx)
	if err != nil {
		return support.Requester{}, err
	}
	if !ok {
		return support.Requester{Key: "ip:" + callerFrom(ctx).ip}, nil
	}
	return support.Requester{UserID: p.User.ID, Email: p.User.Email, Key: "user:" + p.User.ID}, nil
}

type createTicketInput struct {
	Body support.ContactInput
}

type ticketOutput = bodyOutput[support.TicketView]

func (h *SupportArea) createTicket(ctx context.Context, in *createTicketInput) (*ticketOutput, error) {
	who, err := requester(ctx)
	if err != nil {
		return nil, err
	}
	t, err := h.Support.Contact(ctx, who, in.Body)
	if err != nil {
		return nil, err
	}
	return &ticketOutput{Body: support.TicketView{Ticket: t, Replies: []support.TicketReply{}}}, nil
}

type ticketsOutputBody struct {
	Tickets []support.TicketView `json:"tickets" doc:"The caller's tickets, newest first (at most 100), without replies"`
}

type ticketsOutput = bodyOutput[ticketsOutputBody]

func (h *SupportArea) listTickets(ctx context.Context, _ *struct{}) (*ticketsOutput, error) {
	rows, err := h.Support.List(ctx, principalOf(ctx).User.ID)
	return answer(ticketsOutputBody{Tickets: rows}, err)
}

type ticketIDInput struct {
	ID string `path:"id" maxLength:"100"`
}

func (h *SupportArea) getTicket(ctx context.Context, in *ticketIDInput) (*ticketOutput, error) {
	return answer(h.Support.Get(ctx, principalOf(ctx).User.ID, in.ID))
}

type disputeInput struct {
	Body support.DisputeInput
}

func (h *SupportArea) openDispute(ctx context.Context, in *disputeInput) (*ticketOutput, error) {
	p := principalOf(ctx)
	return answer(h.Support.Dispute(ctx, support.Requester{UserID: p.User.ID, Email: p.User.Email, Key: "user:" + p.User.ID}, in.Body))
}

type helpEventInput struct {
	Body support.HelpEventInput
}

func (h *SupportArea) recordHelpEvent(ctx context.Context, in *helpEventInput) (*struct{}, error) {
	who, err := requester(ctx)
	if err != nil {
		return nil, err
	}
	return nil, h.Support.RecordHelp(ctx, who.UserID, who.Key, in.Body)
}
