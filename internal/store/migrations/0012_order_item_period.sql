-- The billing period of an order line (docs/decisions.md, Hardening (issue 14), Recurring
-- services): one_time, month or year. A monthly or yearly line is charged for its first period
-- only and renews with the vendor, and the order says so. Lines of earlier orders that were
-- bought yearly are known to be yearly; the period of the others was not kept and stays ''.
ALTER TABLE order_items ADD COLUMN period TEXT NOT NULL DEFAULT '';
UPDATE order_items SET period = 'year' WHERE yearly = TRUE;
