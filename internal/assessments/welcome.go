package assessments

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"circle/internal/apperr"
)

// The welcome onboarding's steps in order (F-AREA-06, docs/areas/assessments.md). A member
// who leaves comes back to the step they were on; done is the end.
const (
	StepRole        = "role"
	StepGoals       = "goals"
	StepSpecialties = "specialties"
	StepLocation    = "location"
	StepDone        = "done"
)

// WelcomeSteps are the steps in order.
var WelcomeSteps = []string{StepRole, StepGoals, StepSpecialties, StepLocation, StepDone}

// WelcomeRoles are the roles an agent's onboarding knows; a vendor goes to vendor
// registration instead and never saves a role here.
var WelcomeRoles = []string{"agent", "team_lead", "broker"}

// MaxWelcomeGoals is how many goals a member picks at most. The goals are the
// questionnaire's challenges (Challenges), the first one weighing most.
const MaxWelcomeGoals = 3

// Welcome is a member's onboarding: the answers so far, where they are and whether it is over.
type Welcome struct {
	UserID      string     `json:"-"`
	Step        string     `json:"step" enum:"role,goals,specialties,location,done"`
	Role        string     `json:"role" doc:"agent, team_lead or broker; empty before the first step."`
	Goals       []string   `json:"goals" doc:"What the member wants help with first (the questionnaire's challenge ids), most important first."`
	Specialties []string   `json:"specialties"`
	Skipped     bool       `json:"skipped" doc:"The member chose to skip the onboarding."`
	CompletedAt *time.Time `json:"completed_at" doc:"When the onboarding was finished or skipped; null while it is open."`
	UpdatedAt   time.Time  `json:"updated_at"`
}

// Done reports whether the onboarding is over (finished or skipped): it is not shown again.
func (w Welcome) Done() bool { return w.CompletedAt != nil }

// WelcomeUpdate is one save of the onboarding: the answers of the steps seen so far, the step
// to come back to, and finish or skip.
type WelcomeUpdate struct {
	Step        string   `json:"step" enum:"role,goals,specialties,location,done" doc:"The step to resume at; done finishes the onboarding."`
	Role        string   `json:"role,omitempty" maxLength:"20" doc:"agent, team_lead or broker (empty while unknown)."`
	Goals       []string `json:"goals,omitempty" maxItems:"3"`
	Specialties []string `json:"specialties,omitempty" maxItems:"8"`
	Skip        bool     `json:"skip,omitempty" doc:"Skip the onboarding: it is marked done and not shown again."`
}

// Message keys of the onboarding's field errors.
const (
	KeyWelcomeRole      = "assessments.welcome.errors.role"
	KeyWelcomeGoal      = "assessments.welcome.errors.goal"
	KeyWelcomeSpecialty = "assessments.welcome.errors.specialty"
	KeyWelcomeStep      = "assessments.welcome.errors.step"
)

// Validate checks an update: known ids only, at most three goals, and finishing needs a role
// and at least one goal.
func (u WelcomeUpdate) Validate() error {
	var fields []apperr.FieldError
	if !slices.Contains(WelcomeSteps, u.Step) {
		fields = append(fields, apperr.FieldError{Field: "step", Key: KeyWelcomeStep, Message: "Unknown step."})
	}
	if u.Role != "" && !slices.Contains(WelcomeRoles, u.Role) {
		fields = append(fields, apperr.FieldError{Field: "role", Key: KeyWelcomeRole, Message: "Choose agent, team lead or broker."})
	}
	if len(u.Goals) > MaxWelcomeGoals {
		fields = append(fields, apperr.FieldError{Field: "goals", Key: KeyWelcomeGoal, Message: "Choose at most three goals."})
	}
	for i, g := range u.Goals {
		if !slices.Contains(Challenges, strings.TrimSpace(g)) {
			fields = append(fields, apperr.FieldError{Field: fmt.Sprintf("goals[%d]", i), Key: KeyWelcomeGoal, Message: "Unknown goal."})
		}
	}
	for i, s := range u.Specialties {
		if !slices.Contains(Specialties, strings.TrimSpace(s)) {
			fields = append(fields, apperr.FieldError{Field: fmt.Sprintf("specialties[%d]", i), Key: KeyWelcomeSpecialty, Message: "Unknown specialty."})
		}
	}
	if u.Step == StepDone && !u.Skip && len(fields) == 0 {
		if u.Role == "" {
			fields = append(fields, apperr.FieldError{Field: "role", Key: KeyWelcomeRole, Message: "Choose agent, team lead or broker."})
		}
		if len(u.Goals) == 0 {
			fields = append(fields, apperr.FieldError{Field: "goals", Key: KeyWelcomeGoal, Message: "Choose at least one goal."})
		}
	}
	if len(fields) > 0 {
		return apperr.Fields(fields)
	}
	return nil
}

