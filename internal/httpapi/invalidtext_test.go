package httpapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"circle/internal/store"
)

// oaDoc is the part of the OpenAPI document the invalid-text property test reads.
type oaDoc struct {
	Paths      map[string]map[string]oaOp `json:"paths"`
	Components struct {
		Schemas map[string]*oaSchema `json:"schemas"`
	} `json:"components"`
}

type oaOp struct {
	ID         string `json:"operationId"`
	Parameters []struct {
		In       string    `json:"in"`
		Name     string    `json:"name"`
		Required bool      `json:"required"`
		Schema   *oaSchema `json:"schema"`
	} `json:"parameters"`
	RequestBody *struct {
		Content map[string]struct {
			Schema *oaSchema `json:"schema"`
		} `json:"content"`
	} `json:"requestBody"`
}

type oaSchema struct {
	Ref        string               `json:"$ref"`
	Type       any                  `json:"type"`
	Enum       []any                `json:"enum"`
	Format     string               `json:"format"`
	Properties map[string]*oaSchema `json:"properties"`
	Items      *oaSchema            `json:"items"`
}

// types returns the schema's type list ("string" or ["string", "null"]).
func (s *oaSchema) types() []string {
	switch v := s.Type.(type) {
	case string:
		return []string{v}
	case []any:
		var out []string
		for _, x := range v {
			if t, ok := x.(string); ok {
				out = append(out, t)
			}
		}
		return out
	}
	return nil
}

// textPlaceholder marks the string field under test in a body built from the schema.
const textPlaceholder = "@@invalid-text@@"

// invalidTexts are the two kinds of invalid text, as they appear in a JSON body and in a URL.
var invalidTexts = []struct {
	name string
	json string // replaces the placeholder inside a JSON string literal
	url  string // a path or query value, already escaped
}{
	{"NUL", `a\u0000b`, "a%00b"},
	{"invalid UTF-8", "a\xffb", "a%FFb"},
}

// sampleValue builds a value for schema in which the string field at target (a JSON path such
// as "items[0].name") holds the placeholder; it lists every string field it fills in strings.
func sampleValue(doc *oaDoc, s *oaSchema, path, target string, strs *[]string, depth int) any {
	if s == nil || depth > 6 {
		return nil
	}
	if s.Ref != "" {
		return sampleValue(doc, doc.Components.Schemas[strings.TrimPrefix(s.Ref, "#/components/schemas/")], path, target, strs, depth+1)
	}
	types := s.types()
	switch {
	case slices.Contains(types, "object") || s.Properties != nil:
		obj := map[string]any{}
		for name, p := range s.Properties {
			child := name
			if path != "" {
				child = path + "." + name
			}
			obj[name] = sampleValue(doc, p, child, target, strs, depth+1)
		}
		return obj
	case slices.Contains(types, "array"):
		return []any{sampleValue(doc, s.Items, path+"[0]", target, strs, depth+1)}
	case slices.Contains(types, "string"):
		*strs = append(*strs, path)
		if path == target {
			return textPlaceholder
		}
		if len(s.Enum) > 0 {
			return s.Enum[0]
		}
		if s.Format == "email" {
			return "someone@example.com"
		}
		return "text"
	case slices.Contains(types, "integer"), slices.Contains(types, "number"):
		return 1
	case slices.Contains(types, "boolean"):
		return false
	}
	return nil
}

type invalidTextCase struct {
	op, method, path, field, kind string
	body                          []byte
}

