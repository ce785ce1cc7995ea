package httpapi

import (
	"context"

	"circle/internal/assessments"
)

// AssessmentsArea is the agent's self-assessments (issue 32 item 5): the DISC test, which
// anyone may take and members save, and the agent questionnaire with its recommendations.
type AssessmentsArea struct {
	Assessments *assessments.Service
}

// Summaries too long for their route line.
const (
	sumDiscItems     = "The DISC test's 24 forced-choice items (ids and option ids; the words are the web app's copy)"
	sumScoreDisc     = "Score a DISC test without saving it (a visitor's test)"
	sumSaveDisc      = "Score and save the caller's DISC test (every retake is a new result)"
	sumDiscHistory   = "The caller's saved DISC results, newest first"
	sumDiscResult    = "One of the caller's saved DISC results"
	sumQuestionnaire = "The caller's agent questionnaire answers and the categories they point to"
	sumSaveQuestions = "Save the caller's agent questionnaire and get the three categories it points to"
)

// Register declares the area's routes.
func (h *AssessmentsArea) Register(r *Router) {
	get(r, "/api/assessments/disc/items", "disc-items", sumDiscItems, "assessments", public, h.discItems)
	post(r, "/api/assessments/disc/score", "score-disc", sumScoreDisc, "assessments", public, h.scoreDisc, maxKB(16))
	post(r, "/api/assessments/disc/results", "save-disc-result", sumSaveDisc, "assessments", user, h.saveDisc, maxKB(16), created)
	get(r, "/api/assessments/disc/results", "list-disc-results", sumDiscHistory, "assessments", user, h.discHistory)
	get(r, "/api/assessments/disc/results/{id}", "get-disc-result", sumDiscResult, "assessments", user, h.discResult)
	get(r, "/api/assessments/questionnaire", "get-questionnaire", sumQuestionnaire, "assessments", user, h.questionnaire)
	put(r, "/api/assessments/questionnaire", "save-questionnaire", sumSaveQuestions, "assessments", user, h.saveQuestionnaire, maxKB(8))
	h.registerWelcome(r)
}

type discItemsOutput struct {
	Body struct {
		Items []assessments.DiscItem `json:"items"`
	}
}

func (h *AssessmentsArea) discItems(_ context.Context, _ *struct{}) (*discItemsOutput, error) {
	out := &discItemsOutput{}
	out.Body.Items = assessments.DiscItems
	return out, nil
}

type discAnswersInput struct {
	Body struct {
		Answers []assessments.DiscAnswer `json:"answers" maxItems:"48" doc:"One answer per item."`
	}
}

type discProfileOutput = bodyOutput[assessments.DiscProfile]

func (h *AssessmentsArea) scoreDisc(_ context.Context, in *discAnswersInput) (*discProfileOutput, error) {
	return answer(h.Assessments.Score(in.Body.Answers))
}

type discResultOutput = bodyOutput[assessments.DiscResult]

func (h *AssessmentsArea) saveDisc(ctx context.Context, in *discAnswersInput) (*discResultOutput, error) {
	return answer(h.Assessments.SaveDisc(ctx, principalOf(ctx).User.ID, in.Body.Answers))
}

type discHistoryOutputBody struct {
	Results []assessments.DiscResult `json:"results"`
}

type discHistoryOutput = bodyOutput[discHistoryOutputBody]

func (h *AssessmentsArea) discHistory(ctx context.Context, _ *struct{}) (*discHistoryOutput, error) {
	rows, err := h.Assessments.DiscHistory(ctx, principalOf(ctx).User.ID)
	return answer(discHistoryOutputBody{Results: rows}, err)
}

func (h *AssessmentsArea) discResult(ctx context.Context, in *idPath) (*discResultOutput, error) {
	return answer(h.Assessments.DiscResult(ctx, principalOf(ctx).User.ID, in.ID))
}

type questionnaireOutput = bodyOutput[assessments.QuestionnaireView]

func (h *AssessmentsArea) questionnaire(ctx context.Context, _ *struct{}) (*questionnaireOutput, error) {
	return answer(h.Assessments.Questionnaire(ctx, principalOf(ctx).User.ID))
}

type saveQuestionnaireInput struct {
	Body assessments.Questionnaire
}

func (h *AssessmentsArea) saveQuestionnaire(ctx context.Context, in *saveQuestionnaireInput) (*questionnaireOutput, error) {
	return answer(h.Assessments.SaveQuestionnaire(ctx, principalOf(ctx).User.ID, in.Body))
}

// The welcome onboarding and the goal assessment (issue 32 items 5 and 10).
const (
	sumWelcome     = "The caller's welcome onboarding: step, answers, done, and the first recommendations once finished"
	sumSaveWelcome = "Save the caller's welcome progress; step done or skip finishes it once"
	sumGoals       = "The caller's goal assessment: the latest goals and every update, newest first"
	sumSaveGoals   = "Add an update of the caller's goals (each update is kept for progress over time)"
)

// registerWelcome declares the onboarding's and the goals' routes.
func (h *AssessmentsArea) registerWelcome(r *Router) {
	get(r, "/api/welcome", "get-welcome", sumWelcome, "assessments", user, h.welcome)
	put(r, "/api/welcome", "save-welcome", sumSaveWelcome, "assessments", user, h.saveWelcome, maxKB(8))
	get(r, "/api/goals", "get-goals", sumGoals, "assessments", user, h.goals)
	post(r, "/api/goals", "save-goals", sumSaveGoals, "assessments", user, h.saveGoals, maxKB(8), created)
}

type welcomeOutput = bodyOutput[assessments.WelcomeView]

func (h *AssessmentsArea) welcome(ctx context.Context, _ *struct{}) (*welcomeOutput, error) {
	return answer(h.Assessments.Welcome(ctx, principalOf(ctx).User.ID))
}

type saveWelcomeInput struct {
	Body assessments.WelcomeUpdate
}

func (h *AssessmentsArea) saveWelcome(ctx context.Context, in *saveWelcomeInput) (*welcomeOutput, error) {
	return answer(h.Assessments.SaveWelcome(ctx, principalOf(ctx).User.ID, in.Body))
}

type goalsOutput = bodyOutput[assessments.GoalsView]

func (h *AssessmentsArea) goals(ctx context.Context, _ *struct{}) (*goalsOutput, error) {
	return answer(h.Assessments.Goals(ctx, principalOf(ctx).User.ID))
}

type saveGoalsInput struct {
	Body assessments.GoalsInput
}

func (h *AssessmentsArea) saveGoals(ctx context.Context, in *saveGoalsInput) (*goalsOutput, error) {
	return answer(h.Assessments.SaveGoals(ctx, principalOf(ctx).User.ID, in.Body))
}
