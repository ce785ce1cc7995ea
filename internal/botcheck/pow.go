package botcheck

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/bits"
	"strconv"
	"time"

	"circle/internal/ids"
)

// Challenge is a proof-of-work puzzle: find a nonce such that SHA-256(salt + nonce, nonce in
// decimal) starts with Difficulty zero bits. The server signs it, so it keeps no state until
// the answer arrives; each challenge id is accepted once.
type Challenge struct {
	ID         string `json:"id"`
	Salt       string `json:"salt"`
	Difficulty int    `json:"difficulty"`
	ExpiresAt  int64  `json:"expires_at" doc:"Unix seconds"`
	Signature  string `json:"signature"`
}

// Solution is what the widget sends back (base64url JSON as the bot token).
type Solution struct {
	Challenge
	Nonce uint64 `json:"nonce"`
}

// UsedStore remembers used challenge ids until they expire.
type UsedStore interface {
	UseBotChallenge(ctx context.Context, id string, expires time.Time) error
}

// PoW is the built-in checker.
type PoW struct {
	Key        []byte
	Difficulty int
	TTL        time.Duration
	Used       UsedStore
	Now        func() time.Time
}

// Kind implements Checker.
func (p *PoW) Kind() string { return "pow" }

// SiteKey implements Checker.
func (p *PoW) SiteKey() string { return "" }

// NewChallenge issues a signed challenge.
func (p *PoW) NewChallenge() Challenge {
	c := Challenge{ID: ids.New(), Salt: ids.Token(12), Difficulty: p.Difficulty, ExpiresAt: p.Now().Add(p.TTL).Unix()}
	c.Signature = p.sign(c)
	return c
}

func (p *PoW) sign(c Challenge) string {
	m := hmac.New(sha256.New, p.Key)
	fmt.Fprintf(m, "%s|%s|%d|%d", c.ID, c.Salt, c.Difficulty, c.ExpiresAt)
	return hex.EncodeToString(m.Sum(nil))
}

// Verify implements Checker.
func (p *PoW) Verify(ctx context.Context, token, _ string) error {
	if token == "" {
		return required()
	}
	raw, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil {
		return failed("Verification failed. Please try again.")
	}
	var s Solution
	if err := json.Unmarshal(raw, &s); err != nil {
		return failed("Verification failed. Please try again.")
	}
	if !hmac.Equal([]byte(s.Signature), []byte(p.sign(s.Challenge))) || s.Difficulty < p.Difficulty {
		return failed("Verification failed. Please try again.")
	}
	expires := time.Unix(s.ExpiresAt, 0)
	if !p.Now().Before(expires) {
		return expired()
	}
	if !Solves(s.Salt, s.Nonce, s.Difficulty) {
		return failed("Verification failed. Please try again.")
	}
	if err := p.Used.UseBotChallenge(ctx, s.ID, expires); err != nil {
		return expired()
	}
	return nil
}

// Solves reports whether nonce solves the puzzle.
func Solves(salt string, nonce uint64, difficulty int) bool {
	sum := sha256.Sum256([]byte(salt + strconv.FormatUint(nonce, 10)))
	zeros := 0
	for _, b := range sum {
		if b == 0 {
			zeros += 8
			continue
		}
		zeros += bits.LeadingZeros8(b)
		break
	}
	return zeros >= difficulty
}

// Solve finds a nonce (used by tests and the CLI; the browser solves in a Web Worker).
func Solve(c Challenge) Solution {
	for n := uint64(0); ; n++ {
		if Solves(c.Salt, n, c.Difficulty) {
			return Solution{Challenge: c, Nonce: n}
		}
	}
}

// Token encodes a solution as the bot token.
func (s Solution) Token() string {
	b, _ := json.Marshal(s)
	return base64.RawURLEncoding.EncodeToString(b)
}
