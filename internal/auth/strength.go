// Package auth owns sign-up, sign-in, e-mail verification, password reset, lockout, the bot
// check and sessions (spec 01, 03§5, 03§7).
package auth

import (
	"strings"
	"unicode"
)

// MaxStrengthScore is the top of the password score (03§9).
const MaxStrengthScore = 6

// Strength is the answer of validate_password_strength.
type Strength struct {
	IsStrong bool     `json:"is_strong"`
	Score    int      `json:"score"`
	MaxScore int      `json:"max_score"`
	Level    string   `json:"level" enum:"weak,medium,strong"`
	Feedback []string `json:"feedback"`
}

// Feedback keys and their English text; the web app translates by key.
var feedbackText = map[string]string{
	"password.min_length": "Use at least 8 characters",
	"password.long":       "Use 12 or more characters for extra strength",
	"password.lowercase":  "Add a lowercase letter",
	"password.uppercase":  "Add an uppercase letter",
	"password.number":     "Add a number",
	"password.symbol":     "Add a symbol",
	"password.common":     "Avoid common passwords and predictable patterns",
	"password.max_length": "Use no more than 128 characters",
}

// FeedbackText returns the English text of a feedback key.
func FeedbackText(key string) string { return feedbackText[key] }

// commonPasswords are refused whatever their character mix (they satisfy naive rules).
var commonPasswords = map[string]bool{
	"password1!": true, "password123!": true, "p@ssw0rd": true, "p@ssword1": true, "welcome1!": true,
	"qwerty123!": true, "letmein1!": true, "admin123!": true, "changeme1!": true, "iloveyou1!": true,
	"realestate1!": true, "realtor123!": true, "summer2026!": true, "winter2026!": true, "abc12345!": true,
}

// CheckStrength scores a password out of 6: at least 8 characters, 12 or more, a lowercase
// letter, an uppercase letter, a number and a symbol, one point each. A common password scores
// at most 2, and one missing any of the four kinds at most 4, since sign-up needs upper and
// lower case, a digit and a symbol (01§5). Weak is 2 or less, medium 4 or less, strong above;
// strong is what sign-up needs (8+ characters with all four kinds scores 5).
func CheckStrength(password string) Strength {
	var lower, upper, digit, symbol bool
	n := 0
	for _, r := range password {
		n++
		switch {
		case unicode.IsLower(r):
			lower = true
		case unicode.IsUpper(r):
			upper = true
		case unicode.IsDigit(r):
			digit = true
		case !unicode.IsSpace(r):
			symbol = true
		}
	}
	s := Strength{MaxScore: MaxStrengthScore, Feedback: []string{}}
	point := func(ok bool, key string) {
		if ok {
			s.Score++
		} else {
			s.Feedback = append(s.Feedback, key)
		}
	}
	point(n >= 8, "password.min_length")
	point(n >= 12, "password.long")
	point(lower, "password.lowercase")
	point(upper, "password.uppercase")
	point(digit, "password.number")
	point(symbol, "password.symbol")
	if !(lower && upper && digit && symbol) && s.Score > 4 {
		s.Score = 4
	}
	if commonPasswords[strings.ToLower(password)] || isPredictable(password) {
		if s.Score > 2 {
			s.Score = 2
		}
		s.Feedback = append(s.Feedback, "password.common")
	}
	if n > 128 {
		s.Score = 0
		s.Feedback = append(s.Feedback, "password.max_length")
	}
	switch {
	case s.Score <= 2:
		s.Level = "weak"
	case s.Score <= 4:
		s.Level = "medium"
	default:
		s.Level = "strong"
	}
	s.IsStrong = s.Level == "strong"
	return s
}

// isPredictable catches a single repeated character or a plain keyboard/number run.
func isPredictable(p string) bool {
	if p == "" {
		return false
	}
	same := true
	for i := 1; i < len(p); i++ {
		if p[i] != p[0] {
			same = false
			break
		}
	}
	if same {
		return true
	}
	l := strings.ToLower(p)
	for _, run := range []string{"12345678", "abcdefgh", "qwertyui", "asdfghjk"} {
		if strings.Contains(l, run) {
			return true
		}
	}
	return false
}
