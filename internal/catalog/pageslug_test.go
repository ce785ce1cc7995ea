package catalog

import "testing"

// F-CAT-08 (issue 33): a service page's slug is its title's slug and its id; the id comes back
// out of it whatever the title.
func TestF_CAT_08_PageSlug(t *testing.T) {
	for _, c := range []struct{ id, title, want string }{
		{"svc-listingloop-hdr-photos", "HDR Listing Photography", "hdr-listing-photography--svc-listingloop-hdr-photos"},
		{"abc", "Café-Style  Open House Kits!", "cafe-style-open-house-kits--abc"},
		{"0194f3a2-7b1c-7def-8abc-0123456789ab", "Élan & Co. — Déjà vu", "elan-co-deja-vu--0194f3a2-7b1c-7def-8abc-0123456789ab"},
		{"x--y", "日本", "service--x--y"},
		{"-lead", "Title", "title---lead"},
	} {
		got := PageSlug(c.id, c.title)
		if got != c.want {
			t.Errorf("PageSlug(%q, %q) = %q, want %q", c.id, c.title, got, c.want)
		}
		if id := PageSlugID(got); id != c.id {
			t.Errorf("PageSlugID(%q) = %q, want %q", got, id, c.id)
		}
	}
	long := PageSlug("id1", "a-abcdefghij abcdefghij abcdefghij abcdefghij abcdefghij abcdefghij abcdefghij abcdefghij")
	if id := PageSlugID(long); id != "id1" {
		t.Errorf("a long title's slug %q names %q", long, id)
	}
}
