// Package pricing owns money rules that are pure functions: reading a price a person wrote
// (03§5 Price parsing and checks), money in integer cents and its display in USD or CAD
// (03§9), the default packages (02§9), the price options a cart line may be bought at, and the
// Pro Savings Guarantee (02§9). Nothing here touches a database or does float arithmetic.
package pricing

import (
	"strings"
)

// Bounds of a price (03§9): at least one cent, at most $100,000; above $10,000 needs admin
// approval (a warning, not an error).
const (
	MinCents        int64 = 1
	MaxCents        int64 = 100_000_00
	HighPriceCents  int64 = 10_000_00
	MaxDiscountPerc       = 95
)

// The exact messages of 03§5. MsgBelowMinimum is ours: the spec sets a 0.01 minimum without
// wording for it.
const (
	MsgNoPrice       = "Could not extract valid price from string"
	MsgInvalidFormat = "Invalid price format - must be a valid number"
	MsgNegative      = "Price cannot be negative"
	MsgTooHigh       = "Price cannot exceed $100,000"
	MsgBelowMinimum  = "Price must be at least $0.01"
	WarnRounded      = "Price rounded to 2 decimal places"
	WarnHighPrice    = "High price detected - requires admin approval"
)

// ParseError is a price that cannot be used, with a message key for translation and the
// spec's English message.
type ParseError struct {
	Key     string
	Message string
}

func (e *ParseError) Error() string { return e.Message }

func parseErr(key, msg string) *ParseError { return &ParseError{Key: "price." + key, Message: msg} }

// Parsed is a price read from text.
type Parsed struct {
	// Cents is the amount in cents (0 for a free price).
	Cents int64
	// Free is set for the zero forms ('free', '$0', '0', '0.00' and any other all-zero number).
	Free bool
	// Warnings are the spec's warnings (rounding, high price); the price is still usable.
	Warnings []string
}

