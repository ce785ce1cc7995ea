package store

import (
	"context"
	"fmt"
	"time"

	"circle/internal/apperr"
)

// UseBotChallenge records a bot-check challenge id as used; a second use is a conflict.
func (db Accounts) UseBotChallenge(ctx context.Context, id string, expires time.Time) error {
	now := db.Now()
	if _, err := db.bun.NewDelete().Table("bot_challenges_used").Where("expires_at < ?", now).Exec(ctx); err != nil {
		return fmt.Errorf("prune bot challenges: %w", err)
	}
	if _, err := db.bun.ExecContext(ctx, "INSERT INTO bot_challenges_used (id, expires_at) VALUES (?, ?)", id, expires.UTC()); err != nil {
		if isUniqueViolation(err) {
			return apperr.New(apperr.Conflict, "challenge already used")
		}
		return fmt.Errorf("record bot challenge: %w", err)
	}
	return nil
}
