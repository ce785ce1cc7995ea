// Package assessments runs the agent's self-assessments: the DISC style test (/disc-test) and
// the agent questionnaire (/agent-questionnaire) that points to marketplace categories. The
// scoring and the recommendations are pure functions; the Service validates, scores and keeps
// each member's results through a narrow Store.
package assessments

import (
	"fmt"
	"sort"

	"circle/internal/apperr"
)

// Style is one of the four DISC styles.
type Style string

// The four styles, in their conventional order (also the order ties are broken in).
const (
	Dominance         Style = "D"
	Influence         Style = "I"
	Steadiness        Style = "S"
	Conscientiousness Style = "C"
)

// Styles are the four styles in order.
var Styles = []Style{Dominance, Influence, Steadiness, Conscientiousness}

// OptionIDs are the option ids of every item, in the order they are shown.
var OptionIDs = []string{"a", "b", "c", "d"}

// DiscItem is one forced-choice item: four words, each describing one style. The words
// themselves are copy of the web app (assessments.disc.items.<id>.<option>, en/es/fr); the
// server knows which style each option stands for, and scores.
type DiscItem struct {
	ID string `json:"id"`
	// Options are the option ids ("a".."d") in display order.
	Options []string `json:"options"`
	styles  [4]Style
}

// item builds an item whose options a, b, c, d stand for the four styles given.
func item(id string, a, b, c, d Style) DiscItem {
	return DiscItem{ID: id, Options: OptionIDs, styles: [4]Style{a, b, c, d}}
}

// DiscItems are the 24 items of the test. The styles are rotated across the positions so that
// no letter stands for one style (each style sits in each position six times).
var DiscItems = []DiscItem{
	item("q01", Dominance, Influence, Steadiness, Conscientiousness),
	item("q02", Influence, Steadiness, Conscientiousness, Dominance),
	item("q03", Steadiness, Conscientiousness, Dominance, Influence),
	item("q04", Conscientiousness, Dominance, Influence, Steadiness),
	item("q05", Dominance, Steadiness, Influence, Conscientiousness),
	item("q06", Influence, Conscientiousness, Steadiness, Dominance),
	item("q07", Steadiness, Dominance, Conscientiousness, Influence),
	item("q08", Conscientiousness, Influence, Dominance, Steadiness),
	item("q09", Dominance, Conscientiousness, Influence, Steadiness),
	item("q10", Influence, Dominance, Conscientiousness, Steadiness),
	item("q11", Steadiness, Influence, Dominance, Conscientiousness),
	item("q12", Conscientiousness, Steadiness, Influence, Dominance),
	item("q13", Influence, Dominance, Steadiness, Conscientiousness),
	item("q14", Steadiness, Influence, Conscientiousness, Dominance),
	item("q15", Conscientiousness, Steadiness, Dominance, Influence),
	item("q16", Dominance, Conscientiousness, Steadiness, Influence),
	item("q17", Steadiness, Conscientiousness, Influence, Dominance),
	item("q18", Conscientiousness, Dominance, Steadiness, Influence),
	item("q19", Dominance, Influence, Conscientiousness, Steadiness),
	item("q20", Influence, Steadiness, Dominance, Conscientiousness),
	item("q21", Conscientiousness, Influence, Steadiness, Dominance),
	item("q22", Influence, Conscientiousness, Dominance, Steadiness),
	item("q23", Steadiness, Dominance, Influence, Conscientiousness),
	item("q24", Dominance, Steadiness, Conscientiousness, Influence),
}

// StyleOf returns the style an item's option stands for.
func (it DiscItem) StyleOf(option string) (Style, bool) {
	for i, o := range it.Options {
		if o == option {
			return it.styles[i], true
		}
	}
	return "", false
}

// AnswersOfStyle answers every item choosing, on each, the option of style most as most like
// me and the option of style least as least like me: a complete, consistent set of answers whose
// profile is most first and least last (the fixed member the tests and the API checks answer as).
func AnswersOfStyle(most, least Style) []DiscAnswer {
	out := make([]DiscAnswer, 0, len(DiscItems))
	for _, it := range DiscItems {
		a := DiscAnswer{Item: it.ID}
		for i, o := range it.Options {
			switch it.styles[i] {
			case most:
				a.Most = o
			case least:
				a.Least = o
			}
		}
		out = append(out, a)
	}
	return out
}

func discItem(id string) (DiscItem, bool) {
	for _, it := range DiscItems {
		if it.ID == id {
			return it, true
		}
	}
	return DiscItem{}, false
}

// DiscAnswer is the choice made on one item: the option most like me and the one least like me.
type DiscAnswer struct {
	Item  string `json:"item" maxLength:"8" doc:"The item's id (q01..q24)."`
	Most  string `json:"most" maxLength:"1" doc:"The option most like me (a, b, c or d)."`
	Least string `json:"least" maxLength:"1" doc:"The option least like me (a, b, c or d); not the same as most."`
}

