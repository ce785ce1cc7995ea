package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/assessments"
)

type discResultRow struct {
	bun.BaseModel `bun:"table:disc_results"`

	ID             string    `bun:"id,pk"`
	UserID         string    `bun:"user_id,notnull"`
	Answers        string    `bun:"answers,notnull"`
	ScoreD         int       `bun:"score_d,notnull"`
	ScoreI         int       `bun:"score_i,notnull"`
	ScoreS         int       `bun:"score_s,notnull"`
	ScoreC         int       `bun:"score_c,notnull"`
	PrimaryStyle   string    `bun:"primary_style,notnull"`
	SecondaryStyle string    `bun:"secondary_style,notnull"`
	CreatedAt      time.Time `bun:"created_at,notnull"`
}

// domain rebuilds the result from its stored answers with the pure scoring (the most and
// least counts are not columns); the score columns are there for reports in SQL.
func (r discResultRow) domain() (assessments.DiscResult, error) {
	var answers []assessments.DiscAnswer
	if err := json.Unmarshal([]byte(r.Answers), &answers); err != nil {
		return assessments.DiscResult{}, fmt.Errorf("read disc answers: %w", err)
	}
	return assessments.DiscResult{ID: r.ID, UserID: r.UserID, DiscProfile: assessments.ScoreDisc(answers), Answers: answers, CreatedAt: r.CreatedAt.UTC()}, nil
}

// InsertDiscResult saves one scored test.
func (db Assessments) InsertDiscResult(ctx context.Context, r assessments.DiscResult) error {
	answers, err := json.Marshal(r.Answers)
	if err != nil {
		return err
	}
	row := discResultRow{ID: r.ID, UserID: r.UserID, Answers: string(answers), PrimaryStyle: string(r.Primary), SecondaryStyle: string(r.Secondary), CreatedAt: r.CreatedAt}
	for _, s := range r.Scores {
		switch s.Style {
		case assessments.Dominance:
			row.ScoreD = s.Raw
		case assessments.Influence:
			row.ScoreI = s.Raw
		case assessments.Steadiness:
			row.ScoreS = s.Raw
		case assessments.Conscientiousness:
			row.ScoreC = s.Raw
		}
	}
	return insertModel(ctx, db.bun, &row, "save disc result")
}

// DiscResults lists a member's results, newest first.
func (db Assessments) DiscResults(ctx context.Context, userID string, limit int) ([]assessments.DiscResult, error) {
	rows, err := newestRows[discResultRow](ctx, db.bun, limit, "read disc results", "user_id = ?", userID)
	if err != nil {
		return nil, err
	}
	return domainsOrErr(rows)
}

// DiscResult returns one result, whoever owns it.
func (db Assessments) DiscResult(ctx context.Context, id string) (assessments.DiscResult, error) {
	var r discResultRow
	if err := db.bun.NewSelect().Model(&r).Where("id = ?", id).Scan(ctx); err != nil {
		return assessments.DiscResult{}, notFound(err, "DISC result")
	}
	return r.domain()
}

type questionnaireRow struct {
	bun.BaseModel `bun:"table:agent_questionnaires"`

	UserID               string    `bun:"user_id,pk"`
	YearsLicensed        int       `bun:"years_licensed,notnull"`
	TransactionsLastYear int       `bun:"transactions_last_year,notnull"`
	GCIGoalCents         int64     `bun:"gci_goal_cents,notnull"`
	LeadSources          string    `bun:"lead_sources,notnull"`
	Specialties          string    `bun:"specialties,notnull"`
	BiggestChallenge     string    `bun:"biggest_challenge,notnull"`
	UpdatedAt            time.Time `bun:"updated_at,notnull"`
}

