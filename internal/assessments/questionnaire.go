package assessments

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"circle/internal/catalog"
	"circle/internal/formrules"
)

// The questionnaire's choices (the web app translates each as assessments.questionnaire.*).
var (
	LeadSources = []string{"sphere", "referrals", "open_houses", "portals", "social_media", "paid_ads", "direct_mail", "cold_calling"}
	Specialties = []string{"buyers", "listings", "first_time", "luxury", "investors", "new_construction", "relocation", "rentals"}
	Challenges  = []string{"lead_generation", "follow_up", "listings", "marketing_brand", "paperwork", "time", "technology", "scaling_team"}
)

// Limits of the questionnaire's numbers.
const (
	MaxYearsLicensed = 70
	MaxTransactions  = 2000
	// MaxGCIGoalCents is $100,000,000 a year.
	MaxGCIGoalCents = int64(100_000_000_00)
)

// Questionnaire is a member's answers to the agent questionnaire.
type Questionnaire struct {
	YearsLicensed        int      `json:"years_licensed" minimum:"0" maximum:"70"`
	TransactionsLastYear int      `json:"transactions_last_year" minimum:"0" maximum:"2000"`
	GCIGoalCents         int64    `json:"gci_goal_cents" minimum:"0" maximum:"10000000000" doc:"The yearly gross commission income goal, in cents."`
	LeadSources          []string `json:"lead_sources" maxItems:"8" doc:"Where the agent's business comes from (at least one)."`
	Specialties          []string `json:"specialties" maxItems:"8"`
	BiggestChallenge     string   `json:"biggest_challenge" maxLength:"40"`
}

// SavedQuestionnaire is a member's stored answers.
type SavedQuestionnaire struct {
	Questionnaire
	UserID    string    `json:"-"`
	UpdatedAt time.Time `json:"updated_at"`
}

// Recommendation is one marketplace category block the answers point to, with why.
type Recommendation struct {
	Tag  string `json:"tag" doc:"The category block's tag (cat:...); /marketplace?tag=<tag> lists its services."`
	Name string `json:"name" doc:"The block's English name (the web app translates by tag)."`
	// Reasons are the answers that weigh most for it, strongest first: challenge:<id>,
	// lead_source:<id>, specialty:<id>, new_agent, low_volume, high_volume, big_goal.
	Reasons []string `json:"reasons"`
}

func oneOf(list []string, v string) bool { return slices.Contains(list, v) }

// Normalize trims and sorts the choices into the order of their lists, dropping repeats.
func (q Questionnaire) Normalize() Questionnaire {
	q.BiggestChallenge = strings.TrimSpace(q.BiggestChallenge)
	q.LeadSources = ordered(LeadSources, q.LeadSources)
	q.Specialties = ordered(Specialties, q.Specialties)
	return q
}

func ordered(list, chosen []string) []string {
	out := []string{}
	for _, v := range list {
		for _, c := range chosen {
			if strings.TrimSpace(c) == v {
				out = append(out, v)
				break
			}
		}
	}
	return out
}

// Validate checks the answers, naming each field that fails.
func (q Questionnaire) Validate() error {
	var fields formrules.Errors
	if q.YearsLicensed < 0 || q.YearsLicensed > MaxYearsLicensed {
		fields.Add("years_licensed", "assessments.questionnaire.errors.years", fmt.Sprintf("Years licensed must be between 0 and %d.", MaxYearsLicensed))
	}
	if q.TransactionsLastYear < 0 || q.TransactionsLastYear > MaxTransactions {
		fields.Add("transactions_last_year", "assessments.questionnaire.errors.transactions", fmt.Sprintf("Transactions last year must be between 0 and %d.", MaxTransactions))
	}
	if q.GCIGoalCents <= 0 || q.GCIGoalCents > MaxGCIGoalCents {
		fields.Add("gci_goal_cents", "assessments.questionnaire.errors.gci", "Enter a yearly GCI goal between $1 and $100,000,000.")
	}
	if len(q.LeadSources) == 0 {
		fields.Add("lead_sources", "assessments.questionnaire.errors.leadSources", "Choose at least one lead source.")
	}
	for i, v := range q.LeadSources {
		if !oneOf(LeadSources, strings.TrimSpace(v)) {
			fields.Add(fmt.Sprintf("lead_sources[%d]", i), "assessments.questionnaire.errors.unknownChoice", fmt.Sprintf("Unknown lead source %q.", v))
		}
	}
	for i, v := range q.Specialties {
		if !oneOf(Specialties, strings.TrimSpace(v)) {
			fields.Add(fmt.Sprintf("specialties[%d]", i), "assessments.questionnaire.errors.unknownChoice", fmt.Sprintf("Unknown specialty %q.", v))
		}
	}
	if !oneOf(Challenges, strings.TrimSpace(q.BiggestChallenge)) {
		fields.Add("biggest_challenge", "assessments.questionnaire.errors.challenge", "Choose your biggest challenge.")
	}
	return fields.Err()
}

// weight is one answer's pull towards one category block.
type weight struct {
	tag    string
	points int
}

