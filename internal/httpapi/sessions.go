package httpapi

import (
	"context"
	"fmt"
	"time"

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

type sessionControlOutput = bodyOutput[SessionControl]

func (h *AuthArea) sessionControl(ctx context.Context, in *sessionControlInput) (*sessionControlOutput, error) {
	p := principalOf(ctx)
	rep, err := h.Auth.SessionControl(ctx, p, auth.SessionControlRequest{Action: in.Body.Action, RevokeIDs: in.Body.SessionIDs, CallerIP: callerFrom(ctx).ip})
	if err != nil {
		return nil, err
	}
	out := &sessionControlOutput{}
	res := &out.Body
	res.MaxSessions = auth.MaxActiveSessions
	res.Alerts = rep.Alerts
	if in.Body.Action == auth.SessionEnd {
		return out, nil
	}
	if in.Body.Action == auth.SessionRevoke {
		res.Revoked = rep.Revoked
		res.Message = fmt.Sprintf("Revoked %d session(s)", rep.Revoked)
	}
	res.ActiveSessions = len(rep.Sessions)
	for _, sess := range rep.Sessions {
		res.Sessions = append(res.Sessions, SessionRow{
			ID: sess.ID, UserAgent: sess.UserAgent, IPAddress: sess.IPAddress, LastActivity: sess.LastActivity,
			CreatedAt: sess.CreatedAt, Current: sess.ID == p.Session.ID,
		})
	}
	if rep.TooMany {
		res.Warning = MsgTooManySessions
	}
	return out, nil
}