// Questionnaire returns a member's answers; found is false when there are none.
func (db Assessments) Questionnaire(ctx context.Context, userID string) (assessments.SavedQuestionnaire, bool, error) {
	var r questionnaireRow
	if ok, err := found(db.bun.NewSelect().Model(&r).Where("user_id = ?", userID).Scan(ctx), "questionnaire"); !ok {
		return assessments.SavedQuestionnaire{}, false, err
	}
	q := assessments.SavedQuestionnaire{UserID: r.UserID, UpdatedAt: r.UpdatedAt.UTC(), Questionnaire: assessments.Questionnaire{
		YearsLicensed: r.YearsLicensed, TransactionsLastYear: r.TransactionsLastYear, GCIGoalCents: r.GCIGoalCents, BiggestChallenge: r.BiggestChallenge,
		LeadSources: []string{}, Specialties: []string{},
	}}
	if err := json.Unmarshal([]byte(r.LeadSources), &q.LeadSources); err != nil {
		return q, false, fmt.Errorf("read questionnaire lead sources: %w", err)
	}
	if err := json.Unmarshal([]byte(r.Specialties), &q.Specialties); err != nil {
		return q, false, fmt.Errorf("read questionnaire specialties: %w", err)
	}
	return q, true, nil
}

// SaveQuestionnaire stores a member's answers, replacing earlier ones.
func (db Assessments) SaveQuestionnaire(ctx context.Context, q assessments.SavedQuestionnaire) error {
	sources, err := json.Marshal(q.LeadSources)
	if err != nil {
		return err
	}
	specialties, err := json.Marshal(q.Specialties)
	if err != nil {
		return err
	}
	if _, err := db.bun.ExecContext(ctx, `INSERT INTO agent_questionnaires (user_id, years_licensed, transactions_last_year, gci_goal_cents, lead_sources, specialties, biggest_challenge, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET years_licensed = EXCLUDED.years_licensed, transactions_last_year = EXCLUDED.transactions_last_year,
		gci_goal_cents = EXCLUDED.gci_goal_cents, lead_sources = EXCLUDED.lead_sources, specialties = EXCLUDED.specialties,
		biggest_challenge = EXCLUDED.biggest_challenge, updated_at = EXCLUDED.updated_at`,
		q.UserID, q.YearsLicensed, q.TransactionsLastYear, q.GCIGoalCents, string(sources), string(specialties), q.BiggestChallenge, q.UpdatedAt); err != nil {
		return fmt.Errorf("save questionnaire: %w", err)
	}
	return nil
}

type welcomeRow struct {
	bun.BaseModel `bun:"table:welcome_progress"`

	UserID      string     `bun:"user_id,pk"`
	Step        string     `bun:"step,notnull"`
	Role        string     `bun:"role,notnull"`
	Goals       string     `bun:"goals,notnull"`
	Specialties string     `bun:"specialties,notnull"`
	Skipped     bool       `bun:"skipped,notnull"`
	CompletedAt *time.Time `bun:"completed_at"`
	UpdatedAt   time.Time  `bun:"updated_at,notnull"`
}

// Welcome returns a member's onboarding; found is false before the first save.
func (db Assessments) Welcome(ctx context.Context, userID string) (assessments.Welcome, bool, error) {
	var r welcomeRow
	if ok, err := found(db.bun.NewSelect().Model(&r).Where("user_id = ?", userID).Scan(ctx), "welcome"); !ok {
		return assessments.Welcome{}, false, err
	}
	w := assessments.Welcome{UserID: r.UserID, Step: r.Step, Role: r.Role, Skipped: r.Skipped, UpdatedAt: r.UpdatedAt.UTC(), Goals: []string{}, Specialties: []string{}}
	if r.CompletedAt != nil {
		t := r.CompletedAt.UTC()
		w.CompletedAt = &t
	}
	if err := json.Unmarshal([]byte(r.Goals), &w.Goals); err != nil {
		return w, false, fmt.Errorf("read welcome goals: %w", err)
	}
	if err := json.Unmarshal([]byte(r.Specialties), &w.Specialties); err != nil {
		return w, false, fmt.Errorf("read welcome specialties: %w", err)
	}
	return w, true, nil
}

