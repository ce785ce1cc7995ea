package catalog

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// A service's page address (issue 33, docs/areas/service-pages.md): /services/{slug} where the
// slug is the English title as a slug, "--", and the service id ("hdr-listing-photography--
// svc-listingloop-hdr-photos"). The id makes it stable: a renamed service's old links still
// name it (the server answers them with a permanent redirect to the new slug), and the web app
// reads the id from the address without asking the server. web/src/lib/share.ts builds the same.

// pageSlugTitleMax is the longest title part, as web/src/lib/share.ts's slugify cuts it.
const pageSlugTitleMax = 80

// TitleSlug is a title as the page address writes it: accents dropped (NFKD, combining marks
// removed), lowercased, every run of other characters one dash, no dash at either end, at most
// 80 characters. It equals web/src/lib/share.ts's slugify with its trailing dash trimmed.
func TitleSlug(title string) string {
	var b strings.Builder
	dash := false
	for _, r := range norm.NFKD.String(title) {
		if r >= 0x300 && r <= 0x36f {
			continue
		}
		r = unicode.ToLower(r)
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
			dash = false
		} else if !dash {
			b.WriteByte('-')
			dash = true
		}
	}
	s := strings.Trim(b.String(), "-")
	if len(s) > pageSlugTitleMax {
		s = s[:pageSlugTitleMax]
	}
	return strings.TrimRight(s, "-")
}

// PageSlug is a service's page slug: its title's slug ("service" when the title has no letter
// or digit), "--" and its id.
func PageSlug(id, title string) string {
	t := TitleSlug(title)
	if t == "" {
		t = "service"
	}
	return t + "--" + id
}

// PageSlugID is the service id a page slug names: what follows its first "--", else the whole
// slug (a title slug never holds two dashes in a row).
func PageSlugID(slug string) string {
	if _, id, ok := strings.Cut(slug, "--"); ok {
		return id
	}
	return slug
}
