-- Issue 27 item 5: one open invitation per referrer, kind and vendor e-mail, and a registered
-- vendor credited once. The service answers a repeat with the open invitation (no second
-- e-mail); these indexes make that hold under concurrency too.

-- Addresses were stored trimmed and in lower case; make sure of it, as the index compares them
-- as stored.
UPDATE vendor_invitations SET vendor_email = LOWER(TRIM(vendor_email)) WHERE vendor_email <> LOWER(TRIM(vendor_email));

-- A vendor account credited by several invitations keeps the earliest; the others are open
-- again (they never should have been credited).
UPDATE vendor_invitations SET status = 'invited', joined_user_id = '', joined_at = NULL
WHERE joined_user_id <> '' AND EXISTS (
    SELECT 1 FROM vendor_invitations AS o
    WHERE o.joined_user_id = vendor_invitations.joined_user_id
      AND (o.joined_at < vendor_invitations.joined_at OR (o.joined_at = vendor_invitations.joined_at AND o.id < vendor_invitations.id))
);

-- Repeated open invitations keep the earliest; the later copies (the same referrer, kind and
-- address, e-mailed again) are removed: their links answer "not found" at registration, the
-- earliest's link credits the referrer (docs/decisions.md, issue 27).
DELETE FROM vendor_invitations
WHERE status = 'invited' AND EXISTS (
    SELECT 1 FROM vendor_invitations AS o
    WHERE o.status = 'invited' AND o.inviter_id = vendor_invitations.inviter_id AND o.kind = vendor_invitations.kind
      AND o.vendor_email = vendor_invitations.vendor_email
      AND (o.created_at < vendor_invitations.created_at OR (o.created_at = vendor_invitations.created_at AND o.id < vendor_invitations.id))
);

CREATE UNIQUE INDEX vendor_invitations_open_key ON vendor_invitations (inviter_id, kind, vendor_email) WHERE status = 'invited';
CREATE UNIQUE INDEX vendor_invitations_credit_key ON vendor_invitations (joined_user_id) WHERE joined_user_id <> '';
