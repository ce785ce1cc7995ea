package account

import (
	"net/mail"
	"strings"

	"circle/internal/apperr"
)

// ValidateEmail checks an e-mail address: required, at most 255 characters, x@y.z (03§5).
func ValidateEmail(email string) error {
	email = strings.TrimSpace(email)
	if email == "" {
		return apperr.Field("email", "validation.email_invalid", "Please enter a valid email address.")
	}
	if len(email) > 255 {
		return apperr.Field("email", "validation.email_too_long", "email must be no more than 255 characters")
	}
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Address != email {
		return apperr.Field("email", "validation.email_invalid", "Please enter a valid email address.")
	}
	at := strings.LastIndexByte(email, '@')
	if at < 1 || !strings.Contains(email[at+1:], ".") || strings.HasSuffix(email, ".") {
		return apperr.Field("email", "validation.email_invalid", "Please enter a valid email address.")
	}
	return nil
}
