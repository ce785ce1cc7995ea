-- Issue 31 items 3 and 5 (F-AREA-03): vendor approval and suspension, review moderation.
--
-- A vendor application may be sent back to the applicant with a message ("request changes"):
-- it stays pending, the message is e-mailed, and the applicant's next submission replaces it.
ALTER TABLE vendor_applications ADD COLUMN changes_requested_at {{.TS}};
ALTER TABLE vendor_applications ADD COLUMN changes_message TEXT NOT NULL DEFAULT '';

-- A suspended vendor: suspended_at is set, is_active is false, and the services that were
-- active are deactivated; their ids are kept (JSON list) so reinstating brings back exactly
-- those services.
ALTER TABLE vendors ADD COLUMN suspended_at {{.TS}};
ALTER TABLE vendors ADD COLUMN suspended_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE vendors ADD COLUMN suspended_services TEXT NOT NULL DEFAULT '[]';
CREATE INDEX vendors_created_idx ON vendors (created_at, id);

-- A hidden review: out of the service detail, its rating and count, the search index and the
-- share page; the row stays (restore brings it back). hidden_reason is the moderator's.
ALTER TABLE service_reviews ADD COLUMN hidden_at {{.TS}};
ALTER TABLE service_reviews ADD COLUMN hidden_reason TEXT NOT NULL DEFAULT '';
CREATE INDEX service_reviews_created_idx ON service_reviews (created_at, id);
