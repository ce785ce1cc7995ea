package httpapi

import (
	"context"
	"fmt"
	"time"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/auth"
)

// SessionRow is one session in the active-sessions dialog.
type SessionRow struct {
	ID           string    `json:"id"`
	UserAgent    string    `json:"user_agent"`
	IPAddress    string    `json:"ip_address"`
	LastActivity time.Time `json:"last_activity"`
	CreatedAt    time.Time `json:"created_at"`
	Current      bool      `json:"current"`
}

type sessionControlInput struct {
	Body struct {
		Action            string   `json:"action" enum:"start,heartbeat,end,list,revoke"`
		SessionIDs        []string `json:"sessionIds,omitempty" maxItems:"50"`
		DeviceFingerprint string   `json:"deviceFingerprint,omitempty" maxLength:"200"`
	}
}

// SessionControl is the session-control answer (01§7).
type SessionControl struct {
	Warning        string       `json:"warning,omitempty"`
	ActiveSessions int          `json:"activeSessions"`
	MaxSessions    int          `json:"maxSessions"`
	Sessions       []SessionRow `json:"sessions,omitempty"`
	Revoked        int          `json:"revoked,omitempty"`
	Message        string       `json:"message,omitempty"`
	// Alerts name the security dialogs to show: multiple_sessions, ip_change, new_device.
	Alerts []string `json:"alerts"`
}

type sessionControlOutput struct {
	Body SessionControl
}

func (s *Server) sessionControl(ctx context.Context, in *sessionControlInput) (*sessionControlOutput, error) {
	p := principalOf(ctx)
	out := &sessionControlOutput{}
	res := &out.Body
	res.MaxSessions = auth.MaxActiveSessions
	res.Alerts = []string{}
	switch in.Body.Action {
	case "end":
		if err := s.deps.Auth.SignOut(ctx, p.User.ID, p.Session.ID); err != nil {
			return nil, err
		}
		return out, nil
	case "revoke":
		if len(in.Body.SessionIDs) == 0 {
			return nil, apperr.Field("sessionIds", "sessions.select_one", "Select at least one session to revoke.")
		}
		n, err := s.deps.DB.RevokeSessions(ctx, p.User.ID, in.Body.SessionIDs)
		if err != nil {
			return nil, apperr.Wrap(err, "Failed to revoke sessions")
		}
		res.Revoked = n
		res.Message = fmt.Sprintf("Revoked %d session(s)", n)
	}
	sessions, err := s.deps.DB.ListSessions(ctx, p.User.ID)
	if err != nil {
		return nil, err
	}
	res.ActiveSessions = len(sessions)
	c := callerFrom(ctx)
	for _, sess := range sessions {
		res.Sessions = append(res.Sessions, SessionRow{
			ID: sess.ID, UserAgent: sess.UserAgent, IPAddress: sess.IPAddress, LastActivity: sess.LastActivity,
			CreatedAt: sess.CreatedAt, Current: sess.ID == p.Session.ID,
		})
	}
	if in.Body.Action == "start" || in.Body.Action == "heartbeat" {
		if res.ActiveSessions >= auth.MaxActiveSessions {
			res.Warning = MsgTooManySessions
		}
		if res.ActiveSessions > 1 {
			res.Alerts = append(res.Alerts, "multiple_sessions")
		}
		if p.Session.IPAddress != "" && c.ip != "" && c.ip != p.Session.IPAddress {
			res.Alerts = append(res.Alerts, "ip_change")
		}
		if in.Body.Action == "start" && isNewDevice(p.Session.ID, p.Session.DeviceFingerprint, sessions) {
			res.Alerts = append(res.Alerts, "new_device")
		}
	}
	return out, nil
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
