package httpapi

import (
	"context"

	"circle/internal/jobs"
	"circle/internal/monitor"
	"circle/internal/notify"
	"circle/internal/ratelimit"
)

// MonitorArea is monitoring: the web app's errors and product events, security events and the
// rate indicator, the built-in outbox and the dead background jobs.
type MonitorArea struct {
	Monitor *monitor.Service
	// Limiter is the authentication endpoints' limit the rate indicator reads (nil: none).
	Limiter *ratelimit.Limiter
	Jobs    *jobs.Runner
}

// Summaries too long for their route line.
const (
	sumReportClientError   = "Record an error the web app caught"
	sumRecordAppEvent      = "Record a product event (login_success, signup_success)"
	sumRecordSecurityEvent = "Record a security event (deduplicated per 10 s)"
	sumAdminDeadJobs       = "Background jobs that failed their last attempt, most recent first"
)

// Register declares the area's routes.
func (h *MonitorArea) Register(r *Router) {
	post(r, "/api/client-errors", "report-client-error", sumReportClientError, "platform", public, h.reportClientError, maxKB(64), accepted)
	post(r, "/api/app-events", "record-app-event", sumRecordAppEvent, "platform", public, h.recordAppEvent, maxKB(16), accepted)
	post(r, "/api/security-events", "record-security-event", sumRecordSecurityEvent, "security", user, h.recordSecurityEvent, maxKB(16))
	get(r, "/api/admin/security-rate", "security-rate", "Security operation rate indicator", "security", admin, h.securityRate)
	get(r, "/api/admin/outbox", "admin-outbox", "E-mails in the built-in outbox", "admin", admin, h.adminOutbox)
	get(r, "/api/admin/jobs/dead", "admin-dead-jobs", sumAdminDeadJobs, "admin", admin, h.adminDeadJobs)
}

type clientErrorInput struct {
	UserAgent string `header:"User-Agent"`
	Body      struct {
		URL       string         `json:"url,omitempty" maxLength:"2000" doc:"Page the error happened on"`
		Component string         `json:"component,omitempty" maxLength:"200"`
		Section   string         `json:"section,omitempty" maxLength:"200" doc:"Screen section, e.g. global_monitor"`
		ErrorType string         `json:"error_type,omitempty" enum:"runtime,runtime_error,unhandled_promise,network_error,render_error" doc:"Default runtime"`
		Message   string         `json:"message" minLength:"1" doc:"Cut to 1000 characters"`
		Stack     string         `json:"stack,omitempty" doc:"Cut to 4000 characters"`
		Metadata  map[string]any `json:"metadata,omitempty"`
	}
}

type acceptedOutputBody struct {
	ID string `json:"id"`
}

type acceptedOutput = bodyOutput[acceptedOutputBody]

func (h *MonitorArea) reportClientError(ctx context.Context, in *clientErrorInput) (*acceptedOutput, error) {
	r := monitor.ClientErrorReport{
		URL: in.Body.URL, Component: in.Body.Component, Section: in.Body.Section, ErrorType: in.Body.ErrorType,
		Message: in.Body.Message, Stack: in.Body.Stack, UserAgent: in.UserAgent, Metadata: in.Body.Metadata,
	}
	if p, ok, err := viewer(ctx); err == nil && ok {
		r.UserID = &p.User.ID
	}
	id, err := h.Monitor.ReportClientError(ctx, r)
	return answer(acceptedOutputBody{ID: id}, err)
}

type appEventInput struct {
	Body struct {
		Name    string         `json:"name" enum:"login_success,signup_success,logout,session_restored"`
		Payload map[string]any `json:"payload,omitempty"`
	}
}

func (h *MonitorArea) recordAppEvent(ctx context.Context, in *appEventInput) (*acceptedOutput, error) {
	var userID *string
	if p, ok, err := viewer(ctx); err == nil && ok {
		userID = &p.User.ID
	}
	id, err := h.Monitor.RecordAppEvent(ctx, userID, in.Body.Name, in.Body.Payload)
	return answer(acceptedOutputBody{ID: id}, err)
}

type securityEventInput struct {
	Body struct {
		EventType string         `json:"event_type" minLength:"1" maxLength:"100" pattern:"^[a-z0-9_.:-]+$"`
		EventData map[string]any `json:"event_data,omitempty"`
	}
}

type securityEventOutputBody struct {
	Recorded bool `json:"recorded" doc:"False when the same event was already recorded in this 10-second bucket"`
}

type securityEventOutput = bodyOutput[securityEventOutputBody]

func (h *MonitorArea) recordSecurityEvent(ctx context.Context, in *securityEventInput) (*securityEventOutput, error) {
	c := callerFrom(ctx)
	recorded, err := h.Monitor.RecordSecurityEvent(ctx, monitor.SecurityEventReport{
		UserID: principalOf(ctx).User.ID, EventType: in.Body.EventType, EventData: in.Body.EventData, UserAgent: c.userAgent, IPAddress: c.ip,
	})
	return answer(securityEventOutputBody{Recorded: recorded}, err)
}

type rateStatusOutput struct {
	Body struct {
		Limited   bool `json:"limited"`
		Remaining int  `json:"remaining" doc:"The rate indicator: 100, or 50 when limited"`
	}
}

// securityRate is check_security_operation_rate_limit: admins see how close their address is
// to the authentication rate limit.
func (h *MonitorArea) securityRate(ctx context.Context, _ *struct{}) (*rateStatusOutput, error) {
	out := &rateStatusOutput{}
	out.Body.Remaining = 100
	limited, err := h.Limiter.Limited(ctx, callerFrom(ctx).ip)
	if err != nil {
		loggerFrom(ctx).Error("auth rate limit", "err", err) // the indicator shows not limited
	}
	if limited {
		out.Body.Limited, out.Body.Remaining = true, 50
	}
	return out, nil
}

type outboxInput struct {
	To    string `query:"to" maxLength:"255"`
	Limit int    `query:"limit" minimum:"1" maximum:"500" default:"100"`
}

type outboxOutputBody struct {
	Emails []notify.OutboxEmail `json:"emails"`
}

type outboxOutput = bodyOutput[outboxOutputBody]

func (h *MonitorArea) adminOutbox(ctx context.Context, in *outboxInput) (*outboxOutput, error) {
	emails, err := h.Monitor.Outbox(ctx, in.To, in.Limit)
	return answer(outboxOutputBody{Emails: emails}, err)
}