// ParsePrice reads a price as a vendor or an agent wrote it ("$1,299/mo", "Starting at $450",
// "Free", "89.99") per 03§5:
//   - 'free', '$0', '0' and '0.00' mean 0;
//   - otherwise the first number is taken: digits with optional thousands commas (1,299) and
//     decimals; more than 2 decimals are rounded half up with the warning "Price rounded to 2
//     decimal places";
//   - no number at all: "Could not extract valid price from string";
//   - a malformed number (1,23 or 1.2.3): "Invalid price format - must be a valid number";
//   - a minus sign before the number: "Price cannot be negative";
//   - above $100,000: "Price cannot exceed $100,000"; above $10,000 the warning "High price
//     detected - requires admin approval";
//   - a positive amount that rounds below one cent: "Price must be at least $0.01".
//
// The error, when there is one, is a *ParseError.
func ParsePrice(text string) (Parsed, error) {
	t := strings.TrimSpace(text)
	switch strings.ToLower(t) {
	case "free", "$0", "0", "0.00":
		return Parsed{Free: true}, nil
	}
	start := firstNumber(t)
	if start < 0 {
		return Parsed{}, parseErr("not_found", MsgNoPrice)
	}
	end := start
	for end < len(t) && (isDigit(t[end]) || t[end] == ',' || t[end] == '.') {
		end++
	}
	// A number that ends a sentence or a list ("$450.", "2, 3 or 4") keeps its punctuation out.
	tok := strings.TrimRight(t[start:end], ".,")
	whole, frac, ok := splitNumber(tok)
	if !ok {
		return Parsed{}, parseErr("invalid_format", MsgInvalidFormat)
	}
	if negativeBefore(t, start) {
		return Parsed{}, parseErr("negative", MsgNegative)
	}
	whole = strings.TrimLeft(whole, "0")
	if len(whole) > 9 {
		return Parsed{}, parseErr("too_high", MsgTooHigh)
	}
	var out Parsed
	cents := int64(0)
	for i := 0; i < len(whole); i++ {
		cents = cents*10 + int64(whole[i]-'0')
	}
	cents *= 100
	switch {
	case len(frac) == 1:
		cents += int64(frac[0]-'0') * 10
	case len(frac) >= 2:
		cents += int64(frac[0]-'0')*10 + int64(frac[1]-'0')
		if len(frac) > 2 {
			if frac[2] >= '5' {
				cents++
			}
			out.Warnings = append(out.Warnings, WarnRounded)
		}
	}
	if cents == 0 {
		if strings.Trim(whole+frac, "0") == "" {
			out.Free = true
			return out, nil
		}
		return Parsed{}, parseErr("below_minimum", MsgBelowMinimum)
	}
	if cents > MaxCents {
		return Parsed{}, parseErr("too_high", MsgTooHigh)
	}
	if cents > HighPriceCents {
		out.Warnings = append(out.Warnings, WarnHighPrice)
	}
	out.Cents = cents
	return out, nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// firstNumber returns the index where the first number starts: its first digit, or a decimal
// point directly followed by a digit (".50"); -1 when there is none.
func firstNumber(t string) int {
	for i := 0; i < len(t); i++ {
		if isDigit(t[i]) {
			return i
		}
		if t[i] == '.' && i+1 < len(t) && isDigit(t[i+1]) {
			return i
		}
	}
	return -1
}

// splitNumber checks a number token and returns its whole and fractional digits. Thousands
// commas must group by three ("1,299", "12,345,678"); the fraction has digits only.
func splitNumber(tok string) (whole, frac string, ok bool) {
	if tok == "" || strings.Count(tok, ".") > 1 {
		return "", "", false
	}
	whole, frac, _ = strings.Cut(tok, ".")
	if strings.Contains(frac, ",") {
		return "", "", false
	}
	if strings.Contains(whole, ",") {
		groups := strings.Split(whole, ",")
		if len(groups[0]) < 1 || len(groups[0]) > 3 {
			return "", "", false
		}
		for _, g := range groups[1:] {
			if len(g) != 3 {
				return "", "", false
			}
		}
		whole = strings.ReplaceAll(whole, ",", "")
	}
	if whole == "" && frac == "" {
		return "", "", false
	}
	return whole, frac, true
}

// negativeBefore reports a minus sign in front of the number at start, allowing a currency
// symbol and spaces between ("-$5", "$-5", "- 5", "−5"), but not a hyphen inside a word or a
// range ("Add-on 5" has none; "2-5" is a range, and its second number is never the first).
func negativeBefore(t string, start int) bool {
	i := start
	for i > 0 {
		c := t[i-1]
		if c == ' ' || c == '$' {
			i--
			continue
		}
		break
	}
	switch {
	case i > 0 && t[i-1] == '-':
		i--
	case i >= 3 && t[i-3:i] == "−": // U+2212 MINUS SIGN
		i -= 3
	default:
		return false
	}
	if i == 0 {
		return true
	}
	prev := t[i-1]
	return !(isDigit(prev) || prev >= 'a' && prev <= 'z' || prev >= 'A' && prev <= 'Z')
}

// FormatDecimal writes cents as a plain number with thousands commas and two decimals
// ("1,234.56"); ParsePrice reads it back to the same cents.
func FormatDecimal(cents int64) string {
	neg := cents < 0
	if neg {
		cents = -cents
	}
	s := groupThousands(cents/100, ",") + "." + twoDigits(cents%100)
	if neg {
		return "-" + s
	}
	return s
}

func twoDigits(n int64) string {
	return string([]byte{byte('0' + n/10), byte('0' + n%10)})
}

// groupThousands writes a non-negative integer with sep between groups of three digits.
func groupThousands(n int64, sep string) string {
	digits := []byte{}
	if n == 0 {
		return "0"
	}
	for n > 0 {
		digits = append(digits, byte('0'+n%10))
		n /= 10
	}
	var b strings.Builder
	for i := len(digits) - 1; i >= 0; i-- {
		b.WriteByte(digits[i])
		if i > 0 && i%3 == 0 {
			b.WriteString(sep)
		}
	}
	return b.String()
}
