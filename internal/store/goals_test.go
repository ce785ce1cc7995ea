package store_test

import (
	"context"
	"testing"
	"time"

	"circle/internal/account"
	"circle/internal/assessments"
	"circle/internal/ids"
	"circle/internal/store"
)

// TestF_AREA_06_GoalsMarkTheProfile: saving goals marks the profile's goal assessment completed
// in the same write (the session's profile tells the header whether to offer Goals), and
// migration 0080 marks the members who saved goals before the flag was written.
func TestF_AREA_06_GoalsMarkTheProfile(t *testing.T) {
	each(t, func(t *testing.T, d *store.DB) {
		ctx := context.Background()
		done := func(userID string) bool {
			p, err := store.NewAccounts(d).ProfileByUserID(ctx, userID)
			if err != nil {
				t.Fatal(err)
			}
			return p.GoalAssessmentCompleted
		}
		saver := newGrantee(t, d, "saver@example.com", account.Profile{})
		other := newGrantee(t, d, "other@example.com", account.Profile{})
		goals := assessments.Goals{ID: ids.New(), UserID: saver, Year: 2026, GCIGoalCents: 100, TransactionsGoal: 1,
			LeadSources: []string{"sphere"}, CreatedAt: time.Now().UTC().Truncate(time.Microsecond)}
		if err := store.NewAssessments(d).InsertGoals(ctx, goals); err != nil {
			t.Fatal(err)
		}
		if !done(saver) || done(other) {
			t.Fatalf("after a save: saver %v, other %v; want true, false", done(saver), done(other))
		}

		// As before 0080: goals saved, the flag never written. Apply 0080 again.
		for _, q := range []string{"UPDATE profiles SET goal_assessment_completed = FALSE", "DELETE FROM schema_migrations WHERE version = 80"} {
			if _, err := d.Bun().ExecContext(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		if n, err := d.Migrate(ctx); err != nil || n != 1 {
			t.Fatalf("re-apply 0080: %d %v", n, err)
		}
		if !done(saver) || done(other) {
			t.Fatalf("after 0080: saver %v, other %v; want true, false", done(saver), done(other))
		}
	})
}
