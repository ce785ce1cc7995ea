-- A card on file for vendor point charges (issue 30 item 2, F-PAY-07, docs/decisions.md: Vendors
-- save a card). vendor_billing (0022) held only the Stripe customer and payment method; nothing
-- wrote it. A vendor's owner now saves a card through the payment provider's hosted page
-- (Stripe Checkout in setup mode, or the built-in test-mode card page) and the charge job
-- (points.charge_vendor) reads it. provider names the provider the card was saved at: a card
-- saved at one provider is not used with another. The card's brand, last four digits and
-- expiry are what the dashboard shows; the card number stays at the provider. Removing the
-- card empties the payment method and card columns and keeps the customer, so the next card
-- goes to the same Stripe customer. updated_by is the user who saved or removed it.
ALTER TABLE vendor_billing ADD COLUMN provider TEXT NOT NULL DEFAULT '';
ALTER TABLE vendor_billing ADD COLUMN card_brand TEXT NOT NULL DEFAULT '';
ALTER TABLE vendor_billing ADD COLUMN card_last4 TEXT NOT NULL DEFAULT '';
ALTER TABLE vendor_billing ADD COLUMN card_exp_month INTEGER NOT NULL DEFAULT 0;
ALTER TABLE vendor_billing ADD COLUMN card_exp_year INTEGER NOT NULL DEFAULT 0;
ALTER TABLE vendor_billing ADD COLUMN updated_by TEXT NOT NULL DEFAULT '';