// SaveWelcome stores a member's onboarding, replacing the earlier save.
func (db Assessments) SaveWelcome(ctx context.Context, w assessments.Welcome) error {
	goals, err := json.Marshal(w.Goals)
	if err != nil {
		return err
	}
	specialties, err := json.Marshal(w.Specialties)
	if err != nil {
		return err
	}
	row := welcomeRow{UserID: w.UserID, Step: w.Step, Role: w.Role, Goals: string(goals), Specialties: string(specialties), Skipped: w.Skipped, CompletedAt: w.CompletedAt, UpdatedAt: w.UpdatedAt}
	if _, err := db.bun.NewInsert().Model(&row).On("CONFLICT (user_id) DO UPDATE").
		Set("step = EXCLUDED.step, role = EXCLUDED.role, goals = EXCLUDED.goals, specialties = EXCLUDED.specialties, skipped = EXCLUDED.skipped, completed_at = EXCLUDED.completed_at, updated_at = EXCLUDED.updated_at").
		Exec(ctx); err != nil {
		return fmt.Errorf("save welcome: %w", err)
	}
	return nil
}

type goalsRow struct {
	bun.BaseModel `bun:"table:goal_assessments"`

	ID                 string    `bun:"id,pk"`
	UserID             string    `bun:"user_id,notnull"`
	Year               int       `bun:"year,notnull"`
	GCIGoalCents       int64     `bun:"gci_goal_cents,notnull"`
	TransactionsGoal   int       `bun:"transactions_goal,notnull"`
	LeadSources        string    `bun:"lead_sources,notnull"`
	GCIToDateCents     int64     `bun:"gci_to_date_cents,notnull"`
	TransactionsToDate int       `bun:"transactions_to_date,notnull"`
	CreatedAt          time.Time `bun:"created_at,notnull"`
}

// InsertGoals adds one update of a member's goals and marks the profile's goal assessment
// completed, together: the session's profile tells the header whether to offer Goals, so it
// knows at its first paint instead of after a request for the goals.
func (db Assessments) InsertGoals(ctx context.Context, g assessments.Goals) error {
	sources, err := json.Marshal(g.LeadSources)
	if err != nil {
		return err
	}
	row := goalsRow{ID: g.ID, UserID: g.UserID, Year: g.Year, GCIGoalCents: g.GCIGoalCents, TransactionsGoal: g.TransactionsGoal, LeadSources: string(sources),
		GCIToDateCents: g.GCIToDateCents, TransactionsToDate: g.TransactionsToDate, CreatedAt: g.CreatedAt}
	return db.InTx(ctx, func(ctx context.Context) error {
		q := db.q(ctx)
		if _, err := q.NewInsert().Model(&row).Exec(ctx); err != nil {
			return fmt.Errorf("save goals: %w", err)
		}
		if _, err := q.NewUpdate().Table("profiles").Set("goal_assessment_completed = ?", true).Where("user_id = ?", g.UserID).Exec(ctx); err != nil {
			return fmt.Errorf("save goals: mark the profile: %w", err)
		}
		return nil
	})
}

// GoalsHistory lists a member's goal updates, newest first.
func (db Assessments) GoalsHistory(ctx context.Context, userID string, limit int) ([]assessments.Goals, error) {
	rows, err := newestRows[goalsRow](ctx, db.bun, limit, "read goals", "user_id = ?", userID)
	if err != nil {
		return nil, err
	}
	out := make([]assessments.Goals, 0, len(rows))
	for _, r := range rows {
		g := assessments.Goals{ID: r.ID, UserID: r.UserID, Year: r.Year, GCIGoalCents: r.GCIGoalCents, TransactionsGoal: r.TransactionsGoal,
			GCIToDateCents: r.GCIToDateCents, TransactionsToDate: r.TransactionsToDate, CreatedAt: r.CreatedAt.UTC(), LeadSources: []string{}}
		if err := json.Unmarshal([]byte(r.LeadSources), &g.LeadSources); err != nil {
			return nil, fmt.Errorf("read goals lead sources: %w", err)
		}
		out = append(out, g)
	}
	return out, nil
}
