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

// F-CAT-06 (issue 17 item 3): list cards (search pages and the snapshot) carry the viewer's
// language only (?lang=, default English, Accept-Language ignored: the app's language is its own
// choice); English where a service has no translation; one
// pre-encoded page per language with its own ETag and 304.
func TestF_CAT_06_ListCardsInTheViewersLanguage(t *testing.T) {
	type card struct {
		ID          string  `json:"id"`
		Title       string  `json:"title"`
		Description string  `json:"description"`
		TitleEs     *string `json:"title_es"`
		TitleFr     *string `json:"title_fr"`
		DescEs      *string `json:"description_es"`
		DescFr      *string `json:"description_fr"`
	}
	type page struct {
		Services []card `json:"services"`
		Lang     string `json:"lang"`
	}
	decode := func(t *testing.T, body []byte, into any) {
		t.Helper()
		if err := json.Unmarshal(body, into); err != nil {
			t.Fatalf("%v: %.300s", err, body)
		}
	}
	titleOf := func(p page, id string) string {
		for _, c := range p.Services {
			if c.TitleEs != nil || c.TitleFr != nil || c.DescEs != nil || c.DescFr != nil {
				t.Fatalf("list card %s carries another language: %+v", c.ID, c)
			}
			if c.ID == id {
				return c.Title
			}
		}
		t.Fatalf("%s not on the page", id)
		return ""
	}
	const id = "svc-wellspring-health-plans"
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			app := testapp.Start(t, kind)
			app.LoadDemo(t)
			url := app.URL + "/api/marketplace/services?q=health%20insurance%20seguro%20assurance&page_size=100"
			etags := map[string]bool{}
			for _, c := range []struct{ query, accept, lang, title string }{
				{"", "", "en", "Health Insurance for Independent Agents"},
				{"&lang=es", "", "es", "Seguro médico para agentes independientes"},
				{"&lang=fr-CA", "es", "fr", "Assurance santé pour agents indépendants"},
				{"&lang=es-MX", "fr", "es", "Seguro médico para agentes independientes"},
				{"", "es-MX,es;q=0.9", "en", "Health Insurance for Independent Agents"},
				{"&lang=de", "", "en", "Health Insurance for Independent Agents"},
			} {
				res, body := rawGet(t, url+c.query, map[string]string{"Accept-Language": c.accept})
				var p page
				decode(t, body, &p)
				if res.StatusCode != http.StatusOK || p.Lang != c.lang || titleOf(p, id) != c.title {
					t.Fatalf("%q %q: %d lang %q title %q", c.query, c.accept, res.StatusCode, p.Lang, titleOf(p, id))
				}
				etag := res.Header.Get("ETag")
				if res, _ := rawGet(t, url+c.query, map[string]string{"Accept-Language": c.accept, "If-None-Match": etag}); res.StatusCode != http.StatusNotModified {
					t.Fatalf("%q %q: If-None-Match %d", c.query, c.accept, res.StatusCode)
				}
				etags[etag] = true
			}
			if len(etags) != 3 {
				t.Fatalf("want one ETag per language, got %v", etags)
			}
			// A service without translations keeps its English text in every language: every demo
			// service has its own (issue 32 item 11), so a vendor lists one in English only.
			vendor := app.SignIn(t, "vendor@demo.test", demo.Password)
			res := engSend(t, app, vendor, http.MethodPost, "/api/vendor/services", map[string]any{"title": "Closing Gift Baskets",
				"description": "Hand-packed baskets delivered on closing day.", "categories": []string{"cat:client-gifting"},
				"retail_price": "$89", "billing_period": "one_time"})
			var made struct {
				ID string `json:"id"`
			}
			res.JSON(t, &made)
			if res.Status != http.StatusCreated {
				t.Fatalf("an English-only service: %d %s", res.Status, res.Body)
			}
			if res := engSend(t, app, vendor, http.MethodPost, "/api/vendor/services/"+made.ID+"/publish", nil); res.Status != http.StatusOK {
				t.Fatalf("publish the English-only service: %d %s", res.Status, res.Body)
			}
			var en, es page
			_, body := rawGet(t, app.URL+"/api/marketplace/services?sort=newest&page_size=100", nil)
			decode(t, body, &en)
			_, body = rawGet(t, app.URL+"/api/marketplace/services?sort=newest&page_size=100&lang=es", nil)
			decode(t, body, &es)
			same := 0
			for i, c := range en.Services {
				if c.Title == es.Services[i].Title && c.Description == es.Services[i].Description {
					same++
				}
			}
			if same != 1 || en.Services[0].Title != "Closing Gift Baskets" {
				t.Fatalf("%d of %d cards alike in en and es, the newest %q: want the English-only one only", same, len(en.Services), en.Services[0].Title)
			}

			// The snapshot: Top Deals and the first page in the viewer's language.
			var snaps [2]struct {
				TopDeals  []card `json:"top_deals"`
				FirstPage page   `json:"first_page"`
			}
			var snapTags [2]string
			for i, l := range []string{"en", "fr"} {
				res, body := rawGet(t, app.URL+"/api/marketplace/data?lang="+l, map[string]string{"Accept-Encoding": "gzip"})
				zr, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				plain, _ := io.ReadAll(zr)
				decode(t, plain, &snaps[i])
				snapTags[i] = res.Header.Get("ETag")
				if snaps[i].FirstPage.Lang != l || len(snaps[i].FirstPage.Services) == 0 {
					t.Fatalf("snapshot %s: lang %q, %d cards", l, snaps[i].FirstPage.Lang, len(snaps[i].FirstPage.Services))
				}
				titleOf(page{Services: snaps[i].TopDeals}, snaps[i].TopDeals[0].ID)
				titleOf(snaps[i].FirstPage, snaps[i].FirstPage.Services[0].ID)
				if res, _ := rawGet(t, app.URL+"/api/marketplace/data?lang="+l, map[string]string{"If-None-Match": snapTags[i]}); res.StatusCode != http.StatusNotModified {
					t.Fatalf("snapshot %s: If-None-Match %d", l, res.StatusCode)
				}
			}
			if snapTags[0] == snapTags[1] {
				t.Fatalf("the snapshot has one ETag for en and fr")
			}
		})
	}
}
