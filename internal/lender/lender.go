// Package lender is the lender marketplace (issue 32 item 2, F-AREA-05): mortgage lenders (vendors
// of a lender kind) filtered by state, loan type, co-pay availability and rating, compared side by
// side (three at most), and the co-pay options an agent may ask a lender to cover through the
// existing co-pay request flow (internal/copay; RESPA caps a lender as a settlement service
// provider). docs/areas/lender.md has the design.
package lender

import (
	"context"
	"slices"
	"strings"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/copay"
	"circle/internal/lang"
	"circle/internal/respa"
)

// LoanType is a kind of mortgage a lender offers.
type LoanType string

// The loan types of the list, in the order the filter shows them.
const (
	Conventional LoanType = "conventional"
	FHA          LoanType = "fha"
	VA           LoanType = "va"
	Jumbo        LoanType = "jumbo"
	Renovation   LoanType = "renovation"
	NonQM        LoanType = "non_qm"
)

// LoanTypes lists every loan type.
var LoanTypes = []LoanType{Conventional, FHA, VA, Jumbo, Renovation, NonQM}

// LenderVendorTypes are the vendor types that count as mortgage lenders.
var LenderVendorTypes = []string{"lender", "mortgage_lender", "mortgage_broker"}

// MaxCompare is how many lenders the comparison holds.
const MaxCompare = 3

// Message keys and texts of the area's field errors.
const (
	KeyUnknownState    = "lender.unknown_state"
	MsgUnknownState    = "Choose a US state by its two-letter code."
	KeyUnknownLoanType = "lender.unknown_loan_type"
	MsgUnknownLoanType = "Choose one of the listed loan types."
	KeyRatingRange     = "lender.rating_range"
	MsgRatingRange     = "The minimum rating is from 0 to 5."
	KeyCompareMax      = "lender.compare_max"
	MsgCompareMax      = "Compare up to 3 lenders at a time."
	KeyCompareEmpty    = "lender.compare_empty"
	MsgCompareEmpty    = "Choose at least one lender to compare."
	KeyNotLender       = "lender.not_found"
	MsgNotLender       = "This lender is not listed."
)

// Filter is the list's filters; zero values filter nothing.
type Filter struct {
	// State is a two-letter code the lender serves (vendors.service_states).
	State string
	// LoanType is one of LoanTypes.
	LoanType LoanType
	// CoPay keeps lenders open to co-marketing (vendors.is_open_to_partner).
	CoPay bool
	// MinRatingTenths keeps lenders whose services' average rating is at least this many tenths
	// of a star (45 = 4.5); lenders without reviews are left out when it is above 0.
	MinRatingTenths int
}

// Record is a lender as the store reads it.
type Record struct {
	Vendor                       catalog.Vendor
	LoanTypes                    []LoanType
	AvgCloseDays, MinCreditScore int
	// RatingSum and ReviewCount are over the visible reviews of the lender's services.
	RatingSum, ReviewCount int
	// BookingServiceID is the lender's first active service (its consultation booking); empty
	// when it has none.
	BookingServiceID string
}

// Store is what the area needs from the database (internal/store).
type Store interface {
	// Lenders lists listed lenders (active, approved) with a lender profile matching f, by
	// the vendors' sort order.
	Lenders(ctx context.Context, f Filter) ([]Record, error)
	// LendersByID reads the listed lenders among ids (unknown ones left out).
	LendersByID(ctx context.Context, ids []string) (map[string]Record, error)
	// CoPayServices lists active services offering co-pay (copay_allowed with a split limit)
	// that are not the vendor's own, featured first, at most limit.
	CoPayServices(ctx context.Context, vendorID string, limit int) ([]ServiceRef, error)
}

// ServiceRef is a service the co-marketing dialog may offer.
type ServiceRef struct {
	ID, Title, TitleEs, TitleFr string
}

// Quoter prices a co-pay split (copay.AgentService.Quote: the server's one quote of a split).
type Quoter interface {
	Quote(ctx context.Context, a copay.Agent, in copay.QuoteInput) (copay.Quote, error)
}

// Lender is a lender card and a column of the comparison.
type Lender struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	LogoURL     string `json:"logo_url"`
	WebsiteURL  string `json:"website_url"`
	Location    string `json:"location"`
	Phone       string `json:"phone"`
	VendorType  string `json:"vendor_type"`
	NMLSID      string `json:"nmls_id" doc:"NMLS id from the lender's registration"`
	IsVerified  bool   `json:"is_verified"`
	// States are the states the lender serves, sorted.
	States    []string   `json:"states"`
	LoanTypes []LoanType `json:"loan_types" enum:"conventional,fha,va,jumbo,renovation,non_qm"`
	// Rating is the average of its services' reviews to one decimal (0 without reviews).
	Rating      float64 `json:"rating"`
	ReviewCount int     `json:"review_count"`
	// CoPayAvailable: the lender is open to co-marketing partnerships (co-pay requests).
	CoPayAvailable bool             `json:"copay_available"`
	RespaKind      respa.VendorKind `json:"respa_kind" enum:"ssp,non_ssp" doc:"ssp: a settlement service provider"`
	// CapPercent is the RESPA type cap on the share this lender may cover of a service (a
	// service's own limit can only lower it).
	CapPercent        int      `json:"cap_percent"`
	AvgCloseDays      int      `json:"avg_close_days" doc:"Typical days to close (0: not stated)"`
	MinCreditScore    int      `json:"min_credit_score" doc:"Lowest credit score taken (0: not stated)"`
	CoMarketingAgents int      `json:"co_marketing_agents"`
	Specialties       []string `json:"specialties"`
	// BookingServiceID is the service whose consultation booking /book-meeting opens (empty:
	// book with Circle's advisors).
	BookingServiceID string `json:"booking_service_id"`
}

