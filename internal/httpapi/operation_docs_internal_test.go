package httpapi

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/danielgtaylor/huma/v2"
)

// Issue 26 item 6: every operation of the API reference has a description, and every key of
// the documentation maps still names an operation, tag, schema or field of the route table.
func TestIssue26_OperationDocsCoverTheRouteTable(t *testing.T) {
	api := newAPI(http.NewServeMux())
	if err := register(api, http.NewServeMux(), nil, &Server{}, everyArea()); err != nil {
		t.Fatal(err)
	}
	oapi := api.OpenAPI()

	byID := map[string]*huma.Operation{}
	for _, o := range allOperations(oapi) {
		byID[o.OperationID] = o
	}
	usedTags := map[string]bool{}
	for _, o := range allOperations(oapi) {
		for _, tag := range o.Tags {
			usedTags[tag] = true
		}
		if strings.TrimSpace(operationDescriptions[o.OperationID]) == "" {
			t.Errorf("operation %s (%s %s) has no description: add one to operationDescriptions in operation_docs.go", o.OperationID, o.Method, o.Path)
			continue
		}
		a, ok := o.Metadata[accessKey].(access)
		if !ok || accessSentences[a.level] == "" || !strings.HasSuffix(o.Description, accessSentences[a.level]) {
			t.Errorf("operation %s: the description does not say who may call it: %q", o.OperationID, o.Description)
		}
	}
	for id := range operationDescriptions {
		if byID[id] == nil {
			t.Errorf("operationDescriptions describes %q, which is not an operation", id)
		}
	}
	for id := range requestExamples {
		o := byID[id]
		if o == nil || o.RequestBody == nil || o.RequestBody.Content["application/json"] == nil || o.RequestBody.Content["application/json"].Example == nil {
			t.Errorf("requestExamples has %q, which is not an operation with a JSON request body", id)
		}
	}

	declared := map[string]bool{}
	for _, tag := range apiTags {
		declared[tag.Name] = true
		if tag.Description == "" {
			t.Errorf("tag %s has no description", tag.Name)
		}
		if !usedTags[tag.Name] {
			t.Errorf("apiTags declares %q, which no operation uses", tag.Name)
		}
	}
	for tag := range usedTags {
		if !declared[tag] {
			t.Errorf("tag %q is used by an operation but not declared in apiTags", tag)
		}
	}

	schemas := oapi.Components.Schemas.Map()
	for key, desc := range fieldDescriptions {
		name, prop, _ := strings.Cut(key, ".")
		s := schemas[name]
		if s == nil || s.Properties[prop] == nil {
			t.Errorf("fieldDescriptions has %q: no such schema property", key)
			continue
		}
		if s.Properties[prop].Description != desc {
			t.Errorf("%s: description not applied", key)
		}
	}
	if !slices.ContainsFunc(oapi.Servers, func(s *huma.Server) bool { return s.URL == "/" }) ||
		oapi.Info.Contact == nil || oapi.Info.License == nil {
		t.Errorf("info: servers %v, contact %v, license %v", oapi.Servers, oapi.Info.Contact, oapi.Info.License)
	}
}

// everyArea is every area without its services (registering calls no handler), as
// app.apiAreas lists them; an area missing here leaves its descriptions unmatched above, and
// TestOperationsAreDescribed (api_test.go) checks the whole document app builds.
func everyArea() []Area {
	return []Area{&PlatformArea{}, &MonitorArea{}, &AuthArea{}, &ProfileArea{}, &CurrencyArea{}, &MarketplaceArea{}, &PointsArea{},
		&SavedArea{}, &DetailArea{}, &CartArea{}, &CheckoutArea{}, &BillingArea{}, &EngagementArea{}, &CoPayArea{},
		&VendorCoPayArea{}, &NotificationsArea{}, &ConsultationsArea{}, &RolesArea{}, &SupportArea{}, &SupportDeskArea{}, &FAQArea{}, &AdminArea{},
		&AdminModerationArea{}, &VendorRegistrationArea{}, &VendorServicesArea{}, &VendorProfileArea{}, &VendorAnalyticsArea{}, &VendorCardArea{}, &ConciergeArea{}, &SharePagesArea{}, &AssessmentsArea{}, &PartnerPaymentsArea{}, &MinistryArea{}, &AffiliatesArea{}, &CreatorsArea{}, &AccountingArea{}, &LenderArea{}, &OpsArea{}, &MediaArea{}, &ExperimentsArea{}, &AdminCatalogArea{}, &AcademyArea{}}
}