var (
	challengeWeights = map[string][]weight{
		"lead_generation": {{"cat:ads-lead-gen", 6}, {"cat:seo", 4}, {"cat:website", 3}},
		"follow_up":       {{"cat:crms", 6}, {"cat:automation", 4}, {"cat:virtual-assistants-dialers", 3}},
		"listings":        {{"cat:photography", 6}, {"cat:listing-showing", 4}, {"cat:signage-branding", 3}},
		"marketing_brand": {{"cat:video-media", 6}, {"cat:website", 4}, {"cat:print-mail", 3}},
		"paperwork":       {{"cat:transaction-coordinator", 6}, {"cat:finance-ops", 4}, {"cat:insurance-compliance", 3}},
		"time":            {{"cat:virtual-assistants-dialers", 6}, {"cat:productivity", 4}, {"cat:automation", 3}},
		"technology":      {{"cat:automation", 6}, {"cat:crms", 4}, {"cat:data-analytics", 3}},
		"scaling_team":    {{"cat:team-recruiting", 6}, {"cat:coaching", 4}, {"cat:transaction-coordinator", 3}},
	}
	leadSourceWeights = map[string][]weight{
		"sphere":       {{"cat:client-gifting", 2}, {"cat:pop-by-kits", 2}, {"cat:crms", 1}},
		"referrals":    {{"cat:client-gifting", 2}, {"cat:client-event-kits", 1}, {"cat:crms", 1}},
		"open_houses":  {{"cat:open-house", 2}, {"cat:signage-branding", 1}},
		"portals":      {{"cat:crms", 2}, {"cat:ads-lead-gen", 1}},
		"social_media": {{"cat:video-media", 2}, {"cat:photography", 1}},
		"paid_ads":     {{"cat:ads-lead-gen", 2}, {"cat:data-analytics", 1}},
		"direct_mail":  {{"cat:print-mail", 2}, {"cat:data-analytics", 1}},
		"cold_calling": {{"cat:virtual-assistants-dialers", 2}, {"cat:crms", 1}},
	}
	specialtyWeights = map[string][]weight{
		"buyers":           {{"cat:crms", 1}},
		"listings":         {{"cat:photography", 1}, {"cat:listing-showing", 1}},
		"first_time":       {{"cat:presentations", 1}},
		"luxury":           {{"cat:video-media", 1}, {"cat:client-event-kits", 1}},
		"investors":        {{"cat:data-analytics", 1}},
		"new_construction": {{"cat:signage-branding", 1}},
		"relocation":       {{"cat:website", 1}},
		"rentals":          {{"cat:automation", 1}},
	}
)

// Recommend returns the three category blocks the answers point to most, strongest first; ties
// go to the catalogue's order of blocks. The biggest challenge weighs most, then experience
// and volume, then lead sources and specialties (docs/areas/assessments.md).
func Recommend(q Questionnaire) []Recommendation {
	points := map[string]int{}
	reasons := map[string][]weight{} // reason (as tag) and its points, per block
	add := func(reason string, ws []weight) {
		for _, w := range ws {
			points[w.tag] += w.points
			reasons[w.tag] = append(reasons[w.tag], weight{reason, w.points})
		}
	}
	add("challenge:"+q.BiggestChallenge, challengeWeights[q.BiggestChallenge])
	if q.YearsLicensed < 2 {
		add("new_agent", []weight{{"cat:coaching", 3}, {"cat:ce-licensing", 2}})
	}
	switch {
	case q.TransactionsLastYear < 6:
		add("low_volume", []weight{{"cat:coaching", 2}, {"cat:ads-lead-gen", 1}})
	case q.TransactionsLastYear >= 24:
		add("high_volume", []weight{{"cat:transaction-coordinator", 3}, {"cat:team-recruiting", 1}})
	}
	if q.GCIGoalCents >= 250_000_00 {
		add("big_goal", []weight{{"cat:team-recruiting", 1}, {"cat:data-analytics", 1}})
	}
	for _, s := range q.LeadSources {
		add("lead_source:"+s, leadSourceWeights[s])
	}
	for _, s := range q.Specialties {
		add("specialty:"+s, specialtyWeights[s])
	}
	type ranked struct {
		block catalog.CategoryBlock
		order int
	}
	var list []ranked
	for i, b := range catalog.CategoryBlocks {
		if points[b.Tag] > 0 {
			list = append(list, ranked{b, i})
		}
	}
	sort.SliceStable(list, func(i, j int) bool { return points[list[i].block.Tag] > points[list[j].block.Tag] })
	out := []Recommendation{}
	for _, r := range list {
		if len(out) == 3 {
			break
		}
		rs := reasons[r.block.Tag]
		sort.SliceStable(rs, func(i, j int) bool { return rs[i].points > rs[j].points })
		names := []string{}
		for _, w := range rs {
			if !slices.Contains(names, w.tag) {
				names = append(names, w.tag)
			}
		}
		out = append(out, Recommendation{Tag: r.block.Tag, Name: r.block.Name, Reasons: names})
	}
	return out
}
