package account_test

import (
	"encoding/base64"
	"slices"
	"strings"
	"testing"

	"golang.org/x/crypto/argon2"

	"circle/internal/account"
	"circle/internal/apperr"
)

// F-AUTH-08: the provisional profile's display name is the name from sign-in data, else the
// display name, else the e-mail's local part, else "User" (01§3, 01§7).
func TestF_AUTH_08_ProvisionalDisplayName(t *testing.T) {
	cases := []struct {
		name, display, email, want string
	}{
		{"Jordan Avery", "Jordan", "jordan@example.com", "Jordan Avery"},
		{"", "Jordan", "jordan@example.com", "Jordan"},
		{"", "", "jordan.avery@example.com", "jordan.avery"},
		{"", "", "j@x.io", "j"},
		{"", "", "@example.com", "User"},
		{"", "", "not-an-email", "User"},
		{"", "", "", "User"},
		{"María", "", "", "María"},
	}
	for _, c := range cases {
		if got := account.ProvisionalDisplayName(c.name, c.display, c.email); got != c.want {
			t.Errorf("ProvisionalDisplayName(%q, %q, %q) = %q, want %q", c.name, c.display, c.email, got, c.want)
		}
	}
}

func strp(s string) *string { return &s }

// fieldsOf returns the failing field names of a validation error (nil when err is nil).
func fieldsOf(t *testing.T, err error) []string {
	t.Helper()
	if err == nil {
		return nil
	}
	e, ok := apperr.As(err)
	if !ok || e.Code != apperr.Invalid {
		t.Fatalf("validation error is not an invalid apperr.Error: %v", err)
	}
	var out []string
	for _, f := range e.Fields {
		if f.Key == "" || f.Message == "" {
			t.Fatalf("field error without key or message: %+v", f)
		}
		out = append(out, f.Field)
	}
	return out
}

// F-AUTH-08: profile field rules (03§5). Each case changes one field; want is the failing
// field, or "" when the value is accepted.
func TestF_AUTH_08_ProfileUpdateFieldRules(t *testing.T) {
	cases := []struct {
		name string
		u    account.ProfileUpdate
		want string
	}{
		{"display name 2 characters", account.ProfileUpdate{DisplayName: strp("Al")}, ""},
		{"display name 100 characters", account.ProfileUpdate{DisplayName: strp(strings.Repeat("n", 100))}, ""},
		{"display name 100 runes of 2 bytes", account.ProfileUpdate{DisplayName: strp(strings.Repeat("é", 100))}, ""},
		{"display name empty", account.ProfileUpdate{DisplayName: strp("")}, "display_name"},
		{"display name blank", account.ProfileUpdate{DisplayName: strp("   ")}, "display_name"},
		{"display name 1 character", account.ProfileUpdate{DisplayName: strp("A")}, "display_name"},
		{"display name 1 character after trimming", account.ProfileUpdate{DisplayName: strp("  A  ")}, "display_name"},
		{"display name 101 characters", account.ProfileUpdate{DisplayName: strp(strings.Repeat("n", 101))}, "display_name"},
		{"business name 100", account.ProfileUpdate{BusinessName: strp(strings.Repeat("b", 100))}, ""},
		{"business name 101", account.ProfileUpdate{BusinessName: strp(strings.Repeat("b", 101))}, "business_name"},
		{"business name empty is allowed", account.ProfileUpdate{BusinessName: strp("")}, ""},
		{"phone US format", account.ProfileUpdate{Phone: strp("(512) 555-0100")}, ""},
		{"phone international", account.ProfileUpdate{Phone: strp("+1 512.555.0100")}, ""},
		{"phone cleared", account.ProfileUpdate{Phone: strp("")}, ""},
		{"phone letters", account.ProfileUpdate{Phone: strp("call me")}, "phone"},
		{"phone too long", account.ProfileUpdate{Phone: strp("+1 512 555 0100 0100 1")}, "phone"},
		{"phone with extension letters", account.ProfileUpdate{Phone: strp("512-555-0100 x12")}, "phone"},
		{"zip 5 digits", account.ProfileUpdate{ZipCode: strp("78701")}, ""},
		{"zip+4", account.ProfileUpdate{ZipCode: strp("78701-1234")}, ""},
		{"zip cleared", account.ProfileUpdate{ZipCode: strp("")}, ""},
		{"zip 4 digits", account.ProfileUpdate{ZipCode: strp("7870")}, "zip_code"},
		{"zip letters", account.ProfileUpdate{ZipCode: strp("ABCDE")}, "zip_code"},
		{"zip bad +4", account.ProfileUpdate{ZipCode: strp("78701-12")}, "zip_code"},
		{"avatar https", account.ProfileUpdate{AvatarURL: strp("https://cdn.example.com/a.png")}, ""},
		{"avatar http", account.ProfileUpdate{AvatarURL: strp("http://cdn.example.com/a.png")}, ""},
		{"avatar local media", account.ProfileUpdate{AvatarURL: strp("/media/avatars/a.png")}, ""},
		{"avatar cleared", account.ProfileUpdate{AvatarURL: strp("")}, ""},
		{"avatar javascript", account.ProfileUpdate{AvatarURL: strp("javascript:alert(1)")}, "avatar_url"},
		{"avatar data URL", account.ProfileUpdate{AvatarURL: strp("data:image/png;base64,AAAA")}, "avatar_url"},
		{"avatar relative", account.ProfileUpdate{AvatarURL: strp("../a.png")}, "avatar_url"},
		{"avatar too long", account.ProfileUpdate{AvatarURL: strp("https://x.example/" + strings.Repeat("a", 490))}, "avatar_url"},
		{"state code", account.ProfileUpdate{State: strp("TX")}, ""},
		{"state lower case", account.ProfileUpdate{State: strp("tx")}, ""},
		{"state DC", account.ProfileUpdate{State: strp("DC")}, ""},
		{"Canadian province", account.ProfileUpdate{State: strp("ON")}, ""},
		{"state cleared", account.ProfileUpdate{State: strp("")}, ""},
		{"state unknown", account.ProfileUpdate{State: strp("ZZ")}, "state"},
		{"state spelled out", account.ProfileUpdate{State: strp("Texas")}, "state"},
		{"city", account.ProfileUpdate{City: strp("Austin")}, ""},
		{"city 1 character", account.ProfileUpdate{City: strp("A")}, "city"},
		{"city 101 characters", account.ProfileUpdate{City: strp(strings.Repeat("c", 101))}, "city"},
		{"language es", account.ProfileUpdate{PreferredLanguage: strp("es")}, ""},
		{"language de", account.ProfileUpdate{PreferredLanguage: strp("de")}, "preferred_language"},
		{"specialties", account.ProfileUpdate{Specialties: &[]string{"Luxury", "First-time buyers"}}, ""},
		{"specialty 51 characters", account.ProfileUpdate{Specialties: &[]string{strings.Repeat("s", 51)}}, "specialties"},
		{"nothing changed", account.ProfileUpdate{}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := fieldsOf(t, c.u.Validate())
			switch {
			case c.want == "" && len(got) != 0:
				t.Fatalf("refused %v, want accepted", got)
			case c.want != "" && !slices.Equal(got, []string{c.want}):
				t.Fatalf("failing fields %v, want [%s]", got, c.want)
			}
		})
	}
}

func TestF_AUTH_08_ProfileUpdateReportsEveryField(t *testing.T) {
	u := account.ProfileUpdate{DisplayName: strp("A"), Phone: strp("nope"), ZipCode: strp("1"), State: strp("QQ"), AvatarURL: strp("ftp://x")}
	got := fieldsOf(t, u.Validate())
	slices.Sort(got)
	want := []string{"avatar_url", "display_name", "phone", "state", "zip_code"}
	if !slices.Equal(got, want) {
		t.Fatalf("fields %v, want %v", got, want)
	}
}

func TestF_AUTH_08_ProfileUpdateNormalisesAndApplies(t *testing.T) {
	specs := []string{"  Luxury ", "luxury", "", "Relocation"}
	u := account.ProfileUpdate{
		DisplayName: strp("  Jordan Avery "), State: strp(" tx "), City: strp(" Austin "), ZipCode: strp(" 78701 "),
		Specialties: &specs,
	}
	if err := u.Validate(); err != nil {
		t.Fatal(err)
	}
	if *u.DisplayName != "Jordan Avery" || *u.State != "TX" || *u.City != "Austin" || *u.ZipCode != "78701" {
		t.Fatalf("not trimmed/upper-cased: %q %q %q %q", *u.DisplayName, *u.State, *u.City, *u.ZipCode)
	}
	if !slices.Equal(*u.Specialties, []string{"Luxury", "Relocation"}) {
		t.Fatalf("specialties not trimmed and de-duplicated: %q", *u.Specialties)
	}
	p := account.Profile{DisplayName: "Old", BusinessName: "Keep Me", Phone: "512-555-0100"}
	u.Apply(&p)
	if p.DisplayName != "Jordan Avery" || p.BusinessName != "Keep Me" || p.Phone != "512-555-0100" || p.Location != "Austin, TX" {
		t.Fatalf("apply: %+v", p)
	}
	// Clearing the city leaves the state as the location.
	account.ProfileUpdate{City: strp("")}.Apply(&p)
	if p.Location != "TX" {
		t.Fatalf("location without a city: %q", p.Location)
	}
}

func TestF_AUTH_08_TooManySpecialties(t *testing.T) {
	many := make([]string, 21)
	for i := range many {
		many[i] = "Specialty " + string(rune('A'+i))
	}
	u := account.ProfileUpdate{Specialties: &many}
	if got := fieldsOf(t, u.Validate()); !slices.Equal(got, []string{"specialties"}) {
		t.Fatalf("21 specialties: %v", got)
	}
}

// F-AUTH-01: e-mail validation behind "Please enter a valid email address." (03§5).
func TestF_AUTH_01_ValidateEmail(t *testing.T) {
	ok := []string{"agent@demo.test", "first.last+tag@example.co.uk", "  padded@example.com  "}
	bad := []string{"", "plain", "a@b", "a@b.", "@example.com", "Name <a@example.com>", "a@@example.com",
		strings.Repeat("a", 250) + "@example.com"}
	for _, e := range ok {
		if err := account.ValidateEmail(e); err != nil {
			t.Errorf("%q refused: %v", e, err)
		}
	}
	for _, e := range bad {
		err := account.ValidateEmail(e)
		if got := fieldsOf(t, err); !slices.Equal(got, []string{"email"}) {
			t.Errorf("%q: fields %v, want [email]", e, got)
		}
	}
	if e, _ := apperr.As(account.ValidateEmail("plain")); e == nil || e.Message != "Please enter a valid email address." {
		t.Errorf("message %v", e)
	}
}

// Passwords are argon2id PHC strings; the same password hashes differently each time and only
// the right password matches.
func TestF_AUTH_02_PasswordsAreArgon2idHashes(t *testing.T) {
	h1, err := account.HashPassword("CircleDemo1!")
	if err != nil {
		t.Fatal(err)
	}
	h2, _ := account.HashPassword("CircleDemo1!")
	if !strings.HasPrefix(h1, "$argon2id$v=19$m=12288,t=3,p=1$") || h1 == h2 || account.NeedsRehash(h1) {
		t.Fatalf("hashes %q %q", h1, h2)
	}
	// A hash with the earlier parameters (19 MiB, 2 passes) still verifies, and asks to be redone.
	salt := []byte("0123456789abcdef")
	old := "$argon2id$v=19$m=19456,t=2,p=1$" + base64.RawStdEncoding.EncodeToString(salt) + "$" +
		base64.RawStdEncoding.EncodeToString(argon2.IDKey([]byte("CircleDemo1!"), salt, 2, 19456, 1, 32))
	if ok, err := account.CheckPassword(old, "CircleDemo1!"); !ok || err != nil || !account.NeedsRehash(old) {
		t.Fatalf("earlier parameters: ok=%v err=%v rehash=%v", ok, err, account.NeedsRehash(old))
	}
	if ok, err := account.CheckPassword(h1, "CircleDemo1!"); !ok || err != nil {
		t.Fatalf("right password: %v %v", ok, err)
	}
	if ok, _ := account.CheckPassword(h1, "CircleDemo1?"); ok {
		t.Fatal("wrong password matched")
	}
	for _, bad := range []string{"", "hash", "$argon2i$v=19$m=1,t=1,p=1$AA$AA", "$argon2id$v=19$m=x$AA$AA", "$argon2id$v=19$m=8,t=1,p=1$!!$AA"} {
		if ok, err := account.CheckPassword(bad, "x"); ok || err == nil {
			t.Errorf("malformed hash %q: ok=%v err=%v", bad, ok, err)
		}
	}
}
