package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"

	"circle/internal/apperr"
)

// Invalid text: the one answer for a NUL character or invalid UTF-8 in any string a caller
// sends. PostgreSQL cannot store either (a 500 there), SQLite would store them silently, and
// no form of the app produces them, so every operation refuses them before it runs.
const (
	keyInvalidText = "validation.invalid_text"
	msgInvalidText = "must be text without NUL characters or invalid UTF-8"
)

// maxInvalidTextFields bounds the field errors of one answer (a body of a thousand bad strings).
const maxInvalidTextFields = 10

// rejectInvalidText is the operations' second middleware (after readBody): it answers 400 naming the field when
// a path parameter, a declared header, a query value or a string anywhere in a JSON body
// (object keys included) holds a NUL character or invalid UTF-8. It runs before the access
// check because that check reads rows by path parameter.
func (s *Server) rejectInvalidText(hctx huma.Context, next func(huma.Context)) {
	var fields []apperr.FieldError
	add := func(field string) {
		if len(fields) < maxInvalidTextFields {
			fields = append(fields, apperr.FieldError{Field: field, Key: keyInvalidText, Message: field + " " + msgInvalidText})
		}
	}
	op := hctx.Operation()
	for _, p := range op.Parameters {
		switch p.In {
		case "path":
			if !validText(hctx.Param(p.Name)) {
				add(p.Name)
			}
		case "header":
			if !validText(hctx.Header(p.Name)) {
				add(p.Name)
			}
		}
	}
	// Every query value, declared or not: a handler may read one the document does not list.
	u := hctx.URL()
	for name, values := range u.Query() {
		if !validText(name) {
			add("query")
			continue
		}
		for _, v := range values {
			if !validText(v) {
				add(name)
				break
			}
		}
	}
	if op.RequestBody != nil {
		r, _ := humago.Unwrap(hctx)
		if isJSON(r.Header.Get("Content-Type")) && r.Body != nil {
			// readBody ran first: the body is in memory and reads without error.
			data, _ := io.ReadAll(r.Body)
			for _, f := range invalidJSONText(data) {
				add(f)
			}
			// The operation reads the body again.
			r.Body = readCloser{bytes.NewReader(data), r.Body}
		}
	}
	if len(fields) > 0 {
		_ = huma.WriteErr(s.api, hctx, http.StatusBadRequest, "", apperr.Fields(fields))
		return
	}
	next(hctx)
}

// validText reports whether s is valid UTF-8 without NUL characters.
func validText(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsRune(s, 0)
}

// isJSON reports whether a request body of this content type is read as JSON (huma reads a
// body without a content type as JSON too).
func isJSON(contentType string) bool {
	ct, _, _ := strings.Cut(contentType, ";")
	ct = strings.TrimSpace(strings.ToLower(ct))
	return ct == "" || ct == "application/json" || strings.HasSuffix(ct, "+json")
}

type readCloser struct {
	io.Reader
	io.Closer
}

// invalidJSONText returns the JSON paths ("notes", "items[0].name"; "body" for the document
// itself) of the strings in data holding a NUL character or invalid UTF-8; an object key that
// does so is reported as the path of its object. It reads the raw bytes of each string as well
// as its decoded value, because the decoder turns invalid UTF-8 into U+FFFD. Malformed JSON
// stops the walk: the operation's own decoding reports it.
func invalidJSONText(data []byte) []string {
	type frame struct {
		object  bool
		key     string
		index   int
		wantKey bool
		// badKey: the current key was reported already, so its value is not.
		badKey bool
	}
	var stack []frame
	path := func(frames []frame) string {
		var b strings.Builder
		for _, f := range frames {
			if f.object {
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.WriteString(f.key)
			} else {
				b.WriteString("[" + strconv.Itoa(f.index) + "]")
			}
		}
		if b.Len() == 0 {
			return "body"
		}
		return b.String()
	}
	// beginValue and endValue keep the innermost container's position: an array counts its
	// elements; an object expects a key after each value.
	beginValue := func() {
		if n := len(stack); n > 0 && !stack[n-1].object {
			stack[n-1].index++
		}
	}
	endValue := func() {
		if n := len(stack); n > 0 && stack[n-1].object {
			stack[n-1].wantKey = true
		}
	}
	var out []string
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var prev int64
	for len(out) < maxInvalidTextFields {
		tok, err := dec.Token()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				return out
			}
			break
		}
		// The bytes since the previous token hold this token's raw text (and separators).
		end := dec.InputOffset()
		raw := data[prev:end]
		prev = end
		switch v := tok.(type) {
		case json.Delim:
			switch v {
			case '{', '[':
				beginValue()
				stack = append(stack, frame{object: v == '{', index: -1, wantKey: v == '{'})
			default:
				stack = stack[:len(stack)-1]
				endValue()
			}
		case string:
			bad := !utf8.Valid(raw) || strings.ContainsRune(v, 0)
			if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].wantKey {
				if bad {
					// The key itself is not echoed: the object's path names the place.
					out = append(out, path(stack[:n-1]))
				}
				stack[n-1].key, stack[n-1].wantKey, stack[n-1].badKey = v, false, bad
				continue
			}
			beginValue()
			if n := len(stack); bad && (n == 0 || !stack[n-1].badKey) {
				out = append(out, path(stack))
			}
			endValue()
		default:
			beginValue()
			endValue()
		}
	}
	return out
}
