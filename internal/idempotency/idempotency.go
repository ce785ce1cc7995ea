// Package idempotency is the one rule for client idempotency keys (issue 27 item 3): the same
// key with the same request answers the first answer; the same key with another request is
// refused with 409 naming idempotency_key. A request's fingerprint is stored with its key and
// compared when the key comes back.
package idempotency

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"circle/internal/apperr"
)

// The answer for a key reused with another request (translated by the web app).
const (
	KeyReused = "validation.idempotency_key_reused"
	MsgReused = "idempotency_key was already used for a different request; send a new key for a new request"
)

// Fingerprint is the hex SHA-256 of the request's meaningful fields, in the order given, as
// JSON (so "a","bc" and "ab","c" differ). Callers pass the fields after the normalisation the
// operation itself applies (trimmed text, resolved defaults), so a retry that differs only in
// what the operation ignores is the same request.
func Fingerprint(fields ...any) string {
	raw, err := json.Marshal(fields)
	if err != nil {
		// Only unmarshalable values (channels, functions) fail: a programming error.
		panic(fmt.Sprintf("idempotency: fingerprint: %v", err))
	}
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

// Check compares the fingerprint stored with a key to the fingerprint of the request that sent
// the key again: nil when they match, else ErrReused. An empty stored fingerprint is a record
// made before fingerprints were stored (issue 27): it is taken as the same request, as it was.
func Check(stored, got string) error {
	if stored == "" || stored == got {
		return nil
	}
	return ErrReused()
}

// ErrReused is the 409 naming idempotency_key.
func ErrReused() error {
	return &apperr.Error{Code: apperr.Conflict, Message: MsgReused,
		Fields: []apperr.FieldError{{Field: "idempotency_key", Key: KeyReused, Message: MsgReused}}}
}
