// Package stripemock runs stripe-mock, a faithful local server of Stripe's API, for the Stripe
// adapter's tests.
package stripemock

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Start starts stripe-mock (a faithful local server of Stripe's API) on a free loopback
// port for the test and returns its address. It is never skipped: a missing binary fails with
// how to install it (scripts/test.sh installs it).
func Start(t testing.TB) string {
	t.Helper()
	bin := os.Getenv("CIRCLE_STRIPE_MOCK_BIN")
	if bin == "" {
		if p, err := exec.LookPath("stripe-mock"); err == nil {
			bin = p
		} else if out, err := exec.Command("go", "env", "GOPATH").Output(); err == nil {
			bin = filepath.Join(strings.TrimSpace(string(out)), "bin", "stripe-mock")
		}
	}
	if _, err := os.Stat(bin); bin == "" || err != nil {
		t.Fatalf("stripe-mock is required for the Stripe adapter tests and was not found (%q). "+
			"Install it with: go install github.com/stripe/stripe-mock@latest (scripts/test.sh does), or set CIRCLE_STRIPE_MOCK_BIN.", bin)
	}
	cmd := exec.Command(bin, "-http-addr", "127.0.0.1:", "-https-addr", "127.0.0.1:")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatalf("start stripe-mock: %v", err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	addr := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`Listening for HTTP at address: (\S+)`)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
	}()
	select {
	case a := <-addr:
		return "http://" + a
	case <-time.After(20 * time.Second):
		t.Fatal("stripe-mock did not start within 20 s")
	}
	return ""
}
