package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"time"
)

// debugHandler serves the Go runtime profiles (net/http/pprof). It is mounted only on the
// debug listener: the profiles show memory contents and cost CPU to take, so they must never
// be reachable from the public address (the main server has its own mux, never the default one
// that importing net/http/pprof fills).
func debugHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}

// checkDebugAddr accepts only a loopback address (127.0.0.1:6060, [::1]:6060, localhost:6060):
// the listener has no authentication, so reaching it from elsewhere goes through a tunnel
// (ssh -L, kubectl port-forward) that is already authenticated.
func checkDebugAddr(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("debug address %q: %w (--debug-addr, CIRCLE_DEBUG_ADDR)", addr, err)
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("debug address %q is not a loopback address: the profiles have no authentication, use 127.0.0.1:PORT and a tunnel (--debug-addr, CIRCLE_DEBUG_ADDR)", addr)
}

// serveDebug serves the profiles on addr until ctx ends; an empty addr starts nothing. It
// returns the listener's address (nil when off).
func serveDebug(ctx context.Context, addr string, logger *slog.Logger) (net.Addr, error) {
	if addr == "" {
		return nil, nil
	}
	if err := checkDebugAddr(addr); err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("debug listener on %s: %w", addr, err)
	}
	// No write timeout: a CPU profile or trace streams for as long as its seconds parameter.
	srv := &http.Server{Handler: debugHandler(), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Error("debug listener stopped", "err", err)
		}
	}()
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	logger.Info("profiles served on the debug listener", "addr", ln.Addr().String())
	return ln.Addr(), nil
}
