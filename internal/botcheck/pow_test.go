package botcheck_test

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"circle/internal/botcheck"
	"circle/internal/clocktest"
)

// usedIDs is a UsedStore that refuses a second use of an id, like bot_challenges_used.
type usedIDs struct {
	mu   sync.Mutex
	seen map[string]time.Time
}

func (u *usedIDs) UseBotChallenge(_ context.Context, id string, expires time.Time) error {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.seen == nil {
		u.seen = map[string]time.Time{}
	}
	if _, ok := u.seen[id]; ok {
		return errors.New("challenge already used")
	}
	u.seen[id] = expires
	return nil
}

func newPoW(difficulty int) (*botcheck.PoW, *usedIDs, *clocktest.Clock) {
	used := &usedIDs{}
	clk := clocktest.New(time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC))
	return &botcheck.PoW{Key: []byte("test-hmac-key-0123456789abcdef"), Difficulty: difficulty, TTL: 10 * time.Minute, Used: used, Now: clk.Now}, used, clk
}

const msgFailed = "Verification failed. Please try again."

func TestF_AUTH_05_PoWSolvedChallengeVerifiesOnce(t *testing.T) {
	p, used, clk := newPoW(8)
	if p.Kind() != "pow" || p.SiteKey() != "" {
		t.Errorf("kind %q site key %q", p.Kind(), p.SiteKey())
	}
	c := p.NewChallenge()
	if c.ID == "" || c.Salt == "" || c.Signature == "" || c.Difficulty != 8 {
		t.Fatalf("challenge %+v", c)
	}
	if want := clk.Now().Add(10 * time.Minute).Unix(); c.ExpiresAt != want {
		t.Errorf("expires_at %d, want %d", c.ExpiresAt, want)
	}
	sol := botcheck.Solve(c)
	if !botcheck.Solves(c.Salt, sol.Nonce, c.Difficulty) {
		t.Fatalf("Solve returned nonce %d that Solves rejects", sol.Nonce)
	}
	token := sol.Token()
	ctx := context.Background()
	if err := p.Verify(ctx, token, "203.0.113.9"); err != nil {
		t.Fatalf("verify a solved challenge: %v", err)
	}
	if exp, ok := used.seen[c.ID]; !ok || exp.Unix() != c.ExpiresAt {
		t.Errorf("used store has %v for %s, want expiry %d", used.seen, c.ID, c.ExpiresAt)
	}
	// The same answer again is refused, so one solved puzzle cannot sign up many accounts.
	wantFieldError(t, p.Verify(ctx, token, "203.0.113.9"), botcheck.MsgExpired)

	// A fresh challenge from the same checker still works.
	if err := p.Verify(ctx, botcheck.Solve(p.NewChallenge()).Token(), ""); err != nil {
		t.Fatalf("verify a second challenge: %v", err)
	}
}

func TestF_AUTH_05_PoWEmptyTokenIsRequired(t *testing.T) {
	p, _, _ := newPoW(4)
	wantFieldError(t, p.Verify(context.Background(), "", ""), botcheck.MsgRequired)
	if botcheck.MsgRequired != "Security Verification Required: Please complete the security verification to continue." {
		t.Errorf("required message %q", botcheck.MsgRequired)
	}
}

// otherFirstByte is the hex signature with its first byte changed (always changed: a fixed
// "00" left one signature in 256 as it was, and the tampered answer then verified).
func otherFirstByte(sig string) string {
	if strings.HasPrefix(sig, "00") {
		return "ff" + sig[2:]
	}
	return "00" + sig[2:]
}

func TestF_AUTH_05_PoWTamperedChallengeFails(t *testing.T) {
	p, used, _ := newPoW(8)
	ctx := context.Background()
	c := p.NewChallenge()
	good := botcheck.Solve(c)

	cases := map[string]func(s *botcheck.Solution){
		"signature":          func(s *botcheck.Solution) { s.Signature = otherFirstByte(s.Signature) },
		"no signature":       func(s *botcheck.Solution) { s.Signature = "" },
		"lower difficulty":   func(s *botcheck.Solution) { s.Difficulty = 0 },
		"higher difficulty":  func(s *botcheck.Solution) { s.Difficulty = 9 },
		"later expiry":       func(s *botcheck.Solution) { s.ExpiresAt += 3600 },
		"other salt":         func(s *botcheck.Solution) { s.Salt = "x" + s.Salt },
		"other id":           func(s *botcheck.Solution) { s.ID = "other" + s.ID },
		"wrong nonce":        func(s *botcheck.Solution) { s.Nonce = wrongNonce(s.Salt, s.Difficulty) },
		"re-signed with key": func(s *botcheck.Solution) { s.Signature = resign(s.Challenge, []byte("attacker-key")) },
	}
	for name, tamper := range cases {
		t.Run(name, func(t *testing.T) {
			s := good
			tamper(&s)
			wantFieldError(t, p.Verify(ctx, s.Token(), ""), msgFailed)
		})
	}
	if len(used.seen) != 0 {
		t.Errorf("a refused answer used up its challenge: %v", used.seen)
	}
	// The untampered answer still works afterwards.
	if err := p.Verify(ctx, good.Token(), ""); err != nil {
		t.Fatalf("verify the genuine answer: %v", err)
	}

	// A challenge issued at a lower difficulty (say before an operator raised it) is refused.
	easy, _, _ := newPoW(2)
	easy.Key = p.Key
	wantFieldError(t, p.Verify(ctx, botcheck.Solve(easy.NewChallenge()).Token(), ""), msgFailed)
}

