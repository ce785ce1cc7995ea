package httpapi

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"

	"circle/internal/apperr"
)

// The answer for a request body that ends before its Content-Length (or its last chunk).
const (
	keyBodyIncomplete = "validation.body_incomplete"
	msgBodyIncomplete = "the request body ended before its declared length; send the whole body again"
)

// readBody is the operations' first middleware: it reads the whole request body of an operation
// that takes one (any content type: JSON, the webhook's raw bytes, forms) before anything else
// runs, and answers a failed read as the client's doing (issue 27 item 2): a body cut short is a
// 400 naming "body", a body over the limit a 413, a read that timed out a 408, and a connection
// the client dropped a 499 nobody reads. huma answered all of these 500 and logged them at
// ERROR, so anyone could raise the error rate at will. The operation then reads the bytes read.
func (s *Server) readBody(hctx huma.Context, next func(huma.Context)) {
	if hctx.Operation().RequestBody != nil {
		r, _ := humago.Unwrap(hctx)
		if r.Body != nil && r.Body != http.NoBody {
			data, err := io.ReadAll(r.Body)
			if err != nil {
				status, msg, fields := bodyReadError(err)
				_ = huma.WriteErr(s.api, hctx, status, msg, fields)
				return
			}
			r.Body = readCloser{bytes.NewReader(data), r.Body}
		}
	}
	next(hctx)
}

// bodyReadError turns a failed read of a request body into its answer. It never returns a 5xx:
// nothing failed on the server.
func bodyReadError(err error) (status int, msg string, fields error) {
	var tooLarge *http.MaxBytesError
	var netErr net.Error
	switch {
	case errors.As(err, &tooLarge):
		return http.StatusRequestEntityTooLarge, fmt.Sprintf("request body is larger than %d bytes", tooLarge.Limit), nil
	case errors.Is(err, io.ErrUnexpectedEOF):
		return http.StatusBadRequest, "", apperr.Field("body", keyBodyIncomplete, msgBodyIncomplete)
	case errors.As(err, &netErr) && netErr.Timeout():
		return http.StatusRequestTimeout, "request body read timeout", nil
	default:
		// The connection broke (reset by the client, closed, or its context cancelled): the
		// client is gone and the answer reaches nobody.
		return statusClientClosedRequest, "The request was cancelled.", nil
	}
}
