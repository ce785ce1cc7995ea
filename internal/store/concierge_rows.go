package store

import (
	"github.com/uptrace/bun"

	"circle/internal/concierge"
)

// The rows of the concierge's tables (issue 29), embedding the untagged domain types.

type conciergeThreadRow struct {
	bun.BaseModel `bun:"table:concierge_threads,alias:ct"`

	ID string `bun:"id,pk"`
	concierge.Thread
}

func conciergeThreadRowOf(t concierge.Thread) conciergeThreadRow {
	return conciergeThreadRow{ID: t.ID, Thread: t}
}

func (r conciergeThreadRow) domain() concierge.Thread {
	t := r.Thread
	t.ID = r.ID
	return t
}

type conciergeMessageRow struct {
	bun.BaseModel `bun:"table:concierge_messages,alias:cm"`

	ID string `bun:"id,pk"`
	concierge.Message
}

func conciergeMessageRowOf(m concierge.Message) conciergeMessageRow {
	return conciergeMessageRow{ID: m.ID, Message: m}
}

func (r conciergeMessageRow) domain() concierge.Message {
	m := r.Message
	m.ID = r.ID
	return m
}

type conciergeFeedbackRow struct {
	bun.BaseModel `bun:"table:concierge_feedback,alias:cf"`

	ID string `bun:"id,pk"`
	concierge.Feedback
}

func conciergeFeedbackRowOf(f concierge.Feedback) conciergeFeedbackRow {
	return conciergeFeedbackRow{ID: f.ID, Feedback: f}
}

func (r conciergeFeedbackRow) domain() concierge.Feedback {
	f := r.Feedback
	f.ID = r.ID
	return f
}
