package formrules

import (
	"regexp"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// AllowedTags are the only elements SanitizeHTML keeps (03§5), always without attributes.
var AllowedTags = []string{"p", "br", "strong", "em", "b", "i", "u", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6"}

var allowed = map[atom.Atom]bool{}

func init() {
	for _, t := range AllowedTags {
		allowed[atom.Lookup([]byte(t))] = true
	}
}

// dropped are the elements whose content goes with them (code, styles, embedded documents).
var dropped = map[atom.Atom]bool{atom.Script: true, atom.Style: true, atom.Iframe: true, atom.Object: true, atom.Embed: true,
	atom.Template: true, atom.Noscript: true, atom.Textarea: true, atom.Title: true, atom.Svg: true, atom.Math: true}

var (
	jsScheme = regexp.MustCompile(`(?i)j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*:`)
	handler  = regexp.MustCompile(`(?i)\bon[a-z]+\s*=`)
)

// stripPrefixes removes 'javascript:' and inline handler prefixes (onerror=, onclick= ...)
// until none is left (removing one must not join the halves into another).
func stripPrefixes(s string) string {
	for {
		out := handler.ReplaceAllString(jsScheme.ReplaceAllString(s, ""), "")
		if out == s {
			return out
		}
		s = out
	}
}

// walk runs the tokenizer over s, calling text for the text outside dropped elements and tag
// for every start, end or self-closing tag outside them.
func walk(s string, text func(string), tag func(html.Token)) {
	z := html.NewTokenizer(strings.NewReader(s))
	skip := 0
	for {
		switch z.Next() {
		case html.ErrorToken:
			return
		case html.TextToken:
			if skip == 0 {
				text(string(z.Text()))
			}
		case html.StartTagToken:
			t := z.Token()
			if dropped[t.DataAtom] {
				skip++
			} else if skip == 0 {
				tag(t)
			}
		case html.EndTagToken:
			t := z.Token()
			if dropped[t.DataAtom] {
				if skip > 0 {
					skip--
				}
			} else if skip == 0 {
				tag(t)
			}
		case html.SelfClosingTagToken:
			if t := z.Token(); skip == 0 && !dropped[t.DataAtom] {
				tag(t)
			}
		}
	}
}

// SanitizeText is the text sanitiser of 03§5: script (and style) elements with their content, every
// other HTML tag, 'javascript:' and inline handler prefixes are removed; the words stay. Entities
// are decoded, and the result is sanitised again until it no longer changes, so an escaped
// "&lt;script&gt;" does not come back as a tag. Surrounding space is trimmed.
func SanitizeText(s string) string {
	for range 8 {
		var b strings.Builder
		walk(s, func(t string) { b.WriteString(t) }, func(html.Token) {})
		out := stripPrefixes(b.String())
		if out == s {
			break
		}
		s = out
	}
	return strings.TrimSpace(s)
}

// SanitizeHTML is the HTML sanitiser of 03§5: only p, br, strong, em, b, i, u, ul, ol, li and h1-h6
// are kept, with no attributes; other tags are removed (their text stays, except the content of
// script, style and embedded documents); text is escaped and loses 'javascript:' and inline
// handler prefixes.
func SanitizeHTML(s string) string {
	var b strings.Builder
	walk(s, func(t string) { b.WriteString(html.EscapeString(stripPrefixes(t))) }, func(t html.Token) {
		if !allowed[t.DataAtom] {
			return
		}
		switch {
		case t.DataAtom == atom.Br:
			b.WriteString("<br>")
		case t.Type == html.EndTagToken:
			b.WriteString("</" + t.Data + ">")
		case t.Type == html.StartTagToken:
			b.WriteString("<" + t.Data + ">")
		}
	})
	return strings.TrimSpace(b.String())
}
