package auth

import (
	"context"

	"circle/internal/account"
	"circle/internal/apperr"
)

// Session-control actions (01§7).
const (
	SessionStart     = "start"
	SessionHeartbeat = "heartbeat"
	SessionEnd       = "end"
	SessionList      = "list"
	SessionRevoke    = "revoke"
)

// Session alerts name the security dialogs the web app shows.
const (
	AlertMultipleSessions = "multiple_sessions"
	AlertIPChange         = "ip_change"
	AlertNewDevice        = "new_device"
)

// SessionControlRequest is one session-control call of the signed-in user.
type SessionControlRequest struct {
	Action string
	// RevokeIDs are the sessions to end (SessionRevoke).
	RevokeIDs []string
	// CallerIP is the address the request came from ("" when unknown).
	CallerIP string
}

// SessionReport answers a session-control call.
type SessionReport struct {
	// Sessions are the user's live sessions, most recent activity first; none after SessionEnd.
	Sessions []account.Session
	// Revoked counts the sessions SessionRevoke ended.
	Revoked int
	// TooMany: on start or heartbeat, the user has MaxActiveSessions live sessions or more.
	TooMany bool
	// Alerts are AlertMultipleSessions, AlertIPChange and AlertNewDevice, on start or heartbeat
	// (a new device only on start); never nil.
	Alerts []string
}

// SessionControl runs the session-control dialog (01§7): end the current session, revoke
// others, or list the live sessions with the security alerts of a start or heartbeat.
func (s *Service) SessionControl(ctx context.Context, p Principal, req SessionControlRequest) (SessionReport, error) {
	r := SessionReport{Alerts: []string{}}
	switch req.Action {
	case SessionEnd:
		return r, s.SignOut(ctx, p.User.ID, p.Session.ID)
	case SessionRevoke:
		if len(req.RevokeIDs) == 0 {
			return r, apperr.Field("sessionIds", "sessions.select_one", "Select at least one session to revoke.")
		}
		n, err := s.Store.RevokeSessions(ctx, p.User.ID, req.RevokeIDs)
		if err != nil {
			return r, apperr.Wrap(err, "Failed to revoke sessions")
		}
		r.Revoked = n
	}
	sessions, err := s.Store.ListSessions(ctx, p.User.ID)
	if err != nil {
		return r, err
	}
	r.Sessions = sessions
	if req.Action == SessionStart || req.Action == SessionHeartbeat {
		r.TooMany = len(sessions) >= MaxActiveSessions
		if len(sessions) > 1 {
			r.Alerts = append(r.Alerts, AlertMultipleSessions)
		}
		if p.Session.IPAddress != "" && req.CallerIP != "" && req.CallerIP != p.Session.IPAddress {
			r.Alerts = append(r.Alerts, AlertIPChange)
		}
		if req.Action == SessionStart && isNewDevice(p.Session.ID, p.Session.DeviceFingerprint, sessions) {
			r.Alerts = append(r.Alerts, AlertNewDevice)
		}
	}
	return r, nil
}

// isNewDevice reports whether the current session's device fingerprint is unlike every other
// live session of the user (only when there are others to compare with).
func isNewDevice(currentID, fingerprint string, sessions []account.Session) bool {
	if fingerprint == "" {
		return false
	}
	others := 0
	for _, s := range sessions {
		if s.ID == currentID || s.DeviceFingerprint == "" {
			continue
		}
		others++
		if s.DeviceFingerprint == fingerprint {
			return false
		}
	}
	return others > 0
}
