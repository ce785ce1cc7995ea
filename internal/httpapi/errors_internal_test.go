package httpapi

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

// A request its client abandoned is not a server error: 499 and the client's doing, while the
// same error on a live request stays a 500.
func TestAbandonedRequestIsNotAServerError(t *testing.T) {
	err := fmt.Errorf("clear login attempts: %w", context.Canceled)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if body := newError(ctx, 500, "", err); body.status != statusClientClosedRequest {
		t.Fatalf("abandoned request: status %d, want %d", body.status, statusClientClosedRequest)
	}
	if body := newError(context.Background(), 500, "", err); body.status != 500 || body.Message != internalMessage {
		t.Fatalf("live request: status %d %q, want 500 %q", body.status, body.Message, internalMessage)
	}
	if body := newError(ctx, 500, "", errors.New("disk full")); body.status != 500 {
		t.Fatalf("other error on an abandoned request: status %d, want 500", body.status)
	}
}
