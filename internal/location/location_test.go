package location_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"circle/internal/apperr"
	"circle/internal/location"
)

// F-ENG-08: the built-in table places coordinates at the nearest city and its state, and
// refuses places far from every US city.
func TestF_ENG_08_OfflineGeocoder(t *testing.T) {
	g, err := location.NewOffline()
	if err != nil {
		t.Fatal(err)
	}
	if g.Size() < 200 {
		t.Fatalf("table has %d cities", g.Size())
	}
	states := map[string]bool{}
	for _, c := range location.StateCodes {
		states[c] = false
	}
	ctx := context.Background()
	for _, c := range []struct {
		lat, lng    float64
		city, state string
	}{
		{30.2711, -97.7437, "Austin", "TX"},
		{40.7484, -73.9857, "New York", "NY"},
		{47.62, -122.35, "Seattle", "WA"},
		{21.30, -157.85, "Honolulu", "HI"},
		{61.2, -149.9, "Anchorage", "AK"},
		{25.79, -80.13, "Miami", "FL"},    // Miami Beach
		{33.43, -111.94, "Phoenix", "AZ"}, // Tempe
	} {
		p, err := g.Reverse(ctx, c.lat, c.lng)
		if err != nil || p.City != c.city || p.State != c.state || p.Source != "offline" {
			t.Errorf("%v,%v: %+v %v", c.lat, c.lng, p, err)
		}
	}
	if _, err := g.Reverse(ctx, 48.85, 2.35); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("Paris: %v", err)
	}
	if _, err := g.Reverse(ctx, 91, 0); apperr.CodeOf(err) != apperr.Invalid {
		t.Errorf("lat 91: %v", err)
	}
}

// F-ENG-08: the outside geocoder adapter sends latitude, longitude, localityLanguage=en and the
// key, and reads city (or locality), the state code or name and a valid postcode; a non-US
// answer is not placed and a failing service is unavailable. Tested against a local fake.
func TestF_ENG_08_HTTPGeocoder(t *testing.T) {
	var answer string
	status := http.StatusOK
	fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if r.URL.Path != "/data/reverse-geocode" || q.Get("latitude") != "30.271100" || q.Get("longitude") != "-97.743700" ||
			q.Get("localityLanguage") != "en" || q.Get("key") != "k-123" {
			http.Error(w, "bad request shape: "+r.URL.String(), http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(answer))
	}))
	defer fake.Close()
	g := &location.HTTP{Endpoint: fake.URL + "/data/reverse-geocode", Key: "k-123", Client: fake.Client()}
	ctx := context.Background()
	for _, c := range []struct {
		answer, city, state, zip string
	}{
		{`{"city":"Austin","locality":"Downtown","principalSubdivision":"Texas","principalSubdivisionCode":"US-TX","postcode":"78701","countryCode":"US"}`, "Austin", "TX", "78701"},
		{`{"city":"","locality":"West Lake Hills","principalSubdivision":"Texas","postcode":"n/a","countryCode":"US"}`, "West Lake Hills", "TX", ""},
	} {
		answer = c.answer
		p, err := g.Reverse(ctx, 30.2711, -97.7437)
		if err != nil || p.City != c.city || p.State != c.state || p.ZipCode != c.zip || p.Source != "http" {
			t.Errorf("%s: %+v %v", c.answer, p, err)
		}
	}
	answer = `{"city":"Toronto","principalSubdivision":"Ontario","principalSubdivisionCode":"CA-ON","countryCode":"CA"}`
	if _, err := g.Reverse(ctx, 30.2711, -97.7437); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("non-US: %v", err)
	}
	status = http.StatusInternalServerError
	if _, err := g.Reverse(ctx, 30.2711, -97.7437); apperr.CodeOf(err) != apperr.Unavailable {
		t.Errorf("failing service: %v", err)
	}
}

// F-ENG-08: the manual form's rules (03§5).
func TestF_ENG_08_ManualForm(t *testing.T) {
	for _, c := range []struct {
		m     location.Manual
		field string
	}{
		{location.Manual{City: "Austin", State: "TX"}, ""},
		{location.Manual{City: " Austin ", State: " tx ", ZipCode: "78701-1234"}, ""},
		{location.Manual{City: "", State: "TX"}, "city"},
		{location.Manual{City: "A", State: "TX"}, "city"},
		{location.Manual{City: "Austin", State: ""}, "state"},
		{location.Manual{City: "Washington", State: "DC"}, "state"},
		{location.Manual{City: "Austin", State: "TX", ZipCode: "787011"}, "zip_code"},
	} {
		_, err := c.m.Check()
		e, _ := apperr.As(err)
		switch {
		case c.field == "" && err != nil:
			t.Errorf("%+v: %v", c.m, err)
		case c.field != "" && (e == nil || len(e.Fields) != 1 || e.Fields[0].Field != c.field):
			t.Errorf("%+v: %v, want %s", c.m, err, c.field)
		}
	}
}
