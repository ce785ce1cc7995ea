-- Issue 32 item 10 (F-APP-06): a member's USD/CAD choice. 'auto' keeps the rule of 01§9 / 03§9
-- (CAD for a Canadian province, or in French without a US state); 'USD' or 'CAD' is the
-- header's switch. Visitors keep theirs in the circle_currency cookie.
ALTER TABLE profiles ADD COLUMN preferred_currency TEXT NOT NULL DEFAULT 'auto';
