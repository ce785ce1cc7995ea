package concierge

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Streaming (issue 29 item 3): with a model configured, the web app may ask for the answer as
// server-sent events (POST /api/concierge/respond/stream). The model's tokens are streamed as
// they arrive (only the text of its "message" field, not the JSON around it); then the final
// answer, validated as for respond (a citation retrieval did not find, an error or the timeout
// gives the built-in answer instead). The built-in advisor sends its answer as one event.

// StreamModel is a Model that can stream its completion: onDelta gets each piece of content.
type StreamModel interface {
	Model
	CompleteStream(ctx context.Context, system, user string, onDelta func(string)) (string, error)
}

// CompleteStream sends one streamed chat completion ("stream": true) and reads its
// server-sent events until [DONE], calling onDelta with each content delta; it returns the
// whole content.
func (o *OpenAI) CompleteStream(ctx context.Context, system, user string, onDelta func(string)) (string, error) {
	return o.call(ctx, system, user, true, func(res *http.Response) (string, error) {
		return readStream(res, onDelta)
	})
}

// readStream reads a streamed chat completion answer (server-sent events until [DONE]), calling
// onDelta with each content delta; it returns the whole content.
func readStream(res *http.Response, onDelta func(string)) (string, error) {
	if res.StatusCode != http.StatusOK {
		raw, _ := io.ReadAll(io.LimitReader(res.Body, 4096))
		return "", fmt.Errorf("model answered %d: %s", res.StatusCode, excerpt(string(raw), 200))
	}
	var all strings.Builder
	sc := bufio.NewScanner(io.LimitReader(res.Body, 1<<20))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		data, ok := strings.CutPrefix(line, "data:")
		if !ok {
			continue
		}
		data = strings.TrimSpace(data)
		if data == "[DONE]" {
			return all.String(), nil
		}
		var chunk struct {
			Choices []struct {
				Delta struct {
					Content string `json:"content"`
				} `json:"delta"`
			} `json:"choices"`
		}
		if err := json.Unmarshal([]byte(data), &chunk); err != nil {
			return "", fmt.Errorf("model stream: %w", err)
		}
		if len(chunk.Choices) > 0 && chunk.Choices[0].Delta.Content != "" {
			all.WriteString(chunk.Choices[0].Delta.Content)
			onDelta(chunk.Choices[0].Delta.Content)
		}
	}
	if err := sc.Err(); err != nil {
		return "", fmt.Errorf("model stream: %w", err)
	}
	return "", errors.New("model stream ended without [DONE]")
}

// messageSoFar is the text of the "message" field of a JSON object still being written: the
// decoded characters up to the last complete one (an escape cut in half waits for its end).
func messageSoFar(buf string) string {
	i := strings.Index(buf, `"message"`)
	if i < 0 {
		return ""
	}
	rest := strings.TrimLeft(buf[i+len(`"message"`):], " \t\r\n")
	rest, ok := strings.CutPrefix(rest, ":")
	if !ok {
		return ""
	}
	rest = strings.TrimLeft(rest, " \t\r\n")
	rest, ok = strings.CutPrefix(rest, `"`)
	if !ok {
		return ""
	}
	var out strings.Builder
	for j := 0; j < len(rest); {
		c := rest[j]
		switch {
		case c == '"':
			return out.String()
		case c == '\\':
			if j+1 >= len(rest) {
				return out.String()
			}
			switch e := rest[j+1]; e {
			case 'u':
				if j+6 > len(rest) {
					return out.String()
				}
				n, err := strconv.ParseUint(rest[j+2:j+6], 16, 32)
				if err != nil {
					return out.String()
				}
				out.WriteRune(rune(n))
				j += 6
				continue
			case 'n':
				out.WriteByte('\n')
			case 't':
				out.WriteByte('\t')
			case 'r':
			default:
				out.WriteByte(e)
			}
			j += 2
		default:
			r, size := utf8.DecodeRuneInString(rest[j:])
			if r == utf8.RuneError && size <= 1 && !utf8.FullRuneInString(rest[j:]) {
				return out.String()
			}
			out.WriteString(rest[j : j+size])
			j += size
		}
	}
	return out.String()
}

// messageStreamer turns content deltas into deltas of the message's text.
type messageStreamer struct {
	buf  strings.Builder
	sent int
	emit func(string)
}

func (m *messageStreamer) add(delta string) {
	m.buf.WriteString(delta)
	msg := messageSoFar(m.buf.String())
	if len(msg) > m.sent {
		m.emit(msg[m.sent:])
		m.sent = len(msg)
	}
}
