package vendorprofile

import (
	"context"
	"time"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/catalogwrite"
)

// Change kinds recorded in catalog_changes.
const (
	ChangeProfile          = "vendor.profile_updated"
	ChangeRepAdded         = "representative.added"
	ChangeRepUpdated       = "representative.updated"
	ChangeRepPrimary       = "representative.primary"
	ChangeRepRemoved       = "representative.removed"
	ChangeQuestionAdded    = "question.added"
	ChangeQuestionUpdated  = "question.updated"
	ChangeQuestionsOrdered = "question.reordered"
	ChangeQuestionRemoved  = "question.removed"
)

// Change is the catalogue change record (the write path's).
type Change = catalogwrite.Change

// Caller is who writes (the write path's): a vendor's owner, or an administrator.
type Caller = catalogwrite.Caller

// Store is what the use cases need (internal/store VendorProfileStore). Each write records c in
// the same transaction.
type Store interface {
	OwnedVendors(ctx context.Context, userID string) ([]catalog.Vendor, error)
	VendorByID(ctx context.Context, id string) (catalog.Vendor, error)
	// VendorServiceIDs lists the ids of a vendor's services, active or not.
	VendorServiceIDs(ctx context.Context, vendorID string) ([]string, error)
	UpdateVendorProfile(ctx context.Context, vendorID string, in VendorProfileInput, c Change) error

	// VendorRepresentatives lists all of a vendor's representatives, primary first.
	VendorRepresentatives(ctx context.Context, vendorID string) ([]catalog.Representative, error)
	RepresentativeByID(ctx context.Context, id string) (catalog.Representative, error)
	// AddRepresentative inserts r (primary when the vendor has no primary yet); max bounds the
	// vendor's count (a conflict beyond it).
	AddRepresentative(ctx context.Context, r catalog.Representative, max int, c Change) (catalog.Representative, error)
	UpdateRepresentative(ctx context.Context, r catalog.Representative, c Change) error
	// SetPrimaryRepresentative makes id the vendor's one primary representative.
	SetPrimaryRepresentative(ctx context.Context, vendorID, id string, c Change) error
	// RemoveRepresentative deletes id; when it was primary the next one becomes primary.
	RemoveRepresentative(ctx context.Context, vendorID, id string, c Change) error

	// SeededQuestions lists a vendor's questions by number, seeding defaults when it has none.
	SeededQuestions(ctx context.Context, vendorID string, defaults []string, at time.Time) ([]catalog.VendorQuestion, error)
	AddQuestion(ctx context.Context, vendorID string, q VendorQuestionInput, max int, c Change) (catalog.VendorQuestion, error)
	EditQuestion(ctx context.Context, vendorID string, number int, q VendorQuestionInput, c Change) error
	// ReorderQuestions renumbers the questions: order[i] becomes number i+1.
	ReorderQuestions(ctx context.Context, vendorID string, order []int, c Change) error
	// RemoveQuestion deletes a question and renumbers the later ones; the last one stays.
	RemoveQuestion(ctx context.Context, vendorID string, number int, c Change) error
}

// Announcer tells this process and every replica which services changed after the commit
// (marketplace.Service.Changed).
type Announcer interface {
	Changed(ctx context.Context, ids ...string)
}

// Service holds the use cases.
type Service struct {
	Store    Store
	Announce Announcer
	Now      func() time.Time
	NewID    func() string
}

// ProfileCategory is a category or specialty the vendor is listed with (read-only here): a
// marketplace category block (tag and name), or an older vendor's specialty text (name only).
type ProfileCategory struct {
	Tag  string `json:"tag"`
	Name string `json:"name"`
}

// VendorProfile is one of the caller's vendors as the Profile tab shows it: the fields the vendor
// edits, and those that change only with an administrator's approval (read-only).
type VendorProfile struct {
	VendorID      string   `json:"vendor_id"`
	Name          string   `json:"name"`
	Description   string   `json:"description"`
	WebsiteURL    string   `json:"website_url"`
	Phone         string   `json:"phone"`
	ContactEmail  string   `json:"contact_email"`
	LogoURL       string   `json:"logo_url"`
	SupportHours  string   `json:"support_hours"`
	ServiceStates []string `json:"service_states"`
	// Read-only: changed through support (they decide RESPA caps and where the vendor is listed).
	VendorType     string            `json:"vendor_type"`
	NMLSID         string            `json:"nmls_id"`
	LicenseStates  []string          `json:"license_states"`
	Categories     []ProfileCategory `json:"categories"`
	ApprovalStatus string            `json:"approval_status"`
	Verified       bool              `json:"verified"`
	UpdatedAt      time.Time         `json:"updated_at"`
}

