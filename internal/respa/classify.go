package respa

import (
	"strings"
	"unicode"
)

// RiskLevel is a service's RESPA risk (02§3 respa_risk_level).
type RiskLevel string

const (
	Low    RiskLevel = "low"
	Medium RiskLevel = "medium"
	High   RiskLevel = "high"
)

// RiskSource says how a classification was reached.
type RiskSource string

const (
	// SourceNotRegulated: is_respa_regulated is false, so low (02§5).
	SourceNotRegulated RiskSource = "not_regulated"
	// SourceLevel: regulated with a stored level (02§5).
	SourceLevel RiskSource = "level"
	// SourceKeywords: regulated without a level: a keyword guess (02§5).
	SourceKeywords RiskSource = "keywords"
)

// Classification is a service's RESPA risk and how it was found.
type Classification struct {
	Regulated bool       `json:"regulated"`
	Level     RiskLevel  `json:"level" enum:"low,medium,high"`
	Source    RiskSource `json:"source" enum:"not_regulated,level,keywords"`
	// Keyword is the word that decided a keyword guess ("" otherwise).
	Keyword string `json:"keyword,omitempty"`
}

// Keyword lists of 02§5 "Risk classification"; "and similar" is read as the settlement
// vocabulary below (closing, settlement, refinance, underwriting, notary, survey for high;
// remodel, roofing, plumbing, hvac, pest, alarm, moving for medium). A word matches when a
// word of the text starts with it, so "loans" and "inspections" count.
var (
	HighRiskKeywords   = []string{"mortgage", "lender", "loan", "title", "escrow", "inspection", "appraisal", "attorney", "closing", "settlement", "refinanc", "underwrit", "notary", "survey"}
	MediumRiskKeywords = []string{"warranty", "insurance", "contractor", "renovation", "repair", "security", "remodel", "roofing", "plumbing", "hvac", "pest", "alarm", "moving"}
)

// Classify applies 02§5: not regulated gives low; regulated with a level (low, medium or
// high) gives that level; otherwise a keyword guess over text (title, description, category):
// high keywords first, then medium, else low. A stored level that is none of the three counts
// as missing.
func Classify(regulated bool, level, text string) Classification {
	if !regulated {
		return Classification{Level: Low, Source: SourceNotRegulated}
	}
	switch l := RiskLevel(strings.ToLower(strings.TrimSpace(level))); l {
	case Low, Medium, High:
		return Classification{Regulated: true, Level: l, Source: SourceLevel}
	}
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) })
	for _, set := range []struct {
		level RiskLevel
		kws   []string
	}{{High, HighRiskKeywords}, {Medium, MediumRiskKeywords}} {
		for _, kw := range set.kws {
			for _, w := range words {
				if strings.HasPrefix(w, kw) {
					return Classification{Regulated: true, Level: set.level, Source: SourceKeywords, Keyword: kw}
				}
			}
		}
	}
	return Classification{Regulated: true, Level: Low, Source: SourceKeywords}
}
