package consultations

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Contact is what the CRM sync sends (03§7 create-ghl-contact).
type Contact struct {
	BookingID      string `json:"bookingId"`
	FirstName      string `json:"firstName"`
	LastName       string `json:"lastName"`
	Email          string `json:"email"`
	Phone          string `json:"phone"`
	ServiceTitle   string `json:"serviceTitle"`
	VendorName     string `json:"vendorName"`
	ScheduledDate  string `json:"scheduledDate"`
	ScheduledTime  string `json:"scheduledTime"`
	ProjectDetails string `json:"projectDetails"`
	Source         string `json:"source"`
}

// CRM records a booking's contact in a CRM.
type CRM interface {
	// Name names the CRM in the integration list (ghl, builtin).
	Name() string
	// UpsertContact creates or updates the contact; calling it twice for one booking is safe.
	UpsertContact(ctx context.Context, c Contact) error
}

// SplitName splits a full name into first name and the rest.
func SplitName(full string) (first, last string) {
	parts := strings.Fields(full)
	if len(parts) == 0 {
		return "", ""
	}
	return parts[0], strings.Join(parts[1:], " ")
}

// GHLDefaultBaseURL is HighLevel's API v2 address.
const GHLDefaultBaseURL = "https://services.leadconnectorhq.com"

// GHLAPIVersion is the Version header HighLevel's API v2 asks for.
const GHLAPIVersion = "2021-07-28"

// GHL is the GoHighLevel (HighLevel) adapter: POST {base}/contacts/upsert with a bearer
// private-integration token, the Version header and the location id, which creates the
// contact or updates the one with that e-mail or phone.
type GHL struct {
	APIKey     string
	LocationID string
	BaseURL    string
	Client     *http.Client
}

// Name names the adapter.
func (g *GHL) Name() string { return "ghl" }

// ghlUpsert is the body of HighLevel's upsert contact request.
type ghlUpsert struct {
	LocationID   string           `json:"locationId"`
	FirstName    string           `json:"firstName,omitempty"`
	LastName     string           `json:"lastName,omitempty"`
	Name         string           `json:"name,omitempty"`
	Email        string           `json:"email"`
	Phone        string           `json:"phone,omitempty"`
	Source       string           `json:"source,omitempty"`
	Tags         []string         `json:"tags,omitempty"`
	CustomFields []ghlCustomField `json:"customFields,omitempty"`
}

type ghlCustomField struct {
	Key   string `json:"key"`
	Value string `json:"field_value"`
}

// UpsertContact sends the contact; any answer but 2xx is an error naming the status.
func (g *GHL) UpsertContact(ctx context.Context, c Contact) error {
	base := strings.TrimRight(g.BaseURL, "/")
	if base == "" {
		base = GHLDefaultBaseURL
	}
	body := ghlUpsert{
		LocationID: g.LocationID, FirstName: c.FirstName, LastName: c.LastName, Name: strings.TrimSpace(c.FirstName + " " + c.LastName),
		Email: c.Email, Phone: c.Phone, Source: "Circle consultation booking",
		Tags: []string{"circle-consultation"},
		CustomFields: []ghlCustomField{
			{Key: "booking_id", Value: c.BookingID}, {Key: "service_title", Value: c.ServiceTitle}, {Key: "vendor_name", Value: c.VendorName},
			{Key: "scheduled_date", Value: c.ScheduledDate}, {Key: "scheduled_time", Value: c.ScheduledTime},
			{Key: "project_details", Value: c.ProjectDetails}, {Key: "booking_source", Value: c.Source},
		},
	}
	raw, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("ghl: encode contact: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/contacts/upsert", bytes.NewReader(raw))
	if err != nil {
		return fmt.Errorf("ghl: %w", err)
	}
	req.Header.Set("Authorization", "Bearer "+g.APIKey)
	req.Header.Set("Version", GHLAPIVersion)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	client := g.Client
	if client == nil {
		client = &http.Client{Timeout: 15 * time.Second}
	}
	res, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("ghl: upsert contact: %w", err)
	}
	defer res.Body.Close()
	msg, _ := io.ReadAll(io.LimitReader(res.Body, 512))
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return fmt.Errorf("ghl: upsert contact: HTTP %d: %s", res.StatusCode, strings.TrimSpace(string(msg)))
	}
	return nil
}

// LocalCRM is the built-in default: the contact is recorded in crm_contacts, readable by admins.
type LocalCRM struct {
	Store interface {
		RecordCRMContact(ctx context.Context, c CRMContact) error
	}
	IDs func() string
}

// Name names the built-in CRM.
func (l *LocalCRM) Name() string { return "builtin" }

// UpsertContact records the contact once per booking.
func (l *LocalCRM) UpsertContact(ctx context.Context, c Contact) error {
	raw, err := json.Marshal(c)
	if err != nil {
		return err
	}
	return l.Store.RecordCRMContact(ctx, CRMContact{ID: l.IDs(), BookingID: c.BookingID, Email: c.Email, FirstName: c.FirstName,
		LastName: c.LastName, Phone: c.Phone, Payload: string(raw)})
}
