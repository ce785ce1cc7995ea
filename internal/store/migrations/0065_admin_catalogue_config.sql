-- Issue 31 items 4 and 6 (F-AREA-03): the back office's catalogue and configuration.
--
-- The services list sorts by last change or creation, newest first, with the id as the
-- tie-breaker so pages never overlap.
CREATE INDEX services_admin_updated_idx ON services (updated_at, id);
CREATE INDEX services_admin_created_idx ON services (created_at, id);

-- The feature flags of 02§6 are server-side defaults an administrator switches in
-- /admin/config (audited as config.change); a browser's own overrides (the circle-feature-flags
-- storage key, ff_{flag} URL parameters) still win on that browser, as the spec says.
ALTER TABLE app_config ADD COLUMN flag_marketplace BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE app_config ADD COLUMN flag_academy BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE app_config ADD COLUMN flag_admin_panel BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE app_config ADD COLUMN flag_sponsored_placements BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE app_config ADD COLUMN flag_sponsored_grid BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE app_config ADD COLUMN flag_top_deals BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE app_config ADD COLUMN flag_sponsored_badges BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE app_config ADD COLUMN flag_service_bundles BOOLEAN NOT NULL DEFAULT FALSE;
