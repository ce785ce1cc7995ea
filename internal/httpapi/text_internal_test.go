package httpapi

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestF_APP_10_InvalidJSONTextPaths: the walk names each bad string by its JSON path, at any
// depth, reads raw invalid UTF-8 the decoder would hide, and reports a bad key by its object.
func TestF_APP_10_InvalidJSONTextPaths(t *testing.T) {
	cases := []struct {
		body string
		want []string
	}{
		{`{"notes":"fine","n":1,"ok":true,"x":null}`, nil},
		{`{"notes":"a\u0000b"}`, []string{"notes"}},
		{"{\"notes\":\"a\xffb\"}", []string{"notes"}},
		{`{"items":[{"name":"ok"},{"name":"a\u0000"}],"tags":["x","\u0000"]}`, []string{"items[1].name", "tags[1]"}},
		{`{"a":{"b":{"c":["ok",["\u0000"]]}},"d":"e"}`, []string{"a.b.c[1][0]"}},
		{`"\u0000"`, []string{"body"}},
		{`["ok","\u0000"]`, []string{"[1]"}},
		{`{"o":{"k\u0000":"\u0000","fine":"a\u0000"}}`, []string{"o", "o.fine"}},
		{`{"escaped":"\ud800 lone surrogate is U+FFFD, valid"}`, nil},
		{`{"broken":`, nil},
		{"{\"notes\":\"a\x00b\"}", nil}, // a raw control character is malformed JSON: huma's 400
	}
	for _, c := range cases {
		if got := invalidJSONText([]byte(c.body)); !slices.Equal(got, c.want) {
			t.Errorf("%q: got %q, want %q", c.body, got, c.want)
		}
	}
}

// FuzzF_APP_10_InvalidJSONText: on any input the walk agrees with the standard decoder: a body
// that decodes finds a bad string exactly when some decoded string or key holds NUL or the raw
// bytes are invalid UTF-8 (in valid JSON they can only sit inside strings).
func FuzzF_APP_10_InvalidJSONText(f *testing.F) {
	for _, s := range []string{`{"a":"b"}`, `{"a":"\u0000"}`, "{\"a\":\"\xff\"}", `[1,"x",{"k\u0000":2}]`, `{"a":[{"b":["\u0000"]}]}`, `"x"`, `{`, `{"a":"b` /* a truncated body (issue 27 item 2) */} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got := invalidJSONText(data)
		var v any
		if json.Unmarshal(data, &v) != nil {
			return
		}
		want := !utf8.Valid(data) || hasNUL(v)
		if (len(got) > 0) != want {
			t.Fatalf("%q: got %q, want bad text %v", data, got, want)
		}
	})
}

func hasNUL(v any) bool {
	switch x := v.(type) {
	case string:
		return strings.ContainsRune(x, 0)
	case []any:
		return slices.ContainsFunc(x, hasNUL)
	case map[string]any:
		for k, e := range x {
			if strings.ContainsRune(k, 0) || hasNUL(e) {
				return true
			}
		}
	}
	return false
}
