// Package location is the location dialog's server side (03§2, 03§5, 03§7, F-ENG-08): reverse
// geocoding of the browser's coordinates through a configurable provider (the built-in offline
// table of US cities by default, or an outside geocoder over HTTP) and the manual form's rules
// (city, one of the 50 state codes, optional ZIP), saved to the profile.
package location

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"circle/internal/account"
	"circle/internal/apperr"
)

// Place is a reverse-geocoded or entered location.
type Place struct {
	City    string `json:"city"`
	State   string `json:"state"`
	ZipCode string `json:"zip_code"`
	// Source names the provider: offline (the built-in table), http (the outside geocoder) or
	// manual.
	Source string `json:"source" enum:"offline,http,manual"`
	// DistanceKM is the distance to the city found (offline only).
	DistanceKM float64 `json:"distance_km,omitempty"`
}

// Geocoder turns coordinates into a place.
type Geocoder interface {
	Reverse(ctx context.Context, lat, lng float64) (Place, error)
	Name() string
}

// StateCodes are the 50 US state codes the manual form offers (03§5).
var StateCodes = strings.Fields("AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY")

// stateNames maps the state names an outside geocoder returns to their codes.
var stateNames = map[string]string{"alabama": "AL", "alaska": "AK", "arizona": "AZ", "arkansas": "AR", "california": "CA", "colorado": "CO",
	"connecticut": "CT", "delaware": "DE", "florida": "FL", "georgia": "GA", "hawaii": "HI", "idaho": "ID", "illinois": "IL", "indiana": "IN",
	"iowa": "IA", "kansas": "KS", "kentucky": "KY", "louisiana": "LA", "maine": "ME", "maryland": "MD", "massachusetts": "MA", "michigan": "MI",
	"minnesota": "MN", "mississippi": "MS", "missouri": "MO", "montana": "MT", "nebraska": "NE", "nevada": "NV", "new hampshire": "NH",
	"new jersey": "NJ", "new mexico": "NM", "new york": "NY", "north carolina": "NC", "north dakota": "ND", "ohio": "OH", "oklahoma": "OK",
	"oregon": "OR", "pennsylvania": "PA", "rhode island": "RI", "south carolina": "SC", "south dakota": "SD", "tennessee": "TN", "texas": "TX",
	"utah": "UT", "vermont": "VT", "virginia": "VA", "washington": "WA", "west virginia": "WV", "wisconsin": "WI", "wyoming": "WY"}

// ErrNoPlace is the answer for coordinates the provider cannot place in a US state.
var ErrNoPlace = apperr.New(apperr.NotFound, "No US city was found near this location. Please enter your location manually.")

// CheckCoordinates validates latitude and longitude.
func CheckCoordinates(lat, lng float64) error {
	var f []apperr.FieldError
	if math.IsNaN(lat) || lat < -90 || lat > 90 {
		f = append(f, apperr.FieldError{Field: "lat", Key: "location.lat", Message: "lat must be between -90 and 90"})
	}
	if math.IsNaN(lng) || lng < -180 || lng > 180 {
		f = append(f, apperr.FieldError{Field: "lng", Key: "location.lng", Message: "lng must be between -180 and 180"})
	}
	return apperr.Fields(f)
}

// --- the built-in offline table ---

//go:embed uscities.csv
var citiesCSV []byte

type city struct {
	name, state string
	lat, lng    float64
}

// Offline finds the nearest city of the built-in table (state capitals and the larger cities
// of every state, about 220 rows) and answers its city and state. Coordinates farther than
// MaxKM from every city are not placed.
type Offline struct {
	cities []city
	MaxKM  float64
}