// StyleScore is one style's result: the raw score (times chosen as most like me minus times
// chosen as least like me, -24..24) and the same on a 0-100 scale for the chart.
type StyleScore struct {
	Style   Style `json:"style" enum:"D,I,S,C"`
	Raw     int   `json:"raw"`
	Most    int   `json:"most"`
	Least   int   `json:"least"`
	Percent int   `json:"percent" doc:"The raw score on a 0-100 scale: (raw + 24) * 100 / 48, rounded down."`
}

// DiscProfile is a scored test: the four scores in D, I, S, C order and the two highest styles.
type DiscProfile struct {
	Scores    []StyleScore `json:"scores"`
	Primary   Style        `json:"primary" enum:"D,I,S,C"`
	Secondary Style        `json:"secondary" enum:"D,I,S,C"`
	// Categories are the marketplace category blocks (cat: tags) that suit the primary style.
	Categories []string `json:"categories"`
}

// StyleCategories are the marketplace category blocks that suit each style, best first: what
// an agent of that style tends to lean on or to need covered (docs/areas/assessments.md).
var StyleCategories = map[Style][]string{
	Dominance:         {"cat:ads-lead-gen", "cat:virtual-assistants-dialers", "cat:team-recruiting"},
	Influence:         {"cat:video-media", "cat:client-event-kits", "cat:pop-by-kits"},
	Steadiness:        {"cat:crms", "cat:client-gifting", "cat:transaction-coordinator"},
	Conscientiousness: {"cat:data-analytics", "cat:automation", "cat:presentations"},
}

// ValidateDisc checks a full set of answers: every item answered exactly once, known options,
// most and least different. Each problem names its item (answers.q05.least).
func ValidateDisc(answers []DiscAnswer) error {
	var fields []apperr.FieldError
	seen := map[string]bool{}
	for i, a := range answers {
		it, ok := discItem(a.Item)
		if !ok {
			fields = append(fields, apperr.FieldError{Field: fmt.Sprintf("answers[%d].item", i), Key: "assessments.disc.unknownItem",
				Message: fmt.Sprintf("Unknown item %q.", a.Item)})
			continue
		}
		if seen[a.Item] {
			fields = append(fields, apperr.FieldError{Field: "answers." + a.Item, Key: "assessments.disc.duplicate",
				Message: fmt.Sprintf("Item %s is answered more than once.", a.Item)})
			continue
		}
		seen[a.Item] = true
		_, mostOK := it.StyleOf(a.Most)
		_, leastOK := it.StyleOf(a.Least)
		switch {
		case !mostOK:
			fields = append(fields, apperr.FieldError{Field: "answers." + a.Item + ".most", Key: "assessments.disc.chooseMost",
				Message: fmt.Sprintf("Item %s: choose the word most like you.", a.Item)})
		case !leastOK:
			fields = append(fields, apperr.FieldError{Field: "answers." + a.Item + ".least", Key: "assessments.disc.chooseLeast",
				Message: fmt.Sprintf("Item %s: choose the word least like you.", a.Item)})
		case a.Most == a.Least:
			fields = append(fields, apperr.FieldError{Field: "answers." + a.Item + ".least", Key: "assessments.disc.sameChoice",
				Message: fmt.Sprintf("Item %s: the word least like you must differ from the one most like you.", a.Item)})
		}
	}
	for _, it := range DiscItems {
		if !seen[it.ID] && len(fields) < 30 {
			fields = append(fields, apperr.FieldError{Field: "answers." + it.ID, Key: "assessments.disc.unanswered",
				Message: fmt.Sprintf("Item %s is not answered.", it.ID)})
		}
	}
	return apperr.Fields(fields)
}

// ScoreDisc scores a valid set of answers (ValidateDisc first). The primary style has the
// highest raw score, the secondary the next; ties go to the style chosen more often as most
// like me, then to the order D, I, S, C.
func ScoreDisc(answers []DiscAnswer) DiscProfile {
	most := map[Style]int{}
	least := map[Style]int{}
	for _, a := range answers {
		it, ok := discItem(a.Item)
		if !ok {
			continue
		}
		if s, ok := it.StyleOf(a.Most); ok {
			most[s]++
		}
		if s, ok := it.StyleOf(a.Least); ok {
			least[s]++
		}
	}
	n := len(DiscItems)
	p := DiscProfile{Scores: make([]StyleScore, 0, 4)}
	for _, s := range Styles {
		raw := most[s] - least[s]
		p.Scores = append(p.Scores, StyleScore{Style: s, Raw: raw, Most: most[s], Least: least[s], Percent: (raw + n) * 100 / (2 * n)})
	}
	ranked := append([]StyleScore(nil), p.Scores...)
	sort.SliceStable(ranked, func(i, j int) bool {
		if ranked[i].Raw != ranked[j].Raw {
			return ranked[i].Raw > ranked[j].Raw
		}
		return ranked[i].Most > ranked[j].Most
	})
	p.Primary, p.Secondary = ranked[0].Style, ranked[1].Style
	p.Categories = append([]string(nil), StyleCategories[p.Primary]...)
	return p
}
