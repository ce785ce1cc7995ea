-- Vendor profile, representatives and evaluation questions on /vendor-dashboard, and the Add
-- New Product dialog (issue 30 items 2 and 4, F-AREA-01, F-ENG-06; internal/vendorprofile,
-- docs/areas/vendor-self-service.md).

-- A representative's licence is a number and the state that issued it.
ALTER TABLE service_representatives ADD COLUMN license_state TEXT NOT NULL DEFAULT '';

-- Exactly one primary representative per vendor (with any representatives): the store moves
-- the mark in one transaction; the index refuses a second primary. Older rows with two
-- primaries keep the first by id.
UPDATE service_representatives SET is_primary = FALSE
WHERE is_primary AND id <> (SELECT MIN(r.id) FROM service_representatives r WHERE r.vendor_id = service_representatives.vendor_id AND r.is_primary);
CREATE UNIQUE INDEX service_representatives_primary_key ON service_representatives (vendor_id) WHERE is_primary;

-- Where a product added with the Add New Product dialog is offered (03§5 vendor_location,
-- "City, State"); '' for services written by the services editor.
ALTER TABLE services ADD COLUMN vendor_location TEXT NOT NULL DEFAULT '';
