-- Consultation booking limits (issue 27 item 1): how many weekdays ahead a vendor's calendar
-- takes bookings, today included (the calendar offers those days and a booking past the last
-- is refused). 20 weekdays, four weeks, is what the calendar offered to every vendor before.
ALTER TABLE vendor_consultation_settings ADD COLUMN booking_window_weekdays INTEGER NOT NULL DEFAULT 20;

-- The open-bookings limits count a member's pending bookings with a vendor from now on
-- (consultations.Service.Book, under a lock per member and vendor).
CREATE INDEX consultation_bookings_member_idx ON consultation_bookings (user_id, vendor_id, starts_at) WHERE status = 'pending';