func TestF_AUTH_05_PoWExpiredChallenge(t *testing.T) {
	p, used, clk := newPoW(4)
	c := p.NewChallenge()
	token := botcheck.Solve(c).Token()
	clk.Advance(10 * time.Minute)
	wantFieldError(t, p.Verify(context.Background(), token, ""), botcheck.MsgExpired)
	if len(used.seen) != 0 {
		t.Errorf("an expired answer was recorded as used")
	}
	if botcheck.MsgExpired != "Verification expired" {
		t.Errorf("expired message %q", botcheck.MsgExpired)
	}
	// One second before the end it is still good.
	p2, _, clk2 := newPoW(4)
	c2 := p2.NewChallenge()
	clk2.Advance(10*time.Minute - time.Second)
	if err := p2.Verify(context.Background(), botcheck.Solve(c2).Token(), ""); err != nil {
		t.Fatalf("verify just before expiry: %v", err)
	}
}

func TestF_AUTH_05_PoWMalformedTokens(t *testing.T) {
	p, _, _ := newPoW(4)
	for _, tok := range []string{"!!!", "bm90IGpzb24", base64.RawURLEncoding.EncodeToString([]byte(`{"id":1}`)), base64.StdEncoding.EncodeToString([]byte(`{}`)) + "=="} {
		wantFieldError(t, p.Verify(context.Background(), tok, ""), msgFailed)
	}
}

// Solves counts leading zero bits of SHA-256(salt + decimal nonce).
func TestF_AUTH_05_PoWSolvesAgreesWithSHA256(t *testing.T) {
	for _, salt := range []string{"a", "salt-123", "ÿ"} {
		for n := uint64(0); n < 300; n++ {
			sum := sha256.Sum256([]byte(salt + strconv.FormatUint(n, 10)))
			zeros := leadingZeroBits(sum[:])
			for d := 0; d <= 12; d++ {
				if got := botcheck.Solves(salt, n, d); got != (zeros >= d) {
					t.Fatalf("Solves(%q, %d, %d) = %v with %d leading zero bits", salt, n, d, got, zeros)
				}
			}
		}
	}
	if !botcheck.Solves("anything", 42, 0) {
		t.Error("difficulty 0 must accept any nonce")
	}
	if botcheck.Solves("anything", 42, 257) {
		t.Error("difficulty above 256 bits can never be met")
	}
	for _, d := range []int{1, 4, 8, 12} {
		c := botcheck.Challenge{Salt: "s" + strconv.Itoa(d), Difficulty: d}
		s := botcheck.Solve(c)
		if !botcheck.Solves(c.Salt, s.Nonce, d) {
			t.Errorf("Solve at difficulty %d gave nonce %d that does not solve", d, s.Nonce)
		}
		for n := uint64(0); n < s.Nonce; n++ {
			if botcheck.Solves(c.Salt, n, d) {
				t.Errorf("Solve at difficulty %d skipped the smaller answer %d", d, n)
				break
			}
		}
	}
}

func leadingZeroBits(b []byte) int {
	n := 0
	for _, x := range b {
		for i := 7; i >= 0; i-- {
			if x&(1<<i) != 0 {
				return n
			}
			n++
		}
	}
	return n
}

func wrongNonce(salt string, difficulty int) uint64 {
	for n := uint64(0); ; n++ {
		if !botcheck.Solves(salt, n, difficulty) {
			return n
		}
	}
}

// resign signs a challenge the way the server does, with another key.
func resign(c botcheck.Challenge, key []byte) string {
	// The signature covers id|salt|difficulty|expires_at; reproduce it with the other key.
	m := hmac.New(sha256.New, key)
	m.Write([]byte(c.ID + "|" + c.Salt + "|" + strconv.Itoa(c.Difficulty) + "|" + strconv.FormatInt(c.ExpiresAt, 10)))
	return hex.EncodeToString(m.Sum(nil))
}

func FuzzPoWVerify(f *testing.F) {
	p, _, _ := newPoW(8)
	// A key of this process only: a seed genuine here is foreign in the fuzzing workers.
	p.Key = make([]byte, 32)
	if _, err := rand.Read(p.Key); err != nil {
		f.Fatal(err)
	}
	good := botcheck.Solve(p.NewChallenge()).Token()
	f.Add(good)
	f.Add("")
	f.Add("e30")
	f.Add(base64.RawURLEncoding.EncodeToString([]byte(`{"id":"x","salt":"y","difficulty":0,"expires_at":99999999999,"signature":"","nonce":0}`)))
	f.Add(base64.RawURLEncoding.EncodeToString([]byte(`{"difficulty":-1,"expires_at":-9223372036854775808,"nonce":18446744073709551615}`)))
	f.Add("%%%%")
	// The genuine answer is spent before fuzzing, so no input can verify.
	if err := p.Verify(context.Background(), good, ""); err != nil {
		f.Fatalf("seed answer does not verify: %v", err)
	}
	f.Fuzz(func(t *testing.T, token string) {
		err := p.Verify(context.Background(), token, "")
		if err == nil {
			var s botcheck.Solution
			raw, _ := base64.RawURLEncoding.DecodeString(token)
			_ = json.Unmarshal(raw, &s)
			t.Fatalf("random token %q verified (%+v)", token, s)
		}
	})
}