func profileOf(v catalog.Vendor) VendorProfile {
	cats := []ProfileCategory{}
	for _, t := range v.Specialties {
		c := ProfileCategory{Name: t} // older vendors list specialties as text
		if name := catalog.BlockName(t); name != "" {
			c = ProfileCategory{Tag: t, Name: name}
		}
		cats = append(cats, c)
	}
	return VendorProfile{VendorID: v.ID, Name: v.Name, Description: v.Description, WebsiteURL: v.WebsiteURL, Phone: v.Phone,
		ContactEmail: v.ContactEmail, LogoURL: v.LogoURL, SupportHours: v.SupportHours, ServiceStates: nonNil(v.ServiceStates),
		VendorType: v.VendorType, NMLSID: v.NMLSID, LicenseStates: nonNil(v.LicenseStates), Categories: cats,
		ApprovalStatus: v.ApprovalStatus, Verified: v.IsVerified, UpdatedAt: v.UpdatedAt}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// vendor reads a vendor the caller may edit: one they own (any for an administrator). Another
// vendor's is not found, so nobody learns it exists.
func (s *Service) vendor(ctx context.Context, c Caller, id string) (catalog.Vendor, error) {
	v, err := s.Store.VendorByID(ctx, id)
	if apperr.IsNotFound(err) {
		return catalog.Vendor{}, apperr.New(apperr.NotFound, MsgVendorAbsent)
	}
	if err != nil {
		return catalog.Vendor{}, err
	}
	if !c.Admin && (v.OwnerUserID == nil || *v.OwnerUserID != c.UserID) {
		return catalog.Vendor{}, apperr.New(apperr.NotFound, MsgVendorAbsent)
	}
	return v, nil
}

// representative reads a representative of a vendor the caller may edit; another vendor's is
// not found.
func (s *Service) representative(ctx context.Context, c Caller, id string) (catalog.Representative, catalog.Vendor, error) {
	r, err := s.Store.RepresentativeByID(ctx, id)
	if apperr.IsNotFound(err) {
		return r, catalog.Vendor{}, apperr.New(apperr.NotFound, MsgRepAbsent)
	}
	if err != nil {
		return r, catalog.Vendor{}, err
	}
	v, err := s.vendor(ctx, c, r.VendorID)
	if apperr.IsNotFound(err) {
		return r, v, apperr.New(apperr.NotFound, MsgRepAbsent)
	}
	return r, v, err
}

// change is the record of a change to what agents see of vendor v: the vendor's service ids
// name the cards, detail pages and funnel modals it shows on.
func (s *Service) change(ctx context.Context, c Caller, v catalog.Vendor, kind string) (Change, error) {
	ids, err := s.Store.VendorServiceIDs(ctx, v.ID)
	if err != nil {
		return Change{}, err
	}
	return Change{ID: s.NewID(), Kind: kind, VendorID: v.ID, ServiceIDs: ids, ActorID: c.UserID, At: s.Now().UTC()}, nil
}

// announce tells every replica after the commit.
func (s *Service) announce(ctx context.Context, ch Change) {
	if len(ch.ServiceIDs) > 0 {
		s.Announce.Changed(ctx, ch.ServiceIDs...)
	}
}

// Profiles lists the profiles of the caller's vendors, by name.
func (s *Service) Profiles(ctx context.Context, c Caller) ([]VendorProfile, error) {
	vs, err := s.Store.OwnedVendors(ctx, c.UserID)
	if err != nil {
		return nil, err
	}
	out := make([]VendorProfile, 0, len(vs))
	for _, v := range vs {
		out = append(out, profileOf(v))
	}
	return out, nil
}

// UpdateProfile changes what the vendor may change alone.
func (s *Service) UpdateProfile(ctx context.Context, c Caller, vendorID string, in VendorProfileInput) (VendorProfile, error) {
	in, err := CheckProfile(in)
	if err != nil {
		return VendorProfile{}, err
	}
	v, err := s.vendor(ctx, c, vendorID)
	if err != nil {
		return VendorProfile{}, err
	}
	ch, err := s.change(ctx, c, v, ChangeProfile)
	if err != nil {
		return VendorProfile{}, err
	}
	if err := s.Store.UpdateVendorProfile(ctx, v.ID, in, ch); err != nil {
		return VendorProfile{}, err
	}
	s.announce(ctx, ch)
	v.Name, v.Description, v.WebsiteURL, v.Phone, v.ContactEmail = in.Name, in.Description, in.WebsiteURL, in.Phone, in.ContactEmail
	v.LogoURL, v.SupportHours, v.ServiceStates, v.UpdatedAt = in.LogoURL, in.SupportHours, in.ServiceStates, ch.At
	return profileOf(v), nil
}

// Representatives lists one of the caller's vendors' representatives, primary first.
func (s *Service) Representatives(ctx context.Context, c Caller, vendorID string) ([]catalog.Representative, error) {
	v, err := s.vendor(ctx, c, vendorID)
	if err != nil {
		return nil, err
	}
	return s.Store.VendorRepresentatives(ctx, v.ID)
}

func repOf(r catalog.Representative, in RepresentativeInput) catalog.Representative {
	r.Name, r.Title, r.Email, r.Phone, r.Website = in.Name, in.Title, in.Email, in.Phone, in.Website
	r.ProfilePictureURL, r.LicenseNumber, r.LicenseState = in.PhotoURL, in.LicenseNumber, in.LicenseState
	r.YearsExperience, r.Specialties, r.Location = in.YearsExperience, in.Specialties, in.Location
	return r
}

// AddRepresentative adds an active representative; a vendor's first becomes its primary.
func (s *Service) AddRepresentative(ctx context.Context, c Caller, vendorID string, in RepresentativeInput) (catalog.Representative, error) {
	in, err := CheckRepresentative(in)
	if err != nil {
		return catalog.Representative{}, err
	}
	v, err := s.vendor(ctx, c, vendorID)
	if err != nil {
		return catalog.Representative{}, err
	}
	ch, err := s.change(ctx, c, v, ChangeRepAdded)
	if err != nil {
		return catalog.Representative{}, err
	}
	r, err := s.Store.AddRepresentative(ctx, repOf(catalog.Representative{ID: s.NewID(), VendorID: v.ID, IsActive: true}, in), MaxRepresentatives, ch)
	if err != nil {
		return catalog.Representative{}, err
	}
	s.announce(ctx, ch)
	return r, nil
}

// UpdateRepresentative replaces a representative's details (its primary mark stays).
func (s *Service) UpdateRepresentative(ctx context.Context, c Caller, id string, in RepresentativeInput) (catalog.Representative, error) {
	in, err := CheckRepresentative(in)
	if err != nil {
		return catalog.Representative{}, err
	}
	r, v, err := s.representative(ctx, c, id)
	if err != nil {
		return catalog.Representative{}, err
	}
	ch, err := s.change(ctx, c, v, ChangeRepUpdated)
	if err != nil {
		return catalog.Representative{}, err
	}
	r = repOf(r, in)
	if err := s.Store.UpdateRepresentative(ctx, r, ch); err != nil {
		return catalog.Representative{}, err
	}
	s.announce(ctx, ch)
	return r, nil
}

// SetPrimary makes a representative its vendor's one primary and answers the vendor's list.
func (s *Service) SetPrimary(ctx context.Context, c Caller, id string) ([]catalog.Representative, error) {
	return s.changeRepresentative(ctx, c, id, ChangeRepPrimary, s.Store.SetPrimaryRepresentative)
}

// RemoveRepresentative removes a representative and answers the vendor's list; removing the
// primary makes the next one primary.
func (s *Service) RemoveRepresentative(ctx context.Context, c Caller, id string) ([]catalog.Representative, error) {
	return s.changeRepresentative(ctx, c, id, ChangeRepRemoved, s.Store.RemoveRepresentative)
}

// changeRepresentative writes one change of kind to representative id of one of the caller's
// vendors with its change record, announces it and answers the vendor's list.
func (s *Service) changeRepresentative(ctx context.Context, c Caller, id, kind string,
	write func(ctx context.Context, vendorID, id string, ch Change) error) ([]catalog.Representative, error) {
	r, v, err := s.representative(ctx, c, id)
	if err != nil {
		return nil, err
	}
	ch, err := s.change(ctx, c, v, kind)
	if err != nil {
		return nil, err
	}
	if err := write(ctx, v.ID, r.ID, ch); err != nil {
		return nil, err
	}
	s.announce(ctx, ch)
	return s.Store.VendorRepresentatives(ctx, v.ID)
}

// Questions lists one of the caller's vendors' evaluation questions by number; a vendor without
// any gets the defaults first (as the funnel modal does).
func (s *Service) Questions(ctx context.Context, c Caller, vendorID string) ([]catalog.VendorQuestion, error) {
	v, err := s.vendor(ctx, c, vendorID)
	if err != nil {
		return nil, err
	}
	return s.Store.SeededQuestions(ctx, v.ID, catalog.DefaultVendorQuestions[:], s.Now().UTC())
}

// questionWrite runs one question change of an owned vendor and answers the list.
func (s *Service) questionWrite(ctx context.Context, c Caller, vendorID, kind string, write func(v catalog.Vendor, ch Change) error) ([]catalog.VendorQuestion, error) {
	v, err := s.vendor(ctx, c, vendorID)
	if err != nil {
		return nil, err
	}
	// The defaults are seeded first, so the vendor edits what agents see.
	if _, err := s.Store.SeededQuestions(ctx, v.ID, catalog.DefaultVendorQuestions[:], s.Now().UTC()); err != nil {
		return nil, err
	}
	ch, err := s.change(ctx, c, v, kind)
	if err != nil {
		return nil, err
	}
	if err := write(v, ch); err != nil {
		return nil, err
	}
	s.announce(ctx, ch)
	return s.Store.SeededQuestions(ctx, v.ID, nil, ch.At)
}

// AddQuestion adds a question after the last (at most MaxQuestions).
func (s *Service) AddQuestion(ctx context.Context, c Caller, vendorID string, in VendorQuestionInput) ([]catalog.VendorQuestion, error) {
	in, err := CheckQuestion(in)
	if err != nil {
		return nil, err
	}
	return s.questionWrite(ctx, c, vendorID, ChangeQuestionAdded, func(v catalog.Vendor, ch Change) error {
		_, err := s.Store.AddQuestion(ctx, v.ID, in, MaxQuestions, ch)
		return err
	})
}

// EditQuestion changes a question and its answer.
func (s *Service) EditQuestion(ctx context.Context, c Caller, vendorID string, number int, in VendorQuestionInput) ([]catalog.VendorQuestion, error) {
	in, err := CheckQuestion(in)
	if err != nil {
		return nil, err
	}
	return s.questionWrite(ctx, c, vendorID, ChangeQuestionUpdated, func(v catalog.Vendor, ch Change) error {
		return s.Store.EditQuestion(ctx, v.ID, number, in, ch)
	})
}

// ReorderQuestions puts the questions in a new order: order lists the current numbers, each once.
func (s *Service) ReorderQuestions(ctx context.Context, c Caller, vendorID string, order []int) ([]catalog.VendorQuestion, error) {
	return s.questionWrite(ctx, c, vendorID, ChangeQuestionsOrdered, func(v catalog.Vendor, ch Change) error {
		qs, err := s.Store.SeededQuestions(ctx, v.ID, nil, ch.At)
		if err != nil {
			return err
		}
		nums := make([]int, len(qs))
		for i, q := range qs {
			nums[i] = q.QuestionNumber
		}
		if !CheckOrder(order, nums) {
			return apperr.Field("order", "vendorProfile.order", MsgOrder)
		}
		return s.Store.ReorderQuestions(ctx, v.ID, order, ch)
	})
}

// RemoveQuestion removes a question; the later ones move up. The last question stays.
func (s *Service) RemoveQuestion(ctx context.Context, c Caller, vendorID string, number int) ([]catalog.VendorQuestion, error) {
	return s.questionWrite(ctx, c, vendorID, ChangeQuestionRemoved, func(v catalog.Vendor, ch Change) error {
		return s.Store.RemoveQuestion(ctx, v.ID, number, ch)
	})
}
