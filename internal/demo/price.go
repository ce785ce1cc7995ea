package demo

import (
	"regexp"
	"strconv"
	"strings"
)

// priceNumber matches the first number of a price text: digits with optional thousands commas
// ("1,299") and up to two decimals ("89.99").
var priceNumber = regexp.MustCompile(`\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?`)

// parsePriceCents reads a price as a vendor wrote it ("$299/mo", "1,500.00", "Starting at $450",
// "Free") and returns it in US cents. "free", "$0", "0" and "0.00" are 0; a text without a
// number ("Contact for quote") has no price and gives nil (03§5 Price parsing).
func parsePriceCents(text string) *int64 {
	t := strings.ToLower(strings.TrimSpace(text))
	switch t {
	case "free", "$0", "0", "0.00":
		return cents(0)
	}
	m := priceNumber.FindString(t)
	if m == "" {
		return nil
	}
	whole, frac, _ := strings.Cut(strings.ReplaceAll(m, ",", ""), ".")
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return nil
	}
	total := w * 100
	if frac != "" {
		if len(frac) == 1 {
			frac += "0"
		}
		f, err := strconv.ParseInt(frac, 10, 64)
		if err != nil {
			return nil
		}
		total += f
	}
	return &total
}

// cents returns a pointer to an amount in cents.
func cents(v int64) *int64 { return &v }

// intp returns a pointer to an int.
func intp(v int) *int { return &v }

// strp returns a pointer to a string.
func strp(v string) *string { return &v }

// f64p returns a pointer to a float64.
func f64p(v float64) *float64 { return &v }

// roundDollar rounds an amount in cents to whole dollars.
func roundDollar(c int64) int64 { return (c + 50) / 100 * 100 }
