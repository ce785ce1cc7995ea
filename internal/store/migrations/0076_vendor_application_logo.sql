-- Vendor registration's logo upload (issue 30 item 1, F-AREA-01): the address of a picture the
-- applicant uploaded through the media uploader (/api/media/{id}/file; the file is the
-- applicant's own, since the vendor does not exist yet). Approval copies it to vendors.logo_url.
ALTER TABLE vendor_applications ADD COLUMN logo_url TEXT NOT NULL DEFAULT '';
