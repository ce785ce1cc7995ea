package httpapi

import (
	"context"

	"circle/internal/ministry"
)

// MinistryArea is the opt-in ministry (issue 32 item 6): scriptures by topic from the bundled
// public-domain text, members' prayer requests (private, or shared after staff approval) and
// the back office's moderation of shared ones, audited.
type MinistryArea struct {
	Ministry *ministry.Service
}

const (
	sumScriptures     = "Scriptures from the bundled public-domain translation, by topic tag"
	sumSubmitPrayer   = "Submit a prayer request, private or shared (shared ones wait for staff approval)"
	sumMyPrayers      = "The caller's own prayer requests with their status, newest first"
	sumSharedPrayers  = "Approved shared prayer requests, newest first, without names"
	sumAdminPrayers   = "Shared prayer requests by status for moderation (pending first in, first out)"
	sumApprovePrayer  = "Approve a pending shared prayer request (audited)"
	sumRejectPrayer   = "Reject a pending shared prayer request (audited)"
	adminPrayersPath  = "/api/admin/ministry/prayers"
	adminPrayerIDPath = adminPrayersPath + "/{id}"
)

// Register declares the area's routes.
func (h *MinistryArea) Register(r *Router) {
	get(r, "/api/ministry/scriptures", "list-scriptures", sumScriptures, "ministry", public, h.scriptures)
	post(r, "/api/ministry/prayers", "submit-prayer", sumSubmitPrayer, "ministry", user, h.submit, maxKB(8), created)
	get(r, "/api/ministry/prayers/mine", "list-my-prayers", sumMyPrayers, "ministry", user, h.mine)
	get(r, "/api/ministry/prayers/shared", "list-shared-prayers", sumSharedPrayers, "ministry", user, h.shared)
	get(r, adminPrayersPath, "admin-list-prayers", sumAdminPrayers, "admin", admin, h.queue)
	post(r, adminPrayerIDPath+"/approve", "admin-approve-prayer", sumApprovePrayer, "admin", admin, h.approve)
	post(r, adminPrayerIDPath+"/reject", "admin-reject-prayer", sumRejectPrayer, "admin", admin, h.reject)
}

type scripturesInput struct {
	Tag string `query:"tag" enum:"encouragement,peace,wisdom,work,family,gratitude,healing,guidance," doc:"Only verses with this topic; empty for all."`
}

type scripturesOutput struct {
	Body struct {
		Translation string           `json:"translation" doc:"KJV: the King James Version, public domain."`
		Tags        []string         `json:"tags"`
		Verses      []ministry.Verse `json:"verses"`
	}
}

func (h *MinistryArea) scriptures(_ context.Context, in *scripturesInput) (*scripturesOutput, error) {
	out := &scripturesOutput{}
	out.Body.Translation, out.Body.Tags, out.Body.Verses = ministry.Translation, ministry.Tags, ministry.VersesFor(in.Tag)
	return out, nil
}

type submitPrayerInput struct {
	Body ministry.NewPrayer
}

type prayerOutput = bodyOutput[ministry.Prayer]

func (h *MinistryArea) submit(ctx context.Context, in *submitPrayerInput) (*prayerOutput, error) {
	return answer(h.Ministry.Submit(ctx, principalOf(ctx).User.ID, in.Body))
}

type prayersOutputBody struct {
	Prayers []ministry.Prayer `json:"prayers"`
}

type prayersOutput = bodyOutput[prayersOutputBody]

func (h *MinistryArea) mine(ctx context.Context, _ *struct{}) (*prayersOutput, error) {
	rows, err := h.Ministry.Mine(ctx, principalOf(ctx).User.ID)
	return answer(prayersOutputBody{Prayers: rows}, err)
}

type sharedPrayersOutputBody struct {
	Prayers []ministry.SharedPrayer `json:"prayers"`
}

type sharedPrayersOutput = bodyOutput[sharedPrayersOutputBody]

func (h *MinistryArea) shared(ctx context.Context, _ *struct{}) (*sharedPrayersOutput, error) {
	rows, err := h.Ministry.SharedWall(ctx)
	return answer(sharedPrayersOutputBody{Prayers: rows}, err)
}

type adminPrayersInput struct {
	Status string `query:"status" enum:"pending,approved,rejected," doc:"Which requests (pending when empty)."`
}

func (h *MinistryArea) queue(ctx context.Context, in *adminPrayersInput) (*prayersOutput, error) {
	rows, err := h.Ministry.Queue(ctx, in.Status)
	return answer(prayersOutputBody{Prayers: rows}, err)
}

func (h *MinistryArea) approve(ctx context.Context, in *idPath) (*prayerOutput, error) {
	return answer(h.Ministry.Decide(ctx, actorOf(ctx), in.ID, true))
}

func (h *MinistryArea) reject(ctx context.Context, in *idPath) (*prayerOutput, error) {
	return answer(h.Ministry.Decide(ctx, actorOf(ctx), in.ID, false))
}
