package assessments

import (
	"fmt"
	"reflect"
	"testing"

	"circle/internal/apperr"
)

// TestF_AREA_06_DiscItemsAreBalanced: 24 items of four options, every style once per item and
// in each position six times, so no letter stands for a style.
func TestF_AREA_06_DiscItemsAreBalanced(t *testing.T) {
	if len(DiscItems) < 24 {
		t.Fatalf("%d items, want at least 24", len(DiscItems))
	}
	pos := map[Style][4]int{}
	ids := map[string]bool{}
	for _, it := range DiscItems {
		if ids[it.ID] {
			t.Fatalf("item %s twice", it.ID)
		}
		ids[it.ID] = true
		seen := map[Style]bool{}
		for i, o := range it.Options {
			s, ok := it.StyleOf(o)
			if !ok || seen[s] {
				t.Fatalf("item %s: option %s style %q repeated or unknown", it.ID, o, s)
			}
			seen[s] = true
			c := pos[s]
			c[i]++
			pos[s] = c
		}
	}
	for _, s := range Styles {
		if pos[s] != [4]int{6, 6, 6, 6} {
			t.Errorf("style %s by position: %v", s, pos[s])
		}
	}
}

// TestF_AREA_06_ScoreDisc: the scoring table: raw = most - least, the 0-100 scale, primary and
// secondary with the tie rules, the categories of the primary style.
func TestF_AREA_06_ScoreDisc(t *testing.T) {
	mixed := AnswersOfStyle(Influence, Conscientiousness)
	// Six items moved to D as most like me (from I), two to S as least (from C).
	for i := 0; i < 6; i++ {
		it := DiscItems[i]
		for _, o := range it.Options {
			if s, _ := it.StyleOf(o); s == Dominance {
				mixed[i].Most = o
			}
		}
	}
	for i := 10; i < 12; i++ {
		it := DiscItems[i]
		for _, o := range it.Options {
			if s, _ := it.StyleOf(o); s == Steadiness {
				mixed[i].Least = o
			}
		}
	}
	tie := AnswersOfStyle(Dominance, Conscientiousness)
	// Half the items: I most, S least => D 12, I 12, S -12, C -12: D and I tie on raw and on most; order breaks it.
	for i := 0; i < 12; i++ {
		it := DiscItems[i]
		for _, o := range it.Options {
			switch s, _ := it.StyleOf(o); s {
			case Influence:
				tie[i].Most = o
			case Steadiness:
				tie[i].Least = o
			}
		}
	}
	cases := []struct {
		name               string
		answers            []DiscAnswer
		raw                [4]int
		percent            [4]int
		primary, secondary Style
	}{
		{"all D over C", AnswersOfStyle(Dominance, Conscientiousness), [4]int{24, 0, 0, -24}, [4]int{100, 50, 50, 0}, Dominance, Influence},
		{"all S over I", AnswersOfStyle(Steadiness, Influence), [4]int{0, -24, 24, 0}, [4]int{50, 0, 100, 50}, Steadiness, Dominance},
		{"all C over D", AnswersOfStyle(Conscientiousness, Dominance), [4]int{-24, 0, 0, 24}, [4]int{0, 50, 50, 100}, Conscientiousness, Influence},
		{"mixed I then D", mixed, [4]int{6, 18, -2, -22}, [4]int{62, 87, 45, 4}, Influence, Dominance},
		{"tie on raw and most goes to D", tie, [4]int{12, 12, -12, -12}, [4]int{75, 75, 25, 25}, Dominance, Influence},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := ValidateDisc(c.answers); err != nil {
				t.Fatal(err)
			}
			p := ScoreDisc(c.answers)
			var raw, pct [4]int
			sum := 0
			for i, s := range p.Scores {
				if s.Style != Styles[i] || s.Raw != s.Most-s.Least {
					t.Fatalf("score %d: %+v", i, s)
				}
				raw[i], pct[i] = s.Raw, s.Percent
				sum += s.Raw
			}
			if raw != c.raw || pct != c.percent || sum != 0 {
				t.Fatalf("raw %v percent %v, want %v %v", raw, pct, c.raw, c.percent)
			}
			if p.Primary != c.primary || p.Secondary != c.secondary {
				t.Fatalf("primary %s secondary %s, want %s %s", p.Primary, p.Secondary, c.primary, c.secondary)
			}
			if !reflect.DeepEqual(p.Categories, StyleCategories[c.primary]) || len(p.Categories) != 3 {
				t.Fatalf("categories %v", p.Categories)
			}
		})
	}
}

// TestF_AREA_06_ValidateDisc: every problem is a 400 naming the item.
func TestF_AREA_06_ValidateDisc(t *testing.T) {
	full := func(edit func([]DiscAnswer) []DiscAnswer) []DiscAnswer {
		return edit(AnswersOfStyle(Dominance, Steadiness))
	}
	cases := []struct {
		name    string
		answers []DiscAnswer
		field   string
		key     string
	}{
		{"none", nil, "answers.q01", "assessments.disc.unanswered"},
		{"one missing", full(func(a []DiscAnswer) []DiscAnswer { return a[:23] }), "answers.q24", "assessments.disc.unanswered"},
		{"same choice", full(func(a []DiscAnswer) []DiscAnswer { a[4].Least = a[4].Most; return a }), "answers.q05.least", "assessments.disc.sameChoice"},
		{"unknown option", full(func(a []DiscAnswer) []DiscAnswer { a[6].Most = "e"; return a }), "answers.q07.most", "assessments.disc.chooseMost"},
		{"no least", full(func(a []DiscAnswer) []DiscAnswer { a[1].Least = ""; return a }), "answers.q02.least", "assessments.disc.chooseLeast"},
		{"unknown item", full(func(a []DiscAnswer) []DiscAnswer { return append(a, DiscAnswer{Item: "q99", Most: "a", Least: "b"}) }), "answers[24].item", "assessments.disc.unknownItem"},
		{"twice", full(func(a []DiscAnswer) []DiscAnswer { return append(a, a[2]) }), "answers.q03", "assessments.disc.duplicate"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := ValidateDisc(c.answers)
			e, ok := apperr.As(err)
			if !ok || e.Code != apperr.Invalid {
				t.Fatalf("error %v", err)
			}
			for _, f := range e.Fields {
				if f.Field == c.field && f.Key == c.key {
					return
				}
			}
			t.Fatalf("no %s/%s in %s", c.field, c.key, fmt.Sprint(e.Fields))
		})
	}
	if err := ValidateDisc(AnswersOfStyle(Dominance, Steadiness)); err != nil {
		t.Fatal(err)
	}
}
