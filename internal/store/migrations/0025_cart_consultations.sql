-- The cart consultation flow (issue 16, spec 03§2 and 03§4) and the reminder scan's index.
--
-- A cart line that needs a consultation (a quote) is held back from checkout until the agent
-- books that consultation through the flow; the line then names its booking, and checkout
-- releases it while that booking is live (pending, or a captured lead). The booking's state is
-- read with the line every time, so a canceled booking holds the line back again.
ALTER TABLE cart_items ADD COLUMN consultation_booking_id TEXT NOT NULL DEFAULT '';

-- The preparation course's reminder scan reads the bookings starting in a window every
-- 15 minutes (store.MeetingsStarting: status = 'pending' AND starts_at >= ? AND starts_at < ?).
-- Partial like the scan, so it holds only live bookings and the planner prefers it to the
-- partial slot index (tested: store.MeetingsStartingPlan on both databases).
CREATE INDEX consultation_bookings_starts_idx ON consultation_bookings (starts_at) WHERE status = 'pending';
