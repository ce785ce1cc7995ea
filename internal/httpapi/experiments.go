package httpapi

import (
	"context"

	"circle/internal/experiments"
)

// ExperimentsArea records the web app's A/B exposures and conversions (public: visitors are in
// the experiments) and answers the arms with their conversion and significance to
// administrators on /analytics (issue 31 item 11, F-AREA-04).
type ExperimentsArea struct {
	Experiments *experiments.Service
}

const (
	sumRecordExposure   = "Record a visitor's arm of an A/B experiment (once per visitor and experiment)"
	sumRecordConversion = "Record that an exposed visitor converted (once)"
	sumExperiments      = "The A/B experiments' arms with their conversion and a two-proportion z-test"
)

// Register declares the area's routes.
func (h *ExperimentsArea) Register(r *Router) {
	post(r, "/api/experiments/{experiment}/exposures", "record-exposure", sumRecordExposure, "tracking", public, h.expose, maxKB(2))
	post(r, "/api/experiments/{experiment}/conversions", "record-conversion", sumRecordConversion, "tracking", public, h.convert, maxKB(2))
	get(r, "/api/admin/analytics/experiments", "admin-experiments", sumExperiments, "admin", admin, h.results)
}

type exposureInput struct {
	Experiment string `path:"experiment" maxLength:"40"`
	Body       struct {
		Arm        string `json:"arm" maxLength:"40" doc:"The arm the browser was assigned"`
		VisitorKey string `json:"visitor_key" minLength:"8" maxLength:"64" doc:"The browser's random experiments id"`
	}
}

func (h *ExperimentsArea) expose(ctx context.Context, in *exposureInput) (*recordedOutput, error) {
	var uid *string
	if p, ok, _ := viewer(ctx); ok {
		uid = &p.User.ID
	}
	rec, err := h.Experiments.Expose(ctx, in.Experiment, in.Body.Arm, in.Body.VisitorKey, uid)
	return answer(recordedOutputBody{Recorded: rec}, err)
}

type conversionInput struct {
	Experiment string `path:"experiment" maxLength:"40"`
	Body       struct {
		VisitorKey string `json:"visitor_key" minLength:"8" maxLength:"64" doc:"The browser's random experiments id"`
	}
}

func (h *ExperimentsArea) convert(ctx context.Context, in *conversionInput) (*recordedOutput, error) {
	rec, err := h.Experiments.Convert(ctx, in.Experiment, in.Body.VisitorKey)
	return answer(recordedOutputBody{Recorded: rec}, err)
}

type experimentsInput struct {
	From string `query:"from" maxLength:"10" doc:"First UTC day of first exposure, YYYY-MM-DD (default: 29 days before to)"`
	To   string `query:"to" maxLength:"10" doc:"Last UTC day, YYYY-MM-DD (default: today)"`
}

type experimentsOutput struct {
	Body struct {
		From        string               `json:"from"`
		To          string               `json:"to"`
		Alpha       float64              `json:"alpha" doc:"The two-sided significance level"`
		MinVisitors int                  `json:"min_visitors" doc:"Visitors per arm before the test says anything"`
		MinOutcomes int                  `json:"min_outcomes" doc:"Conversions and non-conversions per arm before the test says anything"`
		Experiments []experiments.Result `json:"experiments"`
	}
}

func (h *ExperimentsArea) results(ctx context.Context, in *experimentsInput) (*experimentsOutput, error) {
	from, to, res, err := h.Experiments.Results(ctx, in.From, in.To)
	if err != nil {
		return nil, err
	}
	out := &experimentsOutput{}
	out.Body.From, out.Body.To, out.Body.Experiments = from, to, res
	out.Body.Alpha, out.Body.MinVisitors, out.Body.MinOutcomes = experiments.Alpha, experiments.MinExposures, experiments.MinOutcomes
	return out, nil
}
