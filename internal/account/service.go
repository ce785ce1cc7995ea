package account

import (
	"context"
)

// ProfileStore is what the profile service needs from the database (internal/store).
type ProfileStore interface {
	ProfileByUserID(ctx context.Context, userID string) (Profile, error)
	SaveProfile(ctx context.Context, p Profile) error
	EnsureProfile(ctx context.Context, userID, displayName string) (Profile, error)
	PointsBalance(ctx context.Context, userID string) (int64, error)
}

// ProfileService runs the profile use cases: creating a missing profile, the edits of
// /profile-settings and the points balance every profile view carries.
type ProfileService struct {
	Store ProfileStore
}

// Ensure creates the profile of an existing user when it is missing, named from the e-mail
// address (ensure_profile_exists), and returns it.
func (s *ProfileService) Ensure(ctx context.Context, userID, email string) (Profile, error) {
	return s.Store.EnsureProfile(ctx, userID, ProvisionalDisplayName("", "", email))
}

// Update checks the edit with the field rules, applies it to current (the profile userID had
// when the request started) and returns userID's profile as saved.
func (s *ProfileService) Update(ctx context.Context, userID string, current Profile, u ProfileUpdate) (Profile, error) {
	if err := u.Validate(); err != nil {
		return Profile{}, err
	}
	u.Apply(&current)
	if err := s.Store.SaveProfile(ctx, current); err != nil {
		return Profile{}, err
	}
	return s.Store.ProfileByUserID(ctx, userID)
}

// PointsBalance is the user's Circle points: the sum of their points ledger (0 without entries).
func (s *ProfileService) PointsBalance(ctx context.Context, userID string) (int64, error) {
	return s.Store.PointsBalance(ctx, userID)
}
