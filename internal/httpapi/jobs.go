package httpapi

import (
	"context"

	"circle/internal/jobs"
)

type deadJobsInput struct {
	Limit int `query:"limit" minimum:"1" maximum:"500" default:"100"`
}

type deadJobsOutputBody struct {
	Jobs []jobs.DeadView `json:"jobs"`
}

type deadJobsOutput = bodyOutput[deadJobsOutputBody]

func (h *MonitorArea) adminDeadJobs(ctx context.Context, in *deadJobsInput) (*deadJobsOutput, error) {
	dead, err := h.Jobs.Dead(ctx, in.Limit)
	return answer(deadJobsOutputBody{Jobs: dead}, err)
}
