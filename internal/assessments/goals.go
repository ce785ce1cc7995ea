package assessments

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"circle/internal/formrules"
)

// Limits of the goal assessment.
const (
	MaxTransactionsGoal = 2000
	// GoalHistoryLimit is how many updates a member sees in the progress table.
	GoalHistoryLimit = 100
)

// Goals is one update of a member's goal assessment (the header's Goals button, 01§2/03§2):
// the year's GCI and transactions goals, the lead sources counted on and the figures so far.
// Every update is kept as a row, so progress over time is the list of updates.
type Goals struct {
	ID                 string    `json:"id"`
	UserID             string    `json:"-"`
	Year               int       `json:"year" minimum:"2000" maximum:"2100"`
	GCIGoalCents       int64     `json:"gci_goal_cents" minimum:"1" maximum:"10000000000" doc:"The yearly gross commission income goal, in cents."`
	TransactionsGoal   int       `json:"transactions_goal" minimum:"1" maximum:"2000"`
	LeadSources        []string  `json:"lead_sources" maxItems:"8" doc:"The lead sources the plan counts on (the questionnaire's lead source ids; at least one)."`
	GCIToDateCents     int64     `json:"gci_to_date_cents" minimum:"0" maximum:"10000000000" doc:"GCI closed so far this year, in cents."`
	TransactionsToDate int       `json:"transactions_to_date" minimum:"0" maximum:"2000"`
	CreatedAt          time.Time `json:"created_at"`
}

// GoalsInput is what a member sends; the server adds id, member and time.
type GoalsInput struct {
	Year               int      `json:"year" minimum:"2000" maximum:"2100"`
	GCIGoalCents       int64    `json:"gci_goal_cents" minimum:"0" maximum:"10000000000"`
	TransactionsGoal   int      `json:"transactions_goal" minimum:"0" maximum:"2000"`
	LeadSources        []string `json:"lead_sources" maxItems:"8"`
	GCIToDateCents     int64    `json:"gci_to_date_cents" minimum:"0" maximum:"10000000000"`
	TransactionsToDate int      `json:"transactions_to_date" minimum:"0" maximum:"2000"`
}

// Message keys of the goal assessment's field errors.
const (
	KeyGoalsYear         = "assessments.goals.errors.year"
	KeyGoalsGCI          = "assessments.goals.errors.gci"
	KeyGoalsTransactions = "assessments.goals.errors.transactions"
	KeyGoalsLeadSource   = "assessments.goals.errors.leadSource"
	KeyGoalsToDate       = "assessments.goals.errors.toDate"
)

// Validate checks the goals: positive goals within limits, figures not negative, known lead
// sources (at least one), and the year this one, the last or the next.
func (in GoalsInput) Validate(now time.Time) error {
	var fields formrules.Errors
	if y := now.UTC().Year(); in.Year < y-1 || in.Year > y+1 {
		fields.Add("year", KeyGoalsYear, "Choose this year, last year or next year.")
	}
	if in.GCIGoalCents <= 0 || in.GCIGoalCents > MaxGCIGoalCents {
		fields.Add("gci_goal_cents", KeyGoalsGCI, "Enter a yearly GCI goal above zero.")
	}
	if in.TransactionsGoal <= 0 || in.TransactionsGoal > MaxTransactionsGoal {
		fields.Add("transactions_goal", KeyGoalsTransactions, "Enter a transactions goal from 1 to 2000.")
	}
	if in.GCIToDateCents < 0 || in.GCIToDateCents > MaxGCIGoalCents {
		fields.Add("gci_to_date_cents", KeyGoalsToDate, "Enter the GCI so far (zero or more).")
	}
	if in.TransactionsToDate < 0 || in.TransactionsToDate > MaxTransactionsGoal {
		fields.Add("transactions_to_date", KeyGoalsToDate, "Enter the transactions so far (zero or more).")
	}
	if len(in.LeadSources) == 0 {
		fields.Add("lead_sources", KeyGoalsLeadSource, "Choose at least one lead source.")
	}
	for i, v := range in.LeadSources {
		if !slices.Contains(LeadSources, strings.TrimSpace(v)) {
			fields.Add(fmt.Sprintf("lead_sources[%d]", i), KeyGoalsLeadSource, "Unknown lead source.")
		}
	}
	return fields.Err()
}

// GoalsView is a member's goal assessment: the latest update (null before the first) and the
// history, newest first.
type GoalsView struct {
	Completed bool    `json:"completed" doc:"The member has saved the goal assessment at least once (the header's Goals button is hidden)."`
	Latest    *Goals  `json:"latest"`
	History   []Goals `json:"history"`
}

// Goals returns the member's goals and their history.
func (s *Service) Goals(ctx context.Context, userID string) (GoalsView, error) {
	rows, err := s.Store.GoalsHistory(ctx, userID, GoalHistoryLimit)
	if err != nil {
		return GoalsView{}, err
	}
	v := GoalsView{History: rows}
	if v.History == nil {
		v.History = []Goals{}
	}
	if len(v.History) > 0 {
		v.Completed, v.Latest = true, &v.History[0]
	}
	return v, nil
}

// SaveGoals validates and adds an update to the member's goals.
func (s *Service) SaveGoals(ctx context.Context, userID string, in GoalsInput) (GoalsView, error) {
	now := s.Now().UTC()
	if err := in.Validate(now); err != nil {
		return GoalsView{}, err
	}
	g := Goals{ID: s.NewID(), UserID: userID, Year: in.Year, GCIGoalCents: in.GCIGoalCents, TransactionsGoal: in.TransactionsGoal,
		LeadSources: ordered(LeadSources, in.LeadSources), GCIToDateCents: in.GCIToDateCents, TransactionsToDate: in.TransactionsToDate,
		CreatedAt: now.Truncate(time.Microsecond)}
	if err := s.Store.InsertGoals(ctx, g); err != nil {
		return GoalsView{}, err
	}
	return s.Goals(ctx, userID)
}
