package store_test

import (
	"context"
	"testing"

	"circle/internal/notify"
	"circle/internal/store"
)

// TestOutboxKeepsKeylessMessagesAndDedupesKeyedOnes: messages without a key are all recorded
// (their dedupe_key is NULL, not an empty string the unique index would refuse twice), a second
// message with a recorded key is not, and the row maps every field back (issue 26 item 2: the
// outbox row lives in the store).
func TestOutboxKeepsKeylessMessagesAndDedupesKeyedOnes(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		ops := store.NewOps(db)
		att := []notify.Attachment{{Filename: "invite.ics", ContentType: "text/calendar", Content: "BEGIN:VCALENDAR"}}
		for i, e := range []notify.OutboxEmail{
			{ID: "m1", To: "ann@example.com", Subject: "One", Text: "first", Kind: "k", Transport: "outbox", Status: "stored"},
			{ID: "m2", To: "ann@example.com", Subject: "Two", Text: "second", Kind: "k", Transport: "outbox", Status: "stored"},
			{ID: "m3", To: "ann@example.com", Subject: "Three", Text: "third", Kind: "k", Key: "once", Attachments: att, Transport: "smtp", Status: "sent"},
			{ID: "m4", To: "ann@example.com", Subject: "Four", Text: "fourth", Kind: "k", Key: "once", Transport: "outbox", Status: "stored"},
		} {
			if err := ops.RecordEmail(ctx, e); err != nil {
				t.Fatalf("message %d: %v", i+1, err)
			}
		}
		got, err := ops.OutboxEmails(ctx, "ann@example.com", 10)
		if err != nil {
			t.Fatal(err)
		}
		byID := map[string]notify.OutboxEmail{}
		for _, e := range got {
			byID[e.ID] = e
		}
		if len(got) != 3 || byID["m4"].ID != "" {
			t.Fatalf("recorded %d messages %v, want m1, m2 and m3", len(got), byID)
		}
		m3 := byID["m3"]
		if m3.To != "ann@example.com" || m3.Text != "third" || m3.Key != "once" || m3.Transport != "smtp" ||
			len(m3.Attachments) != 1 || m3.Attachments[0] != att[0] {
			t.Fatalf("m3 read back as %+v", m3)
		}
	})
}