// NewOffline loads the embedded table.
func NewOffline() (*Offline, error) {
	rows, err := csv.NewReader(bytes.NewReader(citiesCSV)).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("read the US cities table: %w", err)
	}
	o := &Offline{MaxKM: 400}
	for i, r := range rows {
		if len(r) != 4 {
			return nil, fmt.Errorf("US cities table row %d: %d fields", i+1, len(r))
		}
		lat, err1 := strconv.ParseFloat(r[2], 64)
		lng, err2 := strconv.ParseFloat(r[3], 64)
		if err1 != nil || err2 != nil || !slices.Contains(StateCodes, r[1]) {
			return nil, fmt.Errorf("US cities table row %d: %v", i+1, r)
		}
		o.cities = append(o.cities, city{name: r[0], state: r[1], lat: lat, lng: lng})
	}
	return o, nil
}

// Size is the number of cities in the table.
func (o *Offline) Size() int { return len(o.cities) }

// Name is the provider's name.
func (o *Offline) Name() string { return "offline" }

// haversineKM is the great-circle distance.
func haversineKM(lat1, lng1, lat2, lng2 float64) float64 {
	const r = 6371.0
	rad := math.Pi / 180
	dLat, dLng := (lat2-lat1)*rad, (lng2-lng1)*rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLng/2)*math.Sin(dLng/2)
	return 2 * r * math.Asin(math.Min(1, math.Sqrt(a)))
}

// Reverse answers the nearest city and its state.
func (o *Offline) Reverse(_ context.Context, lat, lng float64) (Place, error) {
	if err := CheckCoordinates(lat, lng); err != nil {
		return Place{}, err
	}
	best, bestKM := -1, math.MaxFloat64
	for i, c := range o.cities {
		if d := haversineKM(lat, lng, c.lat, c.lng); d < bestKM {
			best, bestKM = i, d
		}
	}
	if best < 0 || bestKM > o.MaxKM {
		return Place{}, ErrNoPlace
	}
	c := o.cities[best]
	return Place{City: c.name, State: c.state, Source: "offline", DistanceKM: math.Round(bestKM*10) / 10}, nil
}

// --- an outside geocoder ---

// HTTP is an outside reverse geocoder with the request and answer of 03§7: GET with latitude,
// longitude and localityLanguage=en (and key when configured), answering city or locality,
// principalSubdivision (with principalSubdivisionCode such as US-TX) and postcode. It is the
// shape of BigDataCloud's reverse-geocode API; the endpoint is configurable.
type HTTP struct {
	// Endpoint is the full URL of the reverse-geocode call.
	Endpoint string
	Key      string
	Client   *http.Client
}

// Name is the provider's name.
func (h *HTTP) Name() string { return "http" }

type httpAnswer struct {
	City                     string `json:"city"`
	Locality                 string `json:"locality"`
	PrincipalSubdivision     string `json:"principalSubdivision"`
	PrincipalSubdivisionCode string `json:"principalSubdivisionCode"`
	Postcode                 string `json:"postcode"`
	CountryCode              string `json:"countryCode"`
}

var zipPattern = regexp.MustCompile(`^[0-9]{5}(-[0-9]{4})?$`)

// Reverse calls the outside geocoder.
func (h *HTTP) Reverse(ctx context.Context, lat, lng float64) (Place, error) {
	if err := CheckCoordinates(lat, lng); err != nil {
		return Place{}, err
	}
	q := url.Values{}
	q.Set("latitude", strconv.FormatFloat(lat, 'f', 6, 64))
	q.Set("longitude", strconv.FormatFloat(lng, 'f', 6, 64))
	q.Set("localityLanguage", "en")
	if h.Key != "" {
		q.Set("key", h.Key)
	}
	sep := "?"
	if strings.Contains(h.Endpoint, "?") {
		sep = "&"
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, h.Endpoint+sep+q.Encode(), nil)
	if err != nil {
		return Place{}, fmt.Errorf("reverse geocode request: %w", err)
	}
	req.Header.Set("Accept", "application/json")
	client := h.Client
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	res, err := client.Do(req)
	if err != nil {
		return Place{}, apperr.New(apperr.Unavailable, "The location service is not answering. Please enter your location manually.")
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
		return Place{}, apperr.New(apperr.Unavailable, "The location service is not answering. Please enter your location manually.")
	}
	var a httpAnswer
	if err := json.NewDecoder(io.LimitReader(res.Body, 1<<20)).Decode(&a); err != nil {
		return Place{}, apperr.New(apperr.Unavailable, "The location service gave an answer we could not read. Please enter your location manually.")
	}
	state := ""
	if code, ok := strings.CutPrefix(strings.ToUpper(a.PrincipalSubdivisionCode), "US-"); ok && slices.Contains(StateCodes, code) {
		state = code
	} else if code, ok := stateNames[strings.ToLower(strings.TrimSpace(a.PrincipalSubdivision))]; ok {
		state = code
	}
	cityName := strings.TrimSpace(a.City)
	if cityName == "" {
		cityName = strings.TrimSpace(a.Locality)
	}
	if state == "" || cityName == "" || (a.CountryCode != "" && !strings.EqualFold(a.CountryCode, "US")) {
		return Place{}, ErrNoPlace
	}
	p := Place{City: cityName, State: state, Source: "http"}
	if zipPattern.MatchString(strings.TrimSpace(a.Postcode)) {
		p.ZipCode = strings.TrimSpace(a.Postcode)
	}
	return p, nil
}

