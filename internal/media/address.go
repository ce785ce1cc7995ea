package media

import (
	"net/url"
	"strings"
)

// addressPrefix and addressSuffix frame a stored file's address, GET /api/media/{id}/file.
const (
	addressPrefix = "/api/media/"
	addressSuffix = "/file"
)

// Address is where a stored file is served (its re-encoded original for a picture). A logo, a
// representative's photo, a service's picture or an applicant's logo saves this address, so it
// points at the stored file whatever storage (disk or S3) holds the bytes.
func Address(id string) string { return addressPrefix + id + addressSuffix }

// IDOfAddress reads the file id of an address Address made, with or without a ?variant= of
// one of the sizes; ok is false for anything else (another site's URL, another path, an
// unknown variant, a query with other fields).
func IDOfAddress(address string) (id string, ok bool) {
	path, query, _ := strings.Cut(address, "?")
	if !strings.HasPrefix(path, addressPrefix) || !strings.HasSuffix(path, addressSuffix) {
		return "", false
	}
	id = strings.TrimSuffix(strings.TrimPrefix(path, addressPrefix), addressSuffix)
	if id == "" || len(id) > 64 || strings.ContainsAny(id, "/\\%. ") {
		return "", false
	}
	if query != "" {
		q, err := url.ParseQuery(query)
		if err != nil || len(q) != 1 || len(q["variant"]) != 1 {
			return "", false
		}
		switch q.Get("variant") {
		case VariantOriginal, VariantDetail, VariantCard, VariantThumb:
		default:
			return "", false
		}
	}
	return id, true
}

// Sized is the address of one size of a stored picture (Address with ?variant=); any other
// address (a demo path, another site's URL, one with a size already) is returned as it is. The
// web app's mediaSize (web/src/lib/media.ts) makes the same addresses, so a first screen drawn
// here and the app after it ask for the same bytes.
func Sized(address, variant string) string {
	if _, query, _ := strings.Cut(address, "?"); query != "" {
		return address
	}
	if _, ok := IDOfAddress(address); !ok {
		return address
	}
	return address + "?variant=" + variant
}
