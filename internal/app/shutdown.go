package app

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// serving is the HTTP server of `circle serve` and the background jobs beside it, stopped in
// the order that lets every request the server accepted finish (issue 27).
type serving struct {
	server *http.Server
	ln     net.Listener
	// jobs runs the background jobs (and the long-lived work registered with them: the Redis
	// client of shared rate limits, the replicas' change listener) until its context ends.
	jobs func(ctx context.Context)
	// grace bounds the whole stop (CIRCLE_SHUTDOWN_TIMEOUT).
	grace  time.Duration
	logger *slog.Logger
}

// run serves until ctx ends (SIGINT or SIGTERM), then stops in this order:
//  1. no new connections: Shutdown closes the listener first, and idle keep-alive connections;
//  2. in-flight requests finish, each answered with Connection: close (a request whose head the
//     server had read is in flight; one still in a client's or the kernel's buffer on an idle
//     connection is not, and its client sees the connection close: README "Operations");
//  3. the background jobs stop claiming and the running ones finish; their long-lived helpers
//     stop only now, since the requests of step 2 use them;
//  4. run returns and the caller closes the database.
//
// Past the grace period the remaining connections are cut rather than left to meet a closed
// database, and run returns the timeout.
func (s serving) run(ctx context.Context) error {
	serveErr := make(chan error, 1)
	go func() { serveErr <- s.server.Serve(s.ln) }()
	jobsCtx, stopJobs := context.WithCancel(context.WithoutCancel(ctx))
	defer stopJobs()
	jobsDone := make(chan struct{})
	go func() { defer close(jobsDone); s.jobs(jobsCtx) }()

	select {
	case err := <-serveErr:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	s.logger.Info("shutting down: no new connections; waiting for in-flight requests", "timeout", s.grace)
	shutdownCtx, cancel := context.WithTimeout(context.Background(), s.grace)
	defer cancel()
	var stopErr error
	if err := s.server.Shutdown(shutdownCtx); err != nil {
		s.logger.Warn("requests still running at the shutdown timeout; closing their connections", "err", err)
		_ = s.server.Close()
		stopErr = fmt.Errorf("shutdown: %w", err)
	}
	s.logger.Info("shutting down: stopping background jobs")
	stopJobs()
	select {
	case <-jobsDone:
	case <-shutdownCtx.Done():
		// Their leases end and another replica (or the next start) runs them again.
		s.logger.Warn("background jobs still running at the shutdown timeout; stopping anyway")
	}
	return stopErr
}