// LenderList is the marketplace's answer.
type LenderList struct {
	Lenders []Lender `json:"lenders"`
	Total   int      `json:"total" doc:"Lenders matching the filters"`
}

// Service runs the lender marketplace.
type Service struct {
	Store Store
	CoPay Quoter
}

// CheckFilter validates the filters, naming the field.
func CheckFilter(f Filter) (Filter, error) {
	f.State = strings.ToUpper(strings.TrimSpace(f.State))
	if f.State != "" && !knownState(f.State) {
		return f, apperr.Field("state", KeyUnknownState, MsgUnknownState)
	}
	if f.LoanType != "" && !slices.Contains(LoanTypes, f.LoanType) {
		return f, apperr.Field("loan_type", KeyUnknownLoanType, MsgUnknownLoanType)
	}
	if f.MinRatingTenths < 0 || f.MinRatingTenths > 50 {
		return f, apperr.Field("min_rating", KeyRatingRange, MsgRatingRange)
	}
	return f, nil
}

// List answers the lenders matching f, in lang.
func (s *Service) List(ctx context.Context, f Filter, lang string) (LenderList, error) {
	f, err := CheckFilter(f)
	if err != nil {
		return LenderList{}, err
	}
	recs, err := s.Store.Lenders(ctx, f)
	if err != nil {
		return LenderList{}, err
	}
	out := LenderList{Lenders: make([]Lender, 0, len(recs)), Total: len(recs)}
	for _, r := range recs {
		out.Lenders = append(out.Lenders, View(r, lang))
	}
	return out, nil
}

// Compare answers up to MaxCompare lenders in the order asked; a fourth is refused (422 naming
// ids), an unknown one is 404 naming it.
func (s *Service) Compare(ctx context.Context, ids []string, lang string) ([]Lender, error) {
	var clean []string
	for _, id := range ids {
		if id = strings.TrimSpace(id); id != "" && !slices.Contains(clean, id) {
			clean = append(clean, id)
		}
	}
	if len(clean) == 0 {
		return nil, apperr.Field("ids", KeyCompareEmpty, MsgCompareEmpty)
	}
	if len(clean) > MaxCompare {
		return nil, apperr.Field("ids", KeyCompareMax, MsgCompareMax)
	}
	recs, err := s.Store.LendersByID(ctx, clean)
	if err != nil {
		return nil, err
	}
	out := make([]Lender, 0, len(clean))
	for _, id := range clean {
		r, ok := recs[id]
		if !ok {
			return nil, &apperr.Error{Code: apperr.NotFound, Message: MsgNotLender,
				Fields: []apperr.FieldError{{Field: "ids", Key: KeyNotLender, Message: MsgNotLender}}}
		}
		out = append(out, View(r, lang))
	}
	return out, nil
}

// View makes the card of a record in language.
func View(r Record, language string) Lender {
	v := r.Vendor
	kind := respa.KindOf(v.VendorType)
	capPct := respa.DefaultNonSSPCap
	if kind == respa.SSP {
		capPct = respa.DefaultSSPCap
	}
	states := slices.Clone(v.ServiceStates)
	slices.Sort(states)
	if states == nil {
		states = []string{}
	}
	types := make([]LoanType, 0, len(r.LoanTypes))
	for _, t := range LoanTypes {
		if slices.Contains(r.LoanTypes, t) {
			types = append(types, t)
		}
	}
	l := Lender{ID: v.ID, Name: lang.Pick(language, v.Name, v.NameEs, v.NameFr), Description: lang.Pick(language, v.Description, v.DescriptionEs, v.DescriptionFr),
		LogoURL: v.LogoURL, WebsiteURL: v.WebsiteURL, Location: v.Location, Phone: v.Phone, VendorType: v.VendorType, NMLSID: v.NMLSID,
		IsVerified: v.IsVerified, States: states, LoanTypes: types, ReviewCount: r.ReviewCount, CoPayAvailable: v.IsOpenToPartner,
		RespaKind: kind, CapPercent: capPct, AvgCloseDays: r.AvgCloseDays, MinCreditScore: r.MinCreditScore,
		CoMarketingAgents: v.CoMarketingAgents, Specialties: v.Specialties, BookingServiceID: r.BookingServiceID}
	if l.Specialties == nil {
		l.Specialties = []string{}
	}
	if r.ReviewCount > 0 {
		l.Rating = float64((r.RatingSum*100/r.ReviewCount+5)/10) / 10
	}
	return l
}

// knownState: the 50 states and DC.
func knownState(code string) bool {
	return strings.Contains(usStates, " "+code+" ")
}

const usStates = " AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY "
