package formrules

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestF_ENG_07_FieldTable(t *testing.T) {
	cases := []struct {
		kind, value, key, message string
	}{
		{Email, "", KeyRequired, "Email is required"},
		{Email, "a@b", "formRules.email", "Invalid email format"},
		{Email, "a@b.co", "", ""},
		{Email, strings.Repeat("a", 250) + "@b.com", KeyMax, "Email must be no more than 255 characters"},
		{Password, "Ab1", "formRules.password.length", "Password must be at least 8 characters long"},
		{Password, "abcdefg1", "formRules.password.uppercase", "Password must contain at least one uppercase letter"},
		{Password, "ABCDEFG1", "formRules.password.lowercase", "Password must contain at least one lowercase letter"},
		{Password, "Abcdefgh", "formRules.password.number", "Password must contain at least one number"},
		{Password, "Abcdefg1", "", ""},
		{Phone, "", "", ""},
		{Phone, "+1 (555) 010-0199", "", ""},
		{Phone, "555 CALL", "formRules.phone", "Invalid phone format"},
		{Phone, "+1 555 010 0199 00000", KeyMax, "Phone must be no more than 20 characters"},
		{URL, "www.example.com", "formRules.url", "Invalid URL format"},
		{URL, "https://example.com", "", ""},
		{Name, "A", KeyMin, "Name must be at least 2 characters"},
		{Name, strings.Repeat("é", 101), KeyMax, "Name must be no more than 100 characters"},
		{Description, strings.Repeat("x", 1001), KeyMax, "Description must be no more than 1000 characters"},
		{ZipCode, "12345-678", "formRules.zipCode", "Invalid ZIP code format"},
		{ZipCode, "12345-6789", "", ""},
		{Location, " ", KeyRequired, "Location is required"},
		{Category, strings.Repeat("c", 51), KeyMax, "Category must be no more than 50 characters"},
	}
	for _, c := range cases {
		label := strings.ToUpper(c.kind[:1]) + c.kind[1:]
		fe := Validate("f", label, c.value, Spec{Kind: c.kind})
		switch {
		case c.key == "" && fe != nil:
			t.Errorf("%s %q: unexpected %+v", c.kind, c.value, fe)
		case c.key != "" && (fe == nil || fe.Key != c.key || fe.Message != c.message):
			t.Errorf("%s %q: got %+v, want %s %q", c.kind, c.value, fe, c.key, c.message)
		}
	}
	if fe := Validate("headline", "Main headline", "", Spec{Kind: Text, Required: true, Max: 120}); fe == nil || fe.Message != "Main headline is required" {
		t.Errorf("required text: %+v", fe)
	}
	if fe := Validate("site", "Website", "", Spec{Kind: URL, Optional: true}); fe != nil {
		t.Errorf("optional blank url: %+v", fe)
	}
}

func TestF_ENG_07_SanitizeText(t *testing.T) {
	cases := map[string]string{
		`Great results<script>alert("x")</script>!`:        "Great results!",
		`<img src=x onerror=alert(1)>Fast setup`:           "Fast setup",
		`Click <a href="javascript:alert(1)">here</a>`:     "Click here",
		`javascript:alert(1)`:                              "alert(1)",
		`JaVaScRiPt :alert(1)`:                             "alert(1)",
		`text onerror=alert(1) more`:                       "text alert(1) more",
		`onclick = x`:                                      "x",
		`javajavascript:script:go`:                         "go",
		`&lt;script&gt;alert(1)&lt;/script&gt;Kept`:        "Kept",
		`Tom &amp; Jerry: 3 < 5 and 10% "off"`:             `Tom & Jerry: 3 < 5 and 10% "off"`,
		`<b>Bold</b> and <p>para</p>`:                      "Bold and para",
		"  spaced\nlines  ":                                "spaced\nlines",
		`<style>body{}</style><iframe src=x>in</iframe>Ok`: "Ok",
		`Respond online or on-site`:                        "Respond online or on-site",
	}
	for in, want := range cases {
		if got := SanitizeText(in); got != want {
			t.Errorf("SanitizeText(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestF_ENG_07_SanitizeHTML(t *testing.T) {
	cases := map[string]string{
		`<p class="x" onclick="alert(1)">Hi <strong style="color:red">there</strong></p>`: "<p>Hi <strong>there</strong></p>",
		`<h2 id="a">Title</h2><ul><li>One</li><li>Two<br/></li></ul>`:                     "<h2>Title</h2><ul><li>One</li><li>Two<br></li></ul>",
		`<script>alert(1)</script><em>ok</em>`:                                            "<em>ok</em>",
		`<img src=x onerror=alert(1)><b>b</b><i>i</i><u>u</u><ol><li>x</li></ol>`:         "<b>b</b><i>i</i><u>u</u><ol><li>x</li></ol>",
		`<a href="javascript:alert(1)">link</a> <div>block</div>`:                         "link block",
		`5 &lt; 6 &amp; <h6>six</h6>`:                                                     "5 &lt; 6 &amp; <h6>six</h6>",
		`say onerror=x`:                                                                   "say x",
	}
	for in, want := range cases {
		if got := SanitizeHTML(in); got != want {
			t.Errorf("SanitizeHTML(%q) = %q, want %q", in, got, want)
		}
	}
}

// The web app's copy must be what WriteTS writes now (run `go run ./cmd/circle formrules >
// web/src/lib/formRules.generated.ts` after changing the table).
func TestF_ENG_07_GeneratedClientRulesAreUpToDate(t *testing.T) {
	var b bytes.Buffer
	if err := WriteTS(&b); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join("..", "..", GeneratedPath))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, b.Bytes()) {
		t.Fatalf("%s is stale: run `go run ./cmd/circle formrules > %s`", GeneratedPath, GeneratedPath)
	}
}
