package store_test

import (
	"testing"
	"time"

	"circle/internal/account"
	"circle/internal/ids"
	"circle/internal/store"
)

// F-AUTH-10: sessions that ended before the cut-off, and the refresh tokens, links and
// challenges spent before it, are deleted; live sessions and recent ones stay.
func TestF_AUTH_10_PurgeEndedAuthRecords(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		now := db.Now()
		u := newUser(t, db, "purge@example.com", account.Profile{DisplayName: "Purge"})
		at := func(d time.Duration) *time.Time { v := now.Add(d); return &v }
		day := 24 * time.Hour
		sessions := map[string]struct {
			expires time.Time
			revoked *time.Time
			kept    bool
		}{
			"live":                {now.Add(10 * day), nil, true},
			"revoked yesterday":   {now.Add(10 * day), at(-day), true},
			"expired yesterday":   {now.Add(-day), nil, true},
			"revoked 40 days ago": {now.Add(10 * day), at(-40 * day), false},
			"expired 40 days ago": {now.Add(-40 * day), nil, false},
		}
		idOf := map[string]string{}
		for name, s := range sessions {
			row := account.Session{
				ID: ids.New(), UserID: u.ID, TokenHash: ids.New(), RefreshHash: ids.New(), FamilyID: ids.New(),
				LastActivity: now.Add(-50 * day), CreatedAt: now.Add(-50 * day), ExpiresAt: s.expires, RevokedAt: s.revoked,
				IdleTimeoutSeconds: 60,
			}
			if _, err := store.NewAccounts(db).CreateSession(ctx, row, len(sessions)+1, u.Email); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			idOf[name] = row.ID
		}
		for _, used := range []time.Duration{-day, -40 * day} {
			if _, err := db.Bun().ExecContext(ctx, "INSERT INTO used_refresh_tokens (token_hash, family_id, used_at) VALUES (?, ?, ?)",
				ids.New(), ids.New(), now.Add(used)); err != nil {
				t.Fatal(err)
			}
		}

		deleted, err := store.NewAccounts(db).PurgeEndedAuthRecords(ctx, now.Add(-30*day))
		if err != nil {
			t.Fatal(err)
		}
		if deleted != 2 {
			t.Errorf("deleted %d sessions, want 2", deleted)
		}
		for name, s := range sessions {
			n, err := db.Bun().NewSelect().TableExpr("sessions").Where("id = ?", idOf[name]).Count(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if (n == 1) != s.kept {
				t.Errorf("%s: kept %v, want %v", name, n == 1, s.kept)
			}
		}
		n, err := db.Bun().NewSelect().Table("used_refresh_tokens").Count(ctx)
		if err != nil || n != 1 {
			t.Errorf("used refresh tokens left: %d (%v), want the recent one", n, err)
		}
	})
}

// The per-request sign-in path reads a live session with its user and profile in one joined
// query through the session, user and profile rows (issue 26 item 2); a revoked session is not
// found.
func TestSessionOwnerByTokenHashJoinsUserAndProfile(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		accts := store.NewAccounts(db)
		u := newUser(t, db, "owner@example.com", account.Profile{DisplayName: "Owner", Specialties: []string{"luxury"}, IsPro: true})
		s := account.Session{ID: ids.New(), UserID: u.ID, TokenHash: "tok", RefreshHash: ids.New(), FamilyID: ids.New(),
			ExpiresAt: db.Now().Add(time.Hour), IdleTimeoutSeconds: 60}
		if _, err := accts.CreateSession(ctx, s, 5, u.Email); err != nil {
			t.Fatal(err)
		}
		sess, user, prof, err := accts.SessionOwnerByTokenHash(ctx, "tok")
		if err != nil {
			t.Fatal(err)
		}
		if sess.ID != s.ID || sess.UserID != u.ID || user.ID != u.ID || user.Email != u.Email || prof.UserID != u.ID ||
			prof.DisplayName != "Owner" || !prof.IsPro || len(prof.Specialties) != 1 {
			t.Fatalf("read %+v, %+v, %+v", sess, user, prof)
		}
		if err := accts.RevokeOtherSessions(ctx, u.ID, ""); err != nil {
			t.Fatal(err)
		}
		if _, _, _, err := accts.SessionOwnerByTokenHash(ctx, "tok"); err == nil {
			t.Fatalf("a revoked session was found (%v)", err)
		}
	})
}