// keepOrder trims and de-duplicates, keeping the member's order (goals weigh by position).
func keepOrder(in []string) []string {
	out := []string{}
	for _, v := range in {
		v = strings.TrimSpace(v)
		if v != "" && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// WelcomeRecommend returns the category blocks the onboarding's answers point to: the
// questionnaire's rules with the first goal as the biggest challenge, then the others as
// extra weight through the specialties and goals (docs/areas/assessments.md).
func WelcomeRecommend(w Welcome) []Recommendation {
	if len(w.Goals) == 0 {
		return []Recommendation{}
	}
	q := Questionnaire{BiggestChallenge: w.Goals[0], Specialties: w.Specialties, LeadSources: []string{}}
	if w.Role == "team_lead" || w.Role == "broker" {
		q.TransactionsLastYear = 60 // a team or brokerage counts as high volume
	}
	q.YearsLicensed = 3
	return Recommend(q)
}

// WelcomeView is the onboarding as the web app shows it.
type WelcomeView struct {
	Welcome
	// Recommendations are empty until the onboarding is finished (not when skipped).
	Recommendations []Recommendation `json:"recommendations"`
}

func welcomeView(w Welcome) WelcomeView {
	v := WelcomeView{Welcome: w, Recommendations: []Recommendation{}}
	if w.Done() && !w.Skipped {
		v.Recommendations = WelcomeRecommend(w)
	}
	return v
}

// Welcome returns the member's onboarding (a fresh one at the role step before the first save).
func (s *Service) Welcome(ctx context.Context, userID string) (WelcomeView, error) {
	w, found, err := s.Store.Welcome(ctx, userID)
	if err != nil {
		return WelcomeView{}, err
	}
	if !found {
		w = Welcome{UserID: userID, Step: StepRole, Goals: []string{}, Specialties: []string{}}
	}
	return welcomeView(w), nil
}

// SaveWelcome stores the member's progress; step done (or skip) finishes it once: a finished
// onboarding answers 409 to further saves.
func (s *Service) SaveWelcome(ctx context.Context, userID string, u WelcomeUpdate) (WelcomeView, error) {
	if u.Skip {
		u.Step = StepDone
	}
	if err := u.Validate(); err != nil {
		return WelcomeView{}, err
	}
	prev, found, err := s.Store.Welcome(ctx, userID)
	if err != nil {
		return WelcomeView{}, err
	}
	if found && prev.Done() {
		return WelcomeView{}, apperr.New(apperr.Conflict, "The welcome is already finished.")
	}
	now := s.Now().UTC().Truncate(time.Microsecond)
	w := Welcome{UserID: userID, Step: u.Step, Role: u.Role, Goals: keepOrder(u.Goals), Specialties: ordered(Specialties, u.Specialties), Skipped: u.Skip, UpdatedAt: now}
	if u.Step == StepDone {
		w.CompletedAt = &now
	}
	if err := s.Store.SaveWelcome(ctx, w); err != nil {
		return WelcomeView{}, err
	}
	return welcomeView(w), nil
}
