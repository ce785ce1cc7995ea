package app

import (
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"circle/internal/account"
	"circle/internal/jobs"
	"circle/internal/location"
	"circle/internal/notify"
	"circle/internal/prepcourse"
	"circle/internal/store"
	"circle/internal/vendorinvite"
)

// engagement holds the services of issue 16's consult-more part: the preparation course,
// vendor invitations and referrals, and the location dialog.
type engagement struct {
	prep     *prepcourse.Service
	invites  *vendorinvite.Service
	location *location.Service
}

// newEngagement wires them. The course's meetings are the consultation bookings (the store's
// prepcourse.MeetingSource): a course belongs to its booking's agent and the reminder job finds
// the meetings starting within 24 hours.
func newEngagement(c Config, db *store.DB, runner *jobs.Runner, now func() time.Time, logger *slog.Logger, mailer notify.Mailer) (*engagement, error) {
	var geocoder location.Geocoder
	if c.GeocoderURL != "" {
		geocoder = &location.HTTP{Endpoint: c.GeocoderURL, Key: c.GeocoderKey, Client: &http.Client{Timeout: 10 * time.Second}}
	} else {
		off, err := location.NewOffline()
		if err != nil {
			return nil, fmt.Errorf("location: %w", err)
		}
		geocoder = off
	}
	logger.Info("location", "geocoder", geocoder.Name())
	return &engagement{
		prep:     &prepcourse.Service{Store: store.NewPrep(db), Meetings: store.NewPrep(db), Now: now, Mailer: mailer, Jobs: runner, Logger: logger, BaseURL: c.BaseURL},
		invites:  &vendorinvite.Service{Store: store.NewVendorInvites(db), Mailer: mailer, Now: now, BaseURL: c.BaseURL},
		location: &location.Service{Geocoder: geocoder, Profiles: &account.ProfileService{Store: store.NewProfileStore(db)}},
	}, nil
}