// --- the manual form ---

// Manual is the manual form (03§5): city required (at least 2 characters), state required
// from the 50 codes, ZIP optional with the ZIP rule.
type Manual struct {
	City    string `json:"city" maxLength:"200"`
	State   string `json:"state" maxLength:"10"`
	ZipCode string `json:"zip_code,omitempty" maxLength:"20"`
}

// Check validates and cleans the form, naming every failing field.
func (m Manual) Check() (Manual, error) {
	m.City = strings.TrimSpace(m.City)
	m.State = strings.ToUpper(strings.TrimSpace(m.State))
	m.ZipCode = strings.TrimSpace(m.ZipCode)
	var f []apperr.FieldError
	switch n := utf8.RuneCountInString(m.City); {
	case n == 0:
		f = append(f, apperr.FieldError{Field: "city", Key: "location.cityRequired", Message: "City is required"})
	case n < 2:
		f = append(f, apperr.FieldError{Field: "city", Key: "location.cityMin", Message: "City must be at least 2 characters"})
	case n > 100:
		f = append(f, apperr.FieldError{Field: "city", Key: "location.cityMax", Message: "City must be no more than 100 characters"})
	}
	if m.State == "" {
		f = append(f, apperr.FieldError{Field: "state", Key: "location.stateRequired", Message: "State is required"})
	} else if !slices.Contains(StateCodes, m.State) {
		f = append(f, apperr.FieldError{Field: "state", Key: "location.stateInvalid", Message: "Choose one of the 50 US state codes"})
	}
	if m.ZipCode != "" && !zipPattern.MatchString(m.ZipCode) {
		f = append(f, apperr.FieldError{Field: "zip_code", Key: "location.zipInvalid", Message: "Invalid ZIP code format"})
	}
	return m, apperr.Fields(f)
}

// ProfileSaver saves profile changes (account.ProfileService).
type ProfileSaver interface {
	Update(ctx context.Context, userID string, current account.Profile, u account.ProfileUpdate) (account.Profile, error)
}

// Service reverse-geocodes and saves locations.
type Service struct {
	Geocoder Geocoder
	Profiles ProfileSaver
}

// Reverse places coordinates with the configured provider.
func (s *Service) Reverse(ctx context.Context, lat, lng float64) (Place, error) {
	return s.Geocoder.Reverse(ctx, lat, lng)
}

// Save checks the manual form and saves city, state and ZIP (and the location text
// "City, ST") to the caller's profile; it drives the vendors' location filter and the
// header's location chip.
func (s *Service) Save(ctx context.Context, userID string, current account.Profile, m Manual) (account.Profile, error) {
	m, err := m.Check()
	if err != nil {
		return account.Profile{}, err
	}
	return s.Profiles.Update(ctx, userID, current, account.ProfileUpdate{City: &m.City, State: &m.State, ZipCode: &m.ZipCode})
}
