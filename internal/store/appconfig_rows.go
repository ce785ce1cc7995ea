package store

import (
	"github.com/uptrace/bun"

	"circle/internal/appconfig"
)

// The row of the app_config table. The domain type is embedded: bun maps its untagged fields
// to snake_case columns (see docs/architecture.md, Store areas); the row adds the table and
// shadows the key, which bun needs tagged for WherePK.
type appConfigRow struct {
	bun.BaseModel `bun:"table:app_config,alias:config"`

	ID int `bun:"id,pk"`
	appconfig.Config
}

func appConfigRowOf(c appconfig.Config) appConfigRow { return appConfigRow{ID: c.ID, Config: c} }

func (r appConfigRow) domain() appconfig.Config {
	c := r.Config
	c.ID = r.ID
	return c
}