// invalidTextCases are one request per string field of every operation and per kind of invalid
// text: each path parameter, each query parameter and each string property of a JSON body.
func invalidTextCases(t *testing.T) []invalidTextCase {
	raw, err := os.ReadFile("../../api/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc oaDoc
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	var cases []invalidTextCase
	paths := make([]string, 0, len(doc.Paths))
	for p := range doc.Paths {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		for method, op := range doc.Paths[p] {
			method = strings.ToUpper(method)
			// fill builds the URL with one parameter (in, name) holding value and the others
			// holding a plain sample.
			fill := func(in, name, value string) string {
				u, q := p, url.Values{}
				for _, prm := range op.Parameters {
					v := "sample"
					if prm.Schema != nil && len(prm.Schema.Enum) > 0 {
						v = fmt.Sprint(prm.Schema.Enum[0])
					} else if prm.Schema != nil && (slices.Contains(prm.Schema.types(), "integer") || slices.Contains(prm.Schema.types(), "boolean")) {
						v = map[bool]string{true: "1", false: "false"}[slices.Contains(prm.Schema.types(), "integer")]
					}
					switch prm.In {
					case "path":
						if prm.In == in && prm.Name == name {
							v = value
						}
						u = strings.ReplaceAll(u, "{"+prm.Name+"}", v)
					case "query":
						if prm.In == in && prm.Name == name {
							u = u + "?" + prm.Name + "=" + value + "&"
						} else if prm.Required {
							q.Set(prm.Name, v)
						}
					}
				}
				if !strings.Contains(u, "?") {
					u += "?"
				}
				return strings.TrimSuffix(u+q.Encode(), "?")
			}
			var bodySchema *oaSchema
			if op.RequestBody != nil {
				bodySchema = op.RequestBody.Content["application/json"].Schema
			}
			baseBody := func() []byte {
				if bodySchema == nil {
					return nil
				}
				var strs []string
				b, _ := json.Marshal(sampleValue(&doc, bodySchema, "", "-", &strs, 0))
				return b
			}
			for _, it := range invalidTexts {
				for _, prm := range op.Parameters {
					if prm.In != "path" && prm.In != "query" {
						continue // headers and cookies: Go's client refuses to send these bytes
					}
					if prm.Schema == nil || !(slices.Contains(prm.Schema.types(), "string") || slices.Contains(prm.Schema.types(), "array")) {
						continue
					}
					cases = append(cases, invalidTextCase{op: op.ID, method: method, path: fill(prm.In, prm.Name, it.url), field: prm.Name, kind: it.name, body: baseBody()})
				}
				if bodySchema == nil {
					continue
				}
				var fields []string
				sampleValue(&doc, bodySchema, "", "-", &fields, 0)
				for _, f := range fields {
					var strs []string
					b, err := json.Marshal(sampleValue(&doc, bodySchema, "", f, &strs, 0))
					if err != nil {
						t.Fatal(err)
					}
					b = bytes.Replace(b, []byte(textPlaceholder), []byte(it.json), 1)
					cases = append(cases, invalidTextCase{op: op.ID, method: method, path: fill("", "", ""), field: f, kind: it.name, body: b})
				}
			}
		}
	}
	return cases
}

// TestF_APP_10_InvalidTextIsRejected is the property of issue 14, item 9: for every operation of
// the OpenAPI document, NUL or invalid UTF-8 in any string field (path parameter, query
// parameter, JSON body property at any depth) answers 400 naming the field, never a 500, as an
// administrator (who can reach every operation but the owner-only ones, and the check runs
// before the access check anyway).
func TestF_APP_10_InvalidTextIsRejected(t *testing.T) {
	cases := invalidTextCases(t)
	if len(cases) < 50 {
		t.Fatalf("only %d cases: the OpenAPI document was not read", len(cases))
	}
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		admin, _, _ := acctBrowser(t, a, "admin@demo.test")
		for _, c := range cases {
			var header http.Header
			if c.body != nil {
				header = http.Header{"Content-Type": {"application/json"}}
			}
			res := a.DoWith(t, admin, c.method, c.path, c.body, header)
			name := fmt.Sprintf("%s (%s %s) field %q with %s", c.op, c.method, c.path, c.field, c.kind)
			if res.Status >= 500 {
				t.Errorf("%s: %d %s", name, res.Status, res.Body)
				continue
			}
			var e apiError
			if res.Status != http.StatusBadRequest || json.Unmarshal(res.Body, &e) != nil ||
				!slices.ContainsFunc(e.Fields, func(f struct{ Field, Key, Message string }) bool {
					return f.Field == c.field && f.Key == "validation.invalid_text"
				}) {
				t.Errorf("%s: want 400 naming the field, got %d %.300s", name, res.Status, res.Body)
			}
		}
		t.Logf("%d requests", len(cases))
	})
}
