package assessments

import (
	"context"
	"time"

	"circle/internal/apperr"
)

// DiscResult is one saved DISC test of a member.
type DiscResult struct {
	ID     string `json:"id"`
	UserID string `json:"-"`
	DiscProfile
	Answers   []DiscAnswer `json:"answers"`
	CreatedAt time.Time    `json:"created_at"`
}

// Store is what the assessments need from the database (internal/store/assessments.go).
type Store interface {
	InsertDiscResult(ctx context.Context, r DiscResult) error
	// DiscResults lists a member's results, newest first.
	DiscResults(ctx context.Context, userID string, limit int) ([]DiscResult, error)
	// DiscResult returns one result (not found when missing), whoever owns it.
	DiscResult(ctx context.Context, id string) (DiscResult, error)
	// Questionnaire returns a member's answers; found is false when there are none.
	Questionnaire(ctx context.Context, userID string) (q SavedQuestionnaire, found bool, err error)
	SaveQuestionnaire(ctx context.Context, q SavedQuestionnaire) error
	// Welcome returns a member's onboarding; found is false before the first save.
	Welcome(ctx context.Context, userID string) (w Welcome, found bool, err error)
	SaveWelcome(ctx context.Context, w Welcome) error
	InsertGoals(ctx context.Context, g Goals) error
	// GoalsHistory lists a member's goal updates, newest first.
	GoalsHistory(ctx context.Context, userID string, limit int) ([]Goals, error)
}

// HistoryLimit is how many past results a member sees.
const HistoryLimit = 50

// Service scores and keeps the assessments.
type Service struct {
	Store Store
	Now   func() time.Time
	NewID func() string
}

// Score validates and scores answers without saving them (a visitor's test).
func (s *Service) Score(answers []DiscAnswer) (DiscProfile, error) {
	if err := ValidateDisc(answers); err != nil {
		return DiscProfile{}, err
	}
	return ScoreDisc(answers), nil
}

// SaveDisc validates, scores and saves a member's test; every retake is a new result.
func (s *Service) SaveDisc(ctx context.Context, userID string, answers []DiscAnswer) (DiscResult, error) {
	p, err := s.Score(answers)
	if err != nil {
		return DiscResult{}, err
	}
	// Kept in the items' order, whatever order they were sent in.
	ordered := make([]DiscAnswer, 0, len(DiscItems))
	for _, it := range DiscItems {
		for _, a := range answers {
			if a.Item == it.ID {
				ordered = append(ordered, a)
			}
		}
	}
	r := DiscResult{ID: s.NewID(), UserID: userID, DiscProfile: p, Answers: ordered, CreatedAt: s.Now().UTC()}
	if err := s.Store.InsertDiscResult(ctx, r); err != nil {
		return DiscResult{}, err
	}
	return r, nil
}

// DiscHistory lists a member's results, newest first; never nil.
func (s *Service) DiscHistory(ctx context.Context, userID string) ([]DiscResult, error) {
	rows, err := s.Store.DiscResults(ctx, userID, HistoryLimit)
	if rows == nil && err == nil {
		rows = []DiscResult{}
	}
	return rows, err
}

// DiscResult returns one of the member's results; another member's is not found, as a missing one.
func (s *Service) DiscResult(ctx context.Context, userID, id string) (DiscResult, error) {
	r, err := s.Store.DiscResult(ctx, id)
	if err != nil {
		return DiscResult{}, err
	}
	if r.UserID != userID {
		return DiscResult{}, apperr.New(apperr.NotFound, "No such result.")
	}
	return r, nil
}

// QuestionnaireView is a member's answers and the categories they point to.
type QuestionnaireView struct {
	// Answers are nil when the member has not answered yet.
	Answers         *SavedQuestionnaire `json:"answers"`
	Recommendations []Recommendation    `json:"recommendations"`
}

// Questionnaire returns the member's answers and recommendations (none before answering).
func (s *Service) Questionnaire(ctx context.Context, userID string) (QuestionnaireView, error) {
	q, found, err := s.Store.Questionnaire(ctx, userID)
	if err != nil || !found {
		return QuestionnaireView{Recommendations: []Recommendation{}}, err
	}
	return QuestionnaireView{Answers: &q, Recommendations: Recommend(q.Questionnaire)}, nil
}

// SaveQuestionnaire validates and stores the member's answers (replacing earlier ones) and
// returns the recommendations they lead to.
func (s *Service) SaveQuestionnaire(ctx context.Context, userID string, q Questionnaire) (QuestionnaireView, error) {
	if err := q.Validate(); err != nil {
		return QuestionnaireView{}, err
	}
	saved := SavedQuestionnaire{Questionnaire: q.Normalize(), UserID: userID, UpdatedAt: s.Now().UTC()}
	if err := s.Store.SaveQuestionnaire(ctx, saved); err != nil {
		return QuestionnaireView{}, err
	}
	return QuestionnaireView{Answers: &saved, Recommendations: Recommend(saved.Questionnaire)}, nil
}
