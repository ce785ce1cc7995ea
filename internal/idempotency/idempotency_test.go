package idempotency_test

import (
	"testing"

	"circle/internal/apperr"
	"circle/internal/idempotency"
)

// TestIssue27_FingerprintAndCheck: issue 27 item 3. Equal fields give equal fingerprints, field
// boundaries count, and a stored fingerprint that differs is the 409 naming idempotency_key;
// a record from before fingerprints (empty) is taken as the same request.
func TestIssue27_FingerprintAndCheck(t *testing.T) {
	a := idempotency.Fingerprint("op", "svc", 40, false)
	if a != idempotency.Fingerprint("op", "svc", 40, false) || len(a) != 64 {
		t.Fatalf("fingerprint not stable: %s", a)
	}
	if idempotency.Fingerprint("ab", "c") == idempotency.Fingerprint("a", "bc") || a == idempotency.Fingerprint("op", "svc", 30, false) {
		t.Fatal("different requests share a fingerprint")
	}
	if err := idempotency.Check(a, a); err != nil {
		t.Fatalf("same request: %v", err)
	}
	if err := idempotency.Check("", a); err != nil {
		t.Fatalf("a record without a fingerprint: %v", err)
	}
	err := idempotency.Check(a, idempotency.Fingerprint("op", "svc", 30, false))
	e, ok := apperr.As(err)
	if !ok || e.Code != apperr.Conflict || len(e.Fields) != 1 || e.Fields[0].Field != "idempotency_key" || e.Fields[0].Key != idempotency.KeyReused {
		t.Fatalf("another request: %v", err)
	}
}
