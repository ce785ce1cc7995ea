package saved_test

import (
	"context"
	"testing"

	"circle/internal/apperr"
	"circle/internal/demo/demotest"
	"circle/internal/saved"
	"circle/internal/store"
)

// TestSavedServices: saving (a repeat replaces the note), the refusals, listing and unsaving,
// on both engines.
func TestSavedServices(t *testing.T) {
	demotest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		const agent, listed, hidden = "usr-demo-agent", "svc-listingloop-hdr-photos", "svc-hidden"
		if _, err := db.Bun().NewUpdate().Table("services").Set("is_active = ?", false).Where("id = ?", listed).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		svc := &saved.Service{Store: store.NewSavedStore(db)}
		if rows, err := svc.List(ctx, agent); err != nil || rows == nil || len(rows) != 0 {
			t.Fatalf("empty list: %#v %v", rows, err)
		}
		if _, err := svc.Save(ctx, agent, listed, ""); apperr.CodeOf(err) != apperr.NotFound {
			t.Fatalf("an unlisted service: %v", err)
		}
		if _, err := db.Bun().NewUpdate().Table("services").Set("is_active = ?", true).Where("id = ?", listed).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		steps := []struct {
			name    string
			service string
			notes   string
			code    apperr.Code
			want    string
		}{
			{"save", listed, "  for the open house ", "", "for the open house"},
			{"save again replaces the note", listed, "later", "", "later"},
			{"an unknown service", hidden, "", apperr.NotFound, ""},
		}
		for _, st := range steps {
			row, err := svc.Save(ctx, agent, st.service, st.notes)
			if st.code != "" {
				if apperr.CodeOf(err) != st.code {
					t.Fatalf("%s: %v", st.name, err)
				}
				continue
			}
			if err != nil || row.ServiceID != st.service || row.UserID != agent || row.Notes != st.want {
				t.Fatalf("%s: %+v %v", st.name, row, err)
			}
		}
		if rows, err := svc.List(ctx, agent); err != nil || len(rows) != 1 || rows[0].Notes != "later" {
			t.Fatalf("list: %+v %v", rows, err)
		}
		for range 2 { // unsaving twice is not an error
			if err := svc.Unsave(ctx, agent, listed); err != nil {
				t.Fatal(err)
			}
		}
		if rows, err := svc.List(ctx, agent); err != nil || len(rows) != 0 {
			t.Fatalf("after unsave: %+v %v", rows, err)
		}
	})
}
