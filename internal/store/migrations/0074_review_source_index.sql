-- Issue 31 item 5 (F-AREA-03): admin-assigned reviews. The back office's reviews list filters
-- by review_source (agent, vendor_provided, google_external, admin_assigned) and pages newest
-- first; this index answers that page without reading every review.
CREATE INDEX service_reviews_source_created_idx ON service_reviews (review_source, created_at, id);
