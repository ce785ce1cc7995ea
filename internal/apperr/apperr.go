// Package apperr is the one error type of the application. Every error that reaches a caller
// carries a code; the HTTP layer maps codes to statuses and field errors to a list the web app
// translates by key.
package apperr

import (
	"errors"
	"fmt"
)

// Code classifies an error for callers.
type Code string

// The codes of the application.
const (
	Invalid         Code = "invalid"
	Unauthenticated Code = "unauthenticated"
	Forbidden       Code = "forbidden"
	NotFound        Code = "not_found"
	Conflict        Code = "conflict"
	RateLimited     Code = "rate_limited"
	Locked          Code = "locked"
	TooLarge        Code = "too_large"
	Unavailable     Code = "unavailable"
	Internal        Code = "internal"
)

// FieldError names one field that failed validation, with a message key for translation and
// the English message.
type FieldError struct {
	Field   string `json:"field"`
	Key     string `json:"key"`
	Message string `json:"message"`
}

// Error is an application error.
type Error struct {
	Code    Code
	Message string
	Fields  []FieldError
	// RetryAfterSeconds is set on rate_limited errors.
	RetryAfterSeconds int
	cause             error
}

func (e *Error) Error() string {
	if e.cause != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.cause)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

func (e *Error) Unwrap() error { return e.cause }

// New returns an error with a code and a message.
func New(code Code, message string) *Error { return &Error{Code: code, Message: message} }

// Wrap returns an internal error wrapping cause; the message is logged, not shown.
func Wrap(cause error, message string) *Error {
	return &Error{Code: Internal, Message: message, cause: cause}
}

// Field returns an invalid error naming one field.
func Field(field, key, message string) *Error {
	return &Error{Code: Invalid, Message: message, Fields: []FieldError{{Field: field, Key: key, Message: message}}}
}

// Fields returns an invalid error naming several fields; nil when fields is empty.
func Fields(fields []FieldError) error {
	if len(fields) == 0 {
		return nil
	}
	return &Error{Code: Invalid, Message: fields[0].Message, Fields: fields}
}

// CodeOf returns the code of err: its own code when it is an *Error, else internal.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return Internal
}

// As returns err as an *Error when it is one.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// FieldNames returns the names of the fields err names, in order: nil when err is not an
// *Error or names none. Tests compare them with the fields they expect to fail.
func FieldNames(err error) []string {
	e, ok := As(err)
	if !ok {
		return nil
	}
	var out []string
	for _, f := range e.Fields {
		out = append(out, f.Field)
	}
	return out
}

// IsNotFound reports whether err has the not_found code.
func IsNotFound(err error) bool { return CodeOf(err) == NotFound }
