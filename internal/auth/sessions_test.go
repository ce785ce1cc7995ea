package auth_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/auth"
)

// sessionStore keeps one user's live sessions; every other auth.Store method is absent.
type sessionStore struct {
	auth.Store
	live      []account.Session
	revokeErr error
	revoked   []string
}

func (f *sessionStore) ListSessions(_ context.Context, userID string) ([]account.Session, error) {
	return f.live, nil
}

func (f *sessionStore) RevokeSessions(_ context.Context, userID string, ids []string) (int, error) {
	if f.revokeErr != nil {
		return 0, f.revokeErr
	}
	n := 0
	f.live = slices.DeleteFunc(f.live, func(s account.Session) bool {
		if slices.Contains(ids, s.ID) {
			f.revoked = append(f.revoked, s.ID)
			n++
			return true
		}
		return false
	})
	return n, nil
}

// TestSessionControl: each action's answer, the too-many warning and the three alerts.
func TestSessionControl(t *testing.T) {
	current := account.Session{ID: "s1", UserID: "u1", IPAddress: "198.51.100.1", DeviceFingerprint: "fp-1"}
	other := func(id, fp string) account.Session {
		return account.Session{ID: id, UserID: "u1", DeviceFingerprint: fp}
	}
	p := auth.Principal{User: account.User{ID: "u1"}, Session: current}
	cases := []struct {
		name      string
		live      []account.Session
		revokeErr error
		req       auth.SessionControlRequest
		code      apperr.Code
		sessions  int
		revoked   int
		tooMany   bool
		alerts    []string
	}{
		{"list", []account.Session{current, other("s2", "fp-2")}, nil, auth.SessionControlRequest{Action: auth.SessionList, CallerIP: "203.0.113.5"}, "", 2, 0, false, []string{}},
		{"heartbeat alone", []account.Session{current}, nil, auth.SessionControlRequest{Action: auth.SessionHeartbeat, CallerIP: "198.51.100.1"}, "", 1, 0, false, []string{}},
		{"heartbeat from a new address", []account.Session{current, other("s2", "fp-1")}, nil, auth.SessionControlRequest{Action: auth.SessionHeartbeat, CallerIP: "203.0.113.5"}, "", 2,
			0, false, []string{auth.AlertMultipleSessions, auth.AlertIPChange}},
		{"start on a new device", []account.Session{current, other("s2", "fp-2"), other("s3", "")}, nil, auth.SessionControlRequest{Action: auth.SessionStart}, "", 3,
			0, false, []string{auth.AlertMultipleSessions, auth.AlertNewDevice}},
		{"start on a known device", []account.Session{current, other("s2", "fp-1")}, nil, auth.SessionControlRequest{Action: auth.SessionStart}, "", 2,
			0, false, []string{auth.AlertMultipleSessions}},
		{"heartbeat never says new device", []account.Session{current, other("s2", "fp-2")}, nil, auth.SessionControlRequest{Action: auth.SessionHeartbeat}, "", 2,
			0, false, []string{auth.AlertMultipleSessions}},
		{"start at the limit", []account.Session{current, other("s2", ""), other("s3", ""), other("s4", ""), other("s5", "")}, nil, auth.SessionControlRequest{Action: auth.SessionStart}, "", 5,
			0, true, []string{auth.AlertMultipleSessions}},
		{"list at the limit warns nothing", []account.Session{current, other("s2", ""), other("s3", ""), other("s4", ""), other("s5", "")}, nil, auth.SessionControlRequest{Action: auth.SessionList}, "", 5,
			0, false, []string{}},
		{"revoke", []account.Session{current, other("s2", ""), other("s3", "")}, nil, auth.SessionControlRequest{Action: auth.SessionRevoke, RevokeIDs: []string{"s2", "gone"}}, "", 2, 1, false, []string{}},
		{"revoke nothing", []account.Session{current}, nil, auth.SessionControlRequest{Action: auth.SessionRevoke}, apperr.Invalid, 0, 0, false, nil},
		{"revoke fails", []account.Session{current}, errors.New("disk"), auth.SessionControlRequest{Action: auth.SessionRevoke, RevokeIDs: []string{"s2"}}, apperr.Internal, 0, 0, false, nil},
		{"end", []account.Session{current, other("s2", "")}, nil, auth.SessionControlRequest{Action: auth.SessionEnd}, "", 0, 0, false, []string{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			store := &sessionStore{live: c.live, revokeErr: c.revokeErr}
			svc := &auth.Service{Store: store, Now: func() time.Time { return time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC) }}
			r, err := svc.SessionControl(context.Background(), p, c.req)
			if c.code != "" {
				if apperr.CodeOf(err) != c.code {
					t.Fatalf("error %v, want %s", err, c.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Sessions) != c.sessions || r.Revoked != c.revoked || r.TooMany != c.tooMany || !slices.Equal(r.Alerts, c.alerts) || r.Alerts == nil {
				t.Fatalf("report %+v", r)
			}
			if c.req.Action == auth.SessionEnd && !slices.Equal(store.revoked, []string{"s1"}) {
				t.Fatalf("end revoked %v, want the current session", store.revoked)
			}
		})
	}
}
