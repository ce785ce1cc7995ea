package auth_test

import (
	"slices"
	"strings"
	"testing"

	"circle/internal/auth"
)

// F-AUTH-03: the 6-point password score (8+ characters, 12+ characters, lowercase, uppercase,
// number, symbol), weak <= 2 < medium <= 4 < strong, with a feedback key per missing point.
func TestF_AUTH_03_PasswordStrengthScoreAndLevels(t *testing.T) {
	all := []string{"password.min_length", "password.long", "password.lowercase", "password.uppercase", "password.number", "password.symbol"}
	cases := []struct {
		name     string
		password string
		score    int
		level    string
		feedback []string
	}{
		{"empty", "", 0, "weak", all},
		{"lowercase only", "abc", 1, "weak", []string{"password.min_length", "password.long", "password.uppercase", "password.number", "password.symbol"}},
		{"two kinds", "abC", 2, "weak", []string{"password.min_length", "password.long", "password.number", "password.symbol"}},
		{"three kinds", "abC1", 3, "medium", []string{"password.min_length", "password.long", "password.symbol"}},
		{"four kinds, short", "abC1!", 4, "medium", []string{"password.min_length", "password.long"}},
		{"eight characters, no symbol", "abCd1xyz", 4, "medium", []string{"password.long", "password.symbol"}},
		{"eight characters, all kinds", "abC1!xyz", 5, "strong", []string{"password.long"}},
		{"twelve characters, all kinds", "abC1!xyzuvwq", 6, "strong", []string{}},
		{"demo password", "CircleDemo1!", 6, "strong", []string{}},
		// Sign-up needs upper and lower case, a digit and a symbol (01§5): length cannot make up
		// for a missing kind, so such passwords stay medium.
		{"long, no symbol", "NoSymbolHere12", 4, "medium", []string{"password.symbol"}},
		{"long, no digit", "NoDigitsHere!!", 4, "medium", []string{"password.number"}},
		{"long, no uppercase", "nouppercase12!", 4, "medium", []string{"password.uppercase"}},
		{"long, no lowercase", "NOLOWERCASE12!", 4, "medium", []string{"password.lowercase"}},
		{"a space is not a symbol", "Abcdef1 x", 4, "medium", []string{"password.long", "password.symbol"}},
		{"letters beyond ASCII count", "Ünïcödé1!", 5, "strong", []string{"password.long"}},
		{"eight runes, not eight bytes", "Éé1!", 4, "medium", []string{"password.min_length", "password.long"}},
		{"twelve characters, letters only", "mnbvcxGHIJKL", 4, "medium", []string{"password.number", "password.symbol"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := auth.CheckStrength(c.password)
			if s.Score != c.score || s.Level != c.level || s.MaxScore != 6 {
				t.Fatalf("CheckStrength(%q) = score %d level %s max %d, want %d %s 6", c.password, s.Score, s.Level, s.MaxScore, c.score, c.level)
			}
			if s.IsStrong != (c.level == "strong") {
				t.Fatalf("IsStrong = %v for level %s", s.IsStrong, s.Level)
			}
			if !slices.Equal(s.Feedback, c.feedback) {
				t.Fatalf("feedback %q, want %q", s.Feedback, c.feedback)
			}
		})
	}
}

// The level is a function of the score alone: 0-2 weak, 3-4 medium, 5-6 strong.
func TestF_AUTH_03_StrengthThresholds(t *testing.T) {
	byScore := map[int]string{}
	for _, p := range []string{"", "a", "aB", "aB1", "aB1!", "aB1!cdef", "aB1!cdefghij", "ZZ", "zz9", "Zz9 ", "Zz9#mnop", "passWORD"} {
		s := auth.CheckStrength(p)
		byScore[s.Score] = s.Level
	}
	want := map[int]string{0: "weak", 1: "weak", 2: "weak", 3: "medium", 4: "medium", 5: "strong", 6: "strong"}
	for score, level := range want {
		if got, ok := byScore[score]; !ok || got != level {
			t.Errorf("score %d: level %q (seen %v), want %q", score, got, ok, level)
		}
	}
}

// Common passwords and predictable patterns are capped at 2 (weak) whatever their mix, so
// they can never pass sign-up.
func TestF_AUTH_03_CommonPasswordsAreCapped(t *testing.T) {
	for _, p := range []string{
		"Password1!", "PASSWORD123!", "P@ssw0rd", "Welcome1!", "Qwerty123!", "Realestate1!", "Summer2026!",
		"Abcdefgh1!", "Aa12345678!", "Qwertyuiop1!", "Asdfghjkl1!", "aaaaaaaaaaaa", "!!!!!!!!!!!!!",
	} {
		s := auth.CheckStrength(p)
		if s.Score > 2 || s.Level != "weak" || s.IsStrong {
			t.Errorf("%q scored %d (%s); common or predictable passwords must be weak", p, s.Score, s.Level)
		}
		if !slices.Contains(s.Feedback, "password.common") {
			t.Errorf("%q: feedback %q lacks password.common", p, s.Feedback)
		}
	}
	// A common password that scores below the cap keeps its lower score.
	if s := auth.CheckStrength("abcdefgh"); s.Score != 2 || !slices.Contains(s.Feedback, "password.common") {
		t.Errorf("abcdefgh: %+v", s)
	}
	// Similar but not common passwords are not capped.
	if s := auth.CheckStrength("Password9!x"); s.Score != 5 || slices.Contains(s.Feedback, "password.common") {
		t.Errorf("Password9!x: %+v", s)
	}
}

func TestF_AUTH_03_OverlongPasswordScoresZero(t *testing.T) {
	s := auth.CheckStrength("Aa1!" + strings.Repeat("x", 125))
	if s.Score != 0 || s.Level != "weak" || !slices.Contains(s.Feedback, "password.max_length") {
		t.Fatalf("129-character password: %+v", s)
	}
	if s := auth.CheckStrength("Aa1!" + strings.Repeat("x", 124)); s.Score != 6 {
		t.Fatalf("128-character password should still be strong: %+v", s)
	}
}

func TestF_AUTH_03_EveryFeedbackKeyHasText(t *testing.T) {
	keys := map[string]bool{}
	for _, p := range []string{"", "Password1!", strings.Repeat("a", 200)} {
		for _, k := range auth.CheckStrength(p).Feedback {
			keys[k] = true
		}
	}
	if len(keys) != 8 {
		t.Fatalf("expected all 8 feedback keys to be reachable, saw %v", keys)
	}
	for k := range keys {
		if auth.FeedbackText(k) == "" {
			t.Errorf("feedback key %s has no English text", k)
		}
	}
	if auth.FeedbackText("password.nope") != "" {
		t.Error("unknown keys must have no text")
	}
}
