package httpapi_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"circle/internal/app"
	"circle/internal/demo"
	"circle/internal/store"
	"circle/internal/testapp"
)

// rawRequest writes a request by hand on its own connection: the head claims contentLength
// bytes, body is what is actually sent (chunked sends body as one chunk and never the last
// one), then the write side closes, as a client that stops mid-body does. It returns the answer.
func rawRequest(t *testing.T, a *testapp.App, c *http.Client, method, path, body string, contentLength int, chunked bool) (int, apiError, string) {
	t.Helper()
	u, err := url.Parse(a.URL)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var head strings.Builder
	contentType := "application/json"
	if strings.HasSuffix(path, "/pay") {
		contentType = "application/x-www-form-urlencoded" // the built-in payment page's form
	}
	fmt.Fprintf(&head, "%s %s HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\n", method, path, u.Host, contentType)
	if chunked {
		head.WriteString("Transfer-Encoding: chunked\r\n")
	} else {
		fmt.Fprintf(&head, "Content-Length: %d\r\n", contentLength)
	}
	if c != nil {
		for _, ck := range c.Jar.Cookies(u) {
			fmt.Fprintf(&head, "Cookie: %s=%s\r\n", ck.Name, ck.Value)
		}
	}
	head.WriteString("\r\n")
	if chunked {
		fmt.Fprintf(&head, "%x\r\n%s\r\n", len(body), body)
	} else {
		head.WriteString(body)
	}
	if _, err := io.WriteString(conn, head.String()); err != nil {
		t.Fatal(err)
	}
	if err := conn.(*net.TCPConn).CloseWrite(); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("%s %s: no answer: %v", method, path, err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var e apiError
	_ = json.Unmarshal(raw, &e)
	return res.StatusCode, e, string(raw)
}

// TestIssue27_TruncatedBodyIs400: issue 27 item 2. A body shorter than its Content-Length (or a
// chunked body cut off before its last chunk) is the client's fault: 400 with the usual error
// shape naming the body, on a public operation, a signed-in one and the payment webhook, with
// no line logged at ERROR. It answered 500 (huma's "cannot read request body"), logged at ERROR.
func TestIssue27_TruncatedBodyIs400(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		logs := &testapp.LogBuffer{}
		a := testapp.Start(t, kind, testapp.Options{Log: logs, Config: func(c *app.Config) { c.StripeWebhookSecret = testWhsec }})
		a.LoadDemo(t)
		pro := a.SignIn(t, "pro@demo.test", demo.Password)
		cases := []struct {
			name, path string
			c          *http.Client
			body       string
			chunked    bool
		}{
			{"public client error", "/api/client-errors", nil, `{"message":"bo`, false},
			{"public sign-in", "/api/auth/signin", nil, `{"email":"pro@demo.test","pass`, false},
			{"public view", "/api/services/svc-listingloop-hdr-photos/views", nil, `{"sou`, false},
			{"signed-in cart", "/api/cart/items", pro, `{"service_id":"svc-listing`, false},
			{"webhook", "/api/webhooks/stripe", nil, `{"id":"evt_1","type":"checkout.sess`, false},
			{"chunked cut mid-stream", "/api/cart/items", pro, `{"service_id":"svc-listing`, true},
		}
		for _, c := range cases {
			status, e, raw := rawRequest(t, a, c.c, http.MethodPost, c.path, c.body, len(c.body)+100, c.chunked)
			if status != http.StatusBadRequest || e.Code != "invalid" || len(e.Fields) != 1 || e.Fields[0].Field != "body" ||
				e.Fields[0].Key != "validation.body_incomplete" || e.RequestID == "" {
				t.Errorf("%s: %d %s", c.name, status, raw)
			}
		}
		// The built-in payment page's form post: the page's 400 ("the form could not be read"),
		// nothing paid.
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		page := pagePath(t, agentCheckout(t, a, agent).URL)
		form := "card_number=4242+4242+4242+4242&expiry=12%2F30&cvc=1"
		if status, _, raw := rawRequest(t, a, agent, http.MethodPost, page+"/pay", form, len(form)+50, false); status != http.StatusBadRequest {
			t.Errorf("payment page form: %d %s", status, raw)
		}
		if res := getAs(t, a, agent, page); res.Status != http.StatusOK {
			t.Errorf("payment page after the cut form: %d", res.Status)
		}
		// The server still serves normal requests, and nothing was logged as a server error.
		if res := a.Get(t, "/healthz"); res.Status != http.StatusOK {
			t.Fatalf("healthz after: %d", res.Status)
		}
		if strings.Contains(logs.String(), "level=ERROR") {
			t.Fatalf("a truncated body was logged at ERROR:\n%s", logs.String())
		}
		if !strings.Contains(logs.String(), "status=400") {
			t.Fatalf("the 400s were not logged:\n%s", logs.String())
		}
	})
}
