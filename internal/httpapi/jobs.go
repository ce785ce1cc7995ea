package httpapi

import (
	"context"

	"circle/internal/jobs"
)

type deadJobsInput struct {
	Limit int `query:"limit" minimum:"1" maximum:"500" default:"100"`
}

type deadJobsOutput struct {
	Body struct {
		Jobs []jobs.DeadView `json:"jobs"`
	}
}

func (h *MonitorArea) adminDeadJobs(ctx context.Context, in *deadJobsInput) (*deadJobsOutput, error) {
	dead, err := h.Jobs.Dead(ctx, in.Limit)
	if err != nil {
		return nil, err
	}
	out := &deadJobsOutput{}
	out.Body.Jobs = dead
	return out, nil
}
