package appconfig

import (
	"context"
	"time"

	"circle/internal/apperr"
	"circle/internal/audit"
)

// Change is one key set to its text value (Config.Set's rules).
type Change struct {
	Key   string `json:"key" example:"maintenance_mode"`
	Value string `json:"value" example:"true"`
}

// ChangeStore is what changing the configuration needs: the row locked and saved on one
// transaction with the change's audit entry (issue 31 item 12).
type ChangeStore interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	LockConfig(ctx context.Context) (Config, error)
	SaveConfigIn(ctx context.Context, c Config) (Config, error)
	AppendAudit(ctx context.Context, e audit.Record) error
}

// Service changes the app configuration: an administrator from the back office, the system
// from `circle config set`.
type Service struct {
	Store ChangeStore
	Now   func() time.Time
}

// Change applies the changes in order, all or none: an invalid value is a field error naming
// the key and nothing is saved. The saved row and one audit entry (the row before and after)
// commit together.
func (s *Service) Change(ctx context.Context, by audit.Actor, changes []Change) (Config, error) {
	if len(changes) == 0 {
		return Config{}, apperr.Field("changes", "validation.required", "changes must name at least one key")
	}
	var out Config
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		before, err := s.Store.LockConfig(ctx)
		if err != nil {
			return err
		}
		next := before
		for _, c := range changes {
			if err := next.Set(c.Key, c.Value, s.Now()); err != nil {
				return err
			}
		}
		saved, err := s.Store.SaveConfigIn(ctx, next)
		if err != nil {
			return err
		}
		out = saved
		return audit.Append(ctx, s.Store, by, audit.ActionConfigChange, audit.KindAppConfig, "app_config", before, saved)
	})
	return out, err
}
