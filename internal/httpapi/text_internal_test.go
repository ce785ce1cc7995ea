package httpapi

import (
	"slices"
	"testing"
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
