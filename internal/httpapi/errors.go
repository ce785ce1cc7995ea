package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"regexp"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"circle/internal/apperr"
)

// ErrorBody is the one error shape of the API: a code, a message, the fields that failed with
// message keys the web app translates, and the request id to quote to support.
type ErrorBody struct {
	status    int
	Code      apperr.Code         `json:"code" enum:"invalid,unauthenticated,forbidden,not_found,conflict,rate_limited,locked,too_large,unavailable,internal" doc:"Machine-readable error class"`
	Message   string              `json:"message" doc:"What went wrong, in English"`
	Fields    []apperr.FieldError `json:"fields,omitempty" doc:"Fields that failed validation"`
	RequestID string              `json:"request_id,omitempty" doc:"Id of the request, also in the X-Request-Id header"`
	// retryAfter is sent as Retry-After on rate_limited answers.
	retryAfter int
}

func (e *ErrorBody) Error() string  { return string(e.Code) + ": " + e.Message }
func (e *ErrorBody) GetStatus() int { return e.status }

// GetHeaders sets Retry-After on rate-limited answers (huma.HeadersError).
func (e *ErrorBody) GetHeaders() http.Header {
	if e.retryAfter <= 0 {
		return nil
	}
	return http.Header{"Retry-After": []string{itoa(e.retryAfter)}}
}

var statusOfCode = map[apperr.Code]int{
	apperr.Invalid:         http.StatusBadRequest,
	apperr.Unauthenticated: http.StatusUnauthorized,
	apperr.Forbidden:       http.StatusForbidden,
	apperr.NotFound:        http.StatusNotFound,
	apperr.Conflict:        http.StatusConflict,
	apperr.RateLimited:     http.StatusTooManyRequests,
	apperr.Locked:          http.StatusLocked,
	apperr.TooLarge:        http.StatusRequestEntityTooLarge,
	apperr.Unavailable:     http.StatusServiceUnavailable,
	apperr.Internal:        http.StatusInternalServerError,
}

func codeOfStatus(status int) apperr.Code {
	switch {
	case status == http.StatusUnauthorized:
		return apperr.Unauthenticated
	case status == http.StatusForbidden:
		return apperr.Forbidden
	case status == http.StatusNotFound, status == http.StatusMethodNotAllowed:
		return apperr.NotFound
	case status == http.StatusConflict:
		return apperr.Conflict
	case status == http.StatusRequestEntityTooLarge:
		return apperr.TooLarge
	case status == http.StatusTooManyRequests:
		return apperr.RateLimited
	case status == http.StatusLocked:
		return apperr.Locked
	case status == http.StatusServiceUnavailable:
		return apperr.Unavailable
	case status >= 500:
		return apperr.Internal
	default:
		return apperr.Invalid
	}
}

const internalMessage = "An unexpected error occurred."

// statusClientClosedRequest is the status logged for a request its client abandoned (nginx's 499).
const statusClientClosedRequest = 499

// newError builds the API's error from a status, a message and the errors behind it. An
// *apperr.Error decides the status itself; huma's validation details become field errors.
func newError(ctx context.Context, status int, msg string, errs ...error) *ErrorBody {
	body := &ErrorBody{status: status, Code: codeOfStatus(status), Message: msg}
	if ctx != nil {
		body.RequestID = requestIDFrom(ctx)
	}
	for _, err := range errs {
		if err == nil {
			continue
		}
		if ctx != nil && ctx.Err() != nil && errors.Is(err, context.Canceled) {
			// The client went away mid-request: nothing failed here and nobody reads this
			// answer, so it is logged as the client's doing, not as a server error.
			body.status, body.Code, body.Message = statusClientClosedRequest, codeOfStatus(statusClientClosedRequest), "The request was cancelled."
			continue
		}
		if ae, ok := apperr.As(err); ok {
			body.Code = ae.Code
			body.status = statusOfCode[ae.Code]
			body.Message = ae.Message
			body.Fields = append(body.Fields, ae.Fields...)
			body.retryAfter = ae.RetryAfterSeconds
			if ae.Code == apperr.Internal {
				body.Message = internalMessage
				loggerFrom(ctx).Error("internal error", "err", err, "request_id", body.RequestID)
			}
			continue
		}
		var detailer huma.ErrorDetailer
		if errors.As(err, &detailer) {
			d := detailer.ErrorDetail()
			body.Fields = append(body.Fields, detailField(d))
			continue
		}
		if body.status >= 500 {
			loggerFrom(ctx).Error("internal error", "err", err, "request_id", body.RequestID)
		} else if body.Message == "" {
			body.Message = err.Error()
		}
	}
	if body.status >= 500 && body.Code == apperr.Internal {
		body.Message = internalMessage
	}
	if body.Code == apperr.Invalid && len(body.Fields) > 0 && (msg == "validation failed" || msg == "") {
		body.Message = body.Fields[0].Field + ": " + body.Fields[0].Message
	}
	if body.Message == "" {
		body.Message = http.StatusText(body.status)
	}
	return body
}

// detailField turns one huma validation detail into a field error. A missing property is
// reported by huma on its parent ("body"), so its name is taken from the message.
func detailField(d *huma.ErrorDetail) apperr.FieldError {
	f := apperr.FieldError{Field: fieldName(d.Location), Key: "validation.invalid", Message: d.Message}
	if m := missingProperty.FindStringSubmatch(d.Message); m != nil {
		if f.Field == "body" || f.Field == "" {
			f.Field = m[1]
		} else {
			f.Field += "." + m[1]
		}
		f.Key = "validation.required"
		f.Message = m[1] + " is required"
	}
	return f
}

var missingProperty = regexp.MustCompile(`^expected required property (\S+) to be present$`)

// fieldName turns huma's location ("body.email", "query.page", "body") into the field name.
func fieldName(location string) string {
	for _, prefix := range []string{"body.", "query.", "path.", "header.", "cookie."} {
		if strings.HasPrefix(location, prefix) {
			return strings.TrimPrefix(location, prefix)
		}
	}
	return location
}

// installErrorHook makes huma build every error as an ErrorBody. huma reads these package
// variables; setting them is idempotent, so it is done once at package start.
func init() {
	huma.NewError = func(status int, msg string, errs ...error) huma.StatusError {
		return newError(nil, status, msg, errs...)
	}
	huma.NewErrorWithContext = func(hctx huma.Context, status int, msg string, errs ...error) huma.StatusError {
		var ctx context.Context
		if hctx != nil {
			ctx = hctx.Context()
		}
		body := newError(ctx, status, msg, errs...)
		// huma copies headers only from errors that carry them when the handler returns;
		// an *apperr.Error learns its Retry-After here, so set it on the response now.
		if hctx != nil {
			for k, v := range body.GetHeaders() {
				for _, x := range v {
					hctx.SetHeader(k, x)
				}
			}
		}
		return body
	}
}

// writeError writes an ErrorBody outside huma (middleware, plain handlers).
func writeError(w http.ResponseWriter, r *http.Request, status int, msg string, errs ...error) {
	body := newError(r.Context(), status, msg, errs...)
	for k, v := range body.GetHeaders() {
		w.Header()[k] = v
	}
	writeJSON(w, body.status, body)
}

func loggerFrom(ctx context.Context) *slog.Logger {
	if ctx != nil {
		if l, ok := ctx.Value(loggerKey{}).(*slog.Logger); ok {
			return l
		}
	}
	return slog.Default()
}
