package ministry

import (
	"slices"
	"strings"
	"testing"
)

// TestF_AREA_06_BundledScriptures: 60 to 100 verses, each reference once, each with text and
// known tags only, at least eight verses a tag; VersesFor filters by tag.
func TestF_AREA_06_BundledScriptures(t *testing.T) {
	if n := len(Verses); n < 60 || n > 100 {
		t.Fatalf("%d verses", n)
	}
	seen := map[string]bool{}
	for _, v := range Verses {
		if seen[v.Ref] || strings.TrimSpace(v.Text) == "" || len(v.Tags) == 0 {
			t.Fatalf("verse %+v (repeated %v)", v, seen[v.Ref])
		}
		seen[v.Ref] = true
		for _, tag := range v.Tags {
			if !slices.Contains(Tags, tag) {
				t.Fatalf("%s: unknown tag %q", v.Ref, tag)
			}
		}
	}
	for _, tag := range Tags {
		got := VersesFor(tag)
		if len(got) < 8 {
			t.Fatalf("%s: %d verses", tag, len(got))
		}
		for _, v := range got {
			if !slices.Contains(v.Tags, tag) {
				t.Fatalf("%s: %s off the tag", tag, v.Ref)
			}
		}
	}
	if len(VersesFor("")) != len(Verses) || len(VersesFor("lottery")) != 0 {
		t.Fatal("VersesFor without a tag or with an unknown one")
	}
}

// TestF_AREA_06_PrayerValidation: body length, visibility and topic.
func TestF_AREA_06_PrayerValidation(t *testing.T) {
	ok := NewPrayer{Body: "For peace at home", Visibility: Private, Topic: "peace"}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []NewPrayer{
		{Body: "  a ", Visibility: Private},
		{Body: strings.Repeat("x", MaxBody+1), Visibility: Shared},
		{Body: "For rest", Visibility: "public"},
		{Body: "For rest", Visibility: Shared, Topic: "luck"},
	} {
		if bad.Validate() == nil {
			t.Fatalf("accepted %+v", bad)
		}
	}
}
