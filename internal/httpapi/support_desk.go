package httpapi

import (
	"context"

	"circle/internal/support"
)

// SupportDeskArea is the support desk (issue 31 item 9, F-AREA-04): support staff and
// administrators (access "support") work the ticket queue; members reply on their own tickets.
// Every staff change writes its audit entry, the actor taken from the access check (actorOf).
type SupportDeskArea struct {
	Desk    *support.Desk
	Support *support.Service
}

const (
	sumDeskTickets      = "The ticket queue: filtered by status and assignee (mine, unassigned, all), searched by subject, e-mail or id, paged; each with its SLA timer"
	sumDeskTicket       = "A ticket with its conversation, internal notes and SLA timer"
	sumDeskReply        = "Reply to the member: stored, e-mailed to the ticket's address and shown on the member's ticket; sets the status (pending by default)"
	sumDeskNote         = "Add an internal note (staff only, never shown to the member)"
	sumDeskUpdate       = "Change a ticket's status or assignee"
	sumDeskStaff        = "Support staff and administrators a ticket can be assigned to"
	sumDeskCanned       = "The canned answers, by title"
	sumDeskCannedCreate = "Store a canned answer"
	sumDeskCannedUpdate = "Change a canned answer"
	sumDeskCannedDelete = "Remove a canned answer"
	sumMemberReply      = "Reply on one of the caller's own tickets: it waits on support again"
)

// Register declares the area's routes.
// The canned answers' collection and one of them.
const (
	cannedAnswers = "/api/support/desk/canned-answers"
	cannedAnswer  = cannedAnswers + "/{id}"
)

func (h *SupportDeskArea) Register(r *Router) {
	get(r, "/api/support/desk/tickets", "desk-list-tickets", sumDeskTickets, "support", staff, h.tickets)
	get(r, "/api/support/desk/tickets/{id}", "desk-get-ticket", sumDeskTicket, "support", staff, h.ticket)
	post(r, "/api/support/desk/tickets/{id}/replies", "desk-reply", sumDeskReply, "support", staff, h.reply, maxKB(32), created)
	post(r, "/api/support/desk/tickets/{id}/notes", "desk-add-note", sumDeskNote, "support", staff, h.note, maxKB(32), created)
	patch(r, "/api/support/desk/tickets/{id}", "desk-update-ticket", sumDeskUpdate, "support", staff, h.update, maxKB(2))
	get(r, "/api/support/desk/staff", "desk-list-staff", sumDeskStaff, "support", staff, h.staff)
	get(r, "/api/support/desk/canned-answers", "desk-list-canned-answers", sumDeskCanned, "support", staff, h.canned)
	post(r, cannedAnswers, "desk-create-canned-answer", sumDeskCannedCreate, "support", staff, h.createCanned, maxKB(32), created)
	put(r, cannedAnswer, "desk-update-canned-answer", sumDeskCannedUpdate, "support", staff, h.updateCanned, maxKB(32))
	del(r, cannedAnswer, "desk-delete-canned-answer", sumDeskCannedDelete, "support", staff, h.deleteCanned, noContent)
	post(r, "/api/support/tickets/{id}/replies", "reply-support-ticket", sumMemberReply, "support", user, h.memberReply, maxKB(32), created)
}

type deskTicketsInput struct {
	Status   string `query:"status" enum:"open,pending,solved" doc:"Every status when not given"`
	Assignee string `query:"assignee" enum:"mine,unassigned,all" default:"all"`
	Q        string `query:"q" maxLength:"100" doc:"Subject or e-mail contains, or the ticket id"`
	Page     int    `query:"page" minimum:"1" default:"1"`
	PageSize int    `query:"page_size" minimum:"1" maximum:"100" default:"25"`
}

type deskTicketsOutput = bodyOutput[support.DeskPage]

func (h *SupportDeskArea) tickets(ctx context.Context, in *deskTicketsInput) (*deskTicketsOutput, error) {
	return answer(h.Desk.Queue(ctx, support.DeskFilter{Status: in.Status, Assignee: in.Assignee, Viewer: principalOf(ctx).User.ID, Q: in.Q, Page: in.Page, PageSize: in.PageSize}))
}

type deskTicketOutput = bodyOutput[support.DeskView]

func (h *SupportDeskArea) ticket(ctx context.Context, in *ticketIDInput) (*deskTicketOutput, error) {
	return answer(h.Desk.Ticket(ctx, in.ID))
}

type deskReplyInput struct {
	ID   string `path:"id" maxLength:"100"`
	Body support.ReplyInput
}

func (h *SupportDeskArea) reply(ctx context.Context, in *deskReplyInput) (*deskTicketOutput, error) {
	return answer(h.Desk.Reply(ctx, actorOf(ctx), in.ID, in.Body))
}

type deskNoteInput struct {
	ID   string `path:"id" maxLength:"100"`
	Body support.NoteInput
}

func (h *SupportDeskArea) note(ctx context.Context, in *deskNoteInput) (*deskTicketOutput, error) {
	return answer(h.Desk.Note(ctx, actorOf(ctx), in.ID, in.Body))
}

type deskUpdateInput struct {
	ID   string `path:"id" maxLength:"100"`
	Body support.TicketUpdate
}

func (h *SupportDeskArea) update(ctx context.Context, in *deskUpdateInput) (*deskTicketOutput, error) {
	return answer(h.Desk.Update(ctx, actorOf(ctx), in.ID, in.Body))
}

type deskStaffOutputBody struct {
	Staff []support.StaffMember `json:"staff"`
}

type deskStaffOutput = bodyOutput[deskStaffOutputBody]

func (h *SupportDeskArea) staff(ctx context.Context, _ *struct{}) (*deskStaffOutput, error) {
	s, err := h.Desk.Staff(ctx)
	return answer(deskStaffOutputBody{Staff: s}, err)
}

type deskCannedOutputBody struct {
	Answers []support.CannedAnswer `json:"answers"`
}

type deskCannedOutput = bodyOutput[deskCannedOutputBody]

func (h *SupportDeskArea) canned(ctx context.Context, _ *struct{}) (*deskCannedOutput, error) {
	c, err := h.Desk.Canned(ctx)
	return answer(deskCannedOutputBody{Answers: c}, err)
}

type cannedCreateInput struct {
	Body support.CannedInput
}

type cannedOutput = bodyOutput[support.CannedAnswer]

func (h *SupportDeskArea) createCanned(ctx context.Context, in *cannedCreateInput) (*cannedOutput, error) {
	return answer(h.Desk.SaveCanned(ctx, actorOf(ctx), "", in.Body))
}

type cannedUpdateInput struct {
	ID   string `path:"id" maxLength:"100"`
	Body support.CannedInput
}

func (h *SupportDeskArea) updateCanned(ctx context.Context, in *cannedUpdateInput) (*cannedOutput, error) {
	return answer(h.Desk.SaveCanned(ctx, actorOf(ctx), in.ID, in.Body))
}

func (h *SupportDeskArea) deleteCanned(ctx context.Context, in *ticketIDInput) (*struct{}, error) {
	return nil, h.Desk.DeleteCanned(ctx, actorOf(ctx), in.ID)
}

type memberReplyInput struct {
	ID   string `path:"id" maxLength:"100"`
	Body support.NoteInput
}

func (h *SupportDeskArea) memberReply(ctx context.Context, in *memberReplyInput) (*ticketOutput, error) {
	uid := principalOf(ctx).User.ID
	if err := h.Desk.MemberReply(ctx, uid, in.ID, in.Body); err != nil {
		return nil, err
	}
	return answer(h.Support.Get(ctx, uid, in.ID))
}
