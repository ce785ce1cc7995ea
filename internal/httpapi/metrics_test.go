package httpapi_test

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"circle/internal/store"
	"circle/internal/testapp"
)

// TestF_APP_10_MetricsSeriesBounded: 1,000 requests with made-up method names and paths add a
// fixed handful of series, never one per method or per path (issue 14, item 8: 40,000 requests
// made 40,364 series).
func TestF_APP_10_MetricsSeriesBounded(t *testing.T) {
	app := testapp.Start(t, store.SQLite)
	rng := rand.New(rand.NewPCG(14, 8))
	letters := "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	paths := []string{"/api/config", "/api/services", "/api/no/such/%d", "/no/such/page/%d", "/api/services/%d"}
	for i := 0; i < 1000; i++ {
		var b strings.Builder
		for j := 0; j < 3+rng.IntN(8); j++ {
			b.WriteByte(letters[rng.IntN(len(letters))])
		}
		path := paths[i%len(paths)]
		if strings.Contains(path, "%d") {
			path = fmt.Sprintf(path, i)
		}
		req, err := http.NewRequest(b.String(), app.URL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		res, err := app.Client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}
	m := app.Get(t, "/metrics")
	if m.Status != 200 {
		t.Fatalf("metrics: %d", m.Status)
	}
	series := 0
	for _, line := range strings.Split(string(m.Body), "\n") {
		if !strings.HasPrefix(line, "circle_http_requests_total{") {
			continue
		}
		series++
		if strings.Contains(line, "/no/such") || strings.Contains(line, "/api/no/") || strings.Contains(line, "/api/services/1") {
			t.Errorf("raw path as a label: %s", line)
		}
		method := line[strings.Index(line, `method="`)+8:]
		method = method[:strings.IndexByte(method, '"')]
		switch method {
		case "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "OTHER":
		default:
			t.Errorf("unknown method as a label: %s", line)
		}
	}
	t.Logf("%d request series after 1,000 made-up methods", series)
	if series == 0 || series > 20 {
		t.Fatalf("%d request series after 1,000 made-up methods, want a handful:\n%.3000s", series, m.Body)
	}
}
