package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"circle/internal/demo"
	"circle/internal/store/storetest"
	"circle/internal/testapp"
)

// rawGet sends a GET with the given headers without Go's transparent decompression.
func rawGet(t *testing.T, url string, headers map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, body
}

// F-CAT-06 (issue 17 item 3): a search page is encoded and compressed once per version of the
// catalogue: gzip when accepted (the same JSON as plain), a strong ETag, 304 for a client that
// holds the page, and a new ETag once a review changes a card on it.
func TestF_CAT_06_SearchPagesPrecompressedWithETag(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			app := testapp.Start(t, kind)
			app.LoadDemo(t)
			url := app.URL + "/api/marketplace/services?sort=newest&page_size=25"
			plain, plainBody := rawGet(t, url, nil)
			zipped, zippedBody := rawGet(t, url, map[string]string{"Accept-Encoding": "gzip"})
			etag := plain.Header.Get("ETag")
			if plain.StatusCode != http.StatusOK || zipped.StatusCode != http.StatusOK || etag == "" || etag[0] != '"' ||
				zipped.Header.Get("ETag") != etag || zipped.Header.Get("Content-Encoding") != "gzip" || plain.Header.Get("Content-Encoding") != "" {
				t.Fatalf("plain %d %v, gzip %d %v", plain.StatusCode, plain.Header, zipped.StatusCode, zipped.Header)
			}
			zr, err := gzip.NewReader(bytes.NewReader(zippedBody))
			if err != nil {
				t.Fatal(err)
			}
			unzipped, _ := io.ReadAll(zr)
			if string(unzipped) != string(plainBody) {
				t.Fatalf("gzip body differs from the plain one")
			}
			if res, _ := rawGet(t, url, map[string]string{"If-None-Match": etag, "Accept-Encoding": "gzip"}); res.StatusCode != http.StatusNotModified {
				t.Fatalf("If-None-Match: %d", res.StatusCode)
			}

			var page struct {
				Services []struct {
					ID string `json:"id"`
				} `json:"services"`
			}
			if err := json.Unmarshal(plainBody, &page); err != nil || len(page.Services) == 0 {
				t.Fatalf("page: %v %s", err, plainBody)
			}
			agent := app.SignIn(t, "agent@demo.test", demo.Password)
			for _, s := range page.Services {
				res := app.PostJSON(t, agent, "/api/services/"+s.ID+"/reviews", map[string]any{"rating": 1})
				if res.Status == http.StatusConflict {
					continue
				}
				if res.Status != http.StatusOK && res.Status != http.StatusCreated {
					t.Fatalf("review: %d %s", res.Status, res.Body)
				}
				break
			}
			after, _ := rawGet(t, url, map[string]string{"If-None-Match": etag})
			if after.StatusCode != http.StatusOK || after.Header.Get("ETag") == etag {
				t.Fatalf("after a review: %d, ETag %s (was %s)", after.StatusCode, after.Header.Get("ETag"), etag)
			}
		})
	}
}
