package support

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"circle/internal/apperr"
	"circle/internal/ids"
)

// Help analytics event types (03§3).
const (
	EventStart    = "start"
	EventComplete = "complete"
	EventSkip     = "skip"
)

// Guides are the five guided tours of 03§2, by the id the help widget sends.
var Guides = []string{"marketplace-complete-guide", "academy-course-enrollment", "vendor-service-creation", "ai-dashboard-setup",
	"profile-optimization"}

// HelpEvent is one help analytics event (help_analytics). UserID is "" for a visitor.
type HelpEvent struct {
	ID          string
	UserID      string
	EventType   string
	GuideID     string
	Route       string
	ContextData string
	CreatedAt   time.Time
}

// HelpEventInput is what the help widget sends: a tour started, completed or skipped.
type HelpEventInput struct {
	EventType   string         `json:"event_type" enum:"start,complete,skip"`
	GuideID     string         `json:"guide_id" maxLength:"60" doc:"One of the five tours: marketplace-complete-guide, academy-course-enrollment, vendor-service-creation, ai-dashboard-setup, profile-optimization"`
	Route       string         `json:"route" maxLength:"600" doc:"The app path the tour ran on"`
	ContextData *HelpEventData `json:"context_data,omitempty"`
}

// HelpEventData is the context the widget saw (03§3: timeOnPage, errorCount, userBehavior).
type HelpEventData struct {
	TimeOnPage   int    `json:"timeOnPage" minimum:"0" maximum:"86400000" doc:"Milliseconds on the page"`
	ErrorCount   int    `json:"errorCount" minimum:"0" maximum:"10000"`
	UserBehavior string `json:"userBehavior,omitempty" maxLength:"200"`
	Step         int    `json:"step" minimum:"0" maximum:"100" doc:"The step index the event happened at"`
}

// RecordHelp stores a tour's start, completion or skip for the member (userID) or a visitor
// (""); key is what the rate limit counts.
func (s *Service) RecordHelp(ctx context.Context, userID, key string, in HelpEventInput) error {
	var f fieldErrs
	e := HelpEvent{ID: ids.New(), UserID: userID, EventType: strings.TrimSpace(in.EventType), GuideID: strings.TrimSpace(in.GuideID),
		Route: cleanPage(in.Route), ContextData: "{}", CreatedAt: s.Now().UTC()}
	if !slices.Contains([]string{EventStart, EventComplete, EventSkip}, e.EventType) {
		f.add("event_type", "validation.enum", "event_type must be start, complete or skip")
	}
	if !slices.Contains(Guides, e.GuideID) {
		f.add("guide_id", "validation.enum", "guide_id must be one of "+strings.Join(Guides, ", "))
	}
	if e.Route == "" {
		f.add("route", "validation.route", "route must be an app path such as /marketplace")
	}
	if len(f) > 0 {
		return apperr.Fields(f)
	}
	if in.ContextData != nil {
		d := *in.ContextData
		d.UserBehavior = cleanText(d.UserBehavior)
		raw, err := json.Marshal(d)
		if err != nil {
			return err
		}
		e.ContextData = string(raw)
	}
	if err := s.limit(ctx, s.Help, key); err != nil {
		return err
	}
	return s.Store.RecordHelpEvent(ctx, e)
}
