package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/vendorprofile"
)

// VendorProfileStore is what vendorprofile.Service reads and writes.
type VendorProfileStore struct {
	Catalog
	CatalogWrites
	VendorProfiles
}

// NewVendorProfileStore returns the vendor profile's store on db.
func NewVendorProfileStore(db *DB) VendorProfileStore {
	return VendorProfileStore{NewCatalog(db), NewCatalogWrites(db), NewVendorProfiles(db)}
}

// VendorServiceIDs lists the ids of a vendor's services, active or not.
func (db VendorProfiles) VendorServiceIDs(ctx context.Context, vendorID string) ([]string, error) {
	ids := []string{}
	if err := db.bun.NewSelect().Model((*serviceRow)(nil)).Column("id").Where("vendor_id = ?", vendorID).OrderExpr("id").Scan(ctx, &ids); err != nil {
		return nil, fmt.Errorf("read vendor service ids: %w", err)
	}
	return ids, nil
}

func recordChange(ctx context.Context, tx bun.IDB, c vendorprofile.Change) error {
	return recordCatalogChange(ctx, tx, c.ID, c.Kind, c.VendorID, c.ServiceIDs, c.ActorID, c.At)
}

// UpdateVendorProfile writes the fields a vendor edits alone.
func (db VendorProfiles) UpdateVendorProfile(ctx context.Context, vendorID string, in vendorprofile.VendorProfileInput, c vendorprofile.Change) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		states, err := json.Marshal(in.ServiceStates) // stored as JSON text, as vendorRow writes it
		if err != nil {
			return fmt.Errorf("encode service states: %w", err)
		}
		res, err := tx.NewUpdate().Model((*vendorRow)(nil)).
			Set("name = ?", in.Name).Set("description = ?", in.Description).Set("website_url = ?", in.WebsiteURL).
			Set("phone = ?", in.Phone).Set("contact_email = ?", in.ContactEmail).Set("logo_url = ?", in.LogoURL).
			Set("support_hours = ?", in.SupportHours).Set("service_states = ?", string(states)).Set("updated_at = ?", c.At).
			Where("id = ?", vendorID).Exec(ctx)
		if err := oneChanged(res, err, "update vendor profile", apperr.New(apperr.NotFound, vendorprofile.MsgVendorAbsent)); err != nil {
			return err
		}
		return recordChange(ctx, tx, c)
	})
}

// VendorRepresentatives lists all of a vendor's representatives: primary first, then by sort
// order and name.
func (db VendorProfiles) VendorRepresentatives(ctx context.Context, vendorID string) ([]catalog.Representative, error) {
	var rows []representativeRow
	if err := db.bun.NewSelect().Model(&rows).Where("vendor_id = ?", vendorID).
		OrderExpr("is_primary DESC, sort_order ASC, name ASC, id ASC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read representatives: %w", err)
	}
	return repsOut(domainsOf(rows)), nil
}

func repsOut(rs []catalog.Representative) []catalog.Representative {
	for i := range rs {
		if rs[i].Specialties == nil {
			rs[i].Specialties = []string{}
		}
	}
	return rs
}

// RepresentativeByID reads one representative.
func (db VendorProfiles) RepresentativeByID(ctx context.Context, id string) (catalog.Representative, error) {
	var r representativeRow
	if err := db.bun.NewSelect().Model(&r).Where("id = ?", id).Scan(ctx); err != nil {
		return catalog.Representative{}, notFound(err, "representative")
	}
	return repsOut([]catalog.Representative{r.domain()})[0], nil
}

// changeVendorList runs fn in a transaction that holds the lock named lock for the vendor's
// list ("vendor-representatives", "vendor-questions"), so that counts, numbers, the primary
// mark and sort orders are read and written by one writer at a time, and records the change c
// after it.
func (db VendorProfiles) changeVendorList(ctx context.Context, lock, vendorID string, c vendorprofile.Change, fn func(ctx context.Context, tx Q) error) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		if err := db.lockDedupeKey(ctx, lock, vendorID); err != nil {
			return err
		}
		tx := db.q(ctx)
		if err := fn(ctx, tx); err != nil {
			return err
		}
		return recordChange(ctx, tx, c)
	})
}

// AddRepresentative inserts r after the vendor's others; it is the primary when the vendor has
// none. A vendor with max representatives already is a conflict.
func (db VendorProfiles) AddRepresentative(ctx context.Context, r catalog.Representative, maxReps int, c vendorprofile.Change) (catalog.Representative, error) {
	err := db.changeVendorList(ctx, "vendor-representatives", r.VendorID, c, func(ctx context.Context, tx Q) error {
		var st struct {
			N       int `bun:"n"`
			Primary int `bun:"p"`
			MaxSort int `bun:"m"`
		}
		if err := tx.NewRaw(`SELECT COUNT(*) AS n, COALESCE(SUM(CASE WHEN is_primary THEN 1 ELSE 0 END), 0) AS p, COALESCE(MAX(sort_order), 0) AS m
			FROM service_representatives WHERE vendor_id = ?`, r.VendorID).Scan(ctx, &st); err != nil {
			return fmt.Errorf("count representatives: %w", err)
		}
		if st.N >= maxReps {
			return apperr.New(apperr.Conflict, vendorprofile.MsgTooManyReps)
		}
		r.IsPrimary, r.SortOrder = st.Primary == 0, st.MaxSort+1
		row := representativeRowOf(r)
		if row.Specialties == nil {
			row.Specialties = []string{}
		}
		return insertModel(ctx, tx, &row, "insert representative")
	})
	return repsOut([]catalog.Representative{r})[0], err
}

// UpdateRepresentative writes a representative's details (not its vendor, primary mark or order).
func (db VendorProfiles) UpdateRepresentative(ctx context.Context, r catalog.Representative, c vendorprofile.Change) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		row := representativeRowOf(r)
		if row.Specialties == nil {
			row.Specialties = []string{}
		}
		res, err := tx.NewUpdate().Model(&row).WherePK().Where("vendor_id = ?", r.VendorID).
			Column("name", "title", "email", "phone", "website", "profile_picture_url", "license_number", "license_state",
				"years_experience", "specialties", "location").Exec(ctx)
		if err := oneChanged(res, err, "update representative", apperr.New(apperr.NotFound, vendorprofile.MsgRepAbsent)); err != nil {
			return err
		}
		return recordChange(ctx, tx, c)
	})
}

// SetPrimaryRepresentative moves the vendor's primary mark to id (and makes it active). The
// unique index service_representatives_primary_key refuses a second primary whatever happens.
func (db VendorProfiles) SetPrimaryRepresentative(ctx context.Context, vendorID, id string, c vendorprofile.Change) error {
	return db.changeVendorList(ctx, "vendor-representatives", vendorID, c, func(ctx context.Context, tx Q) error {
		if _, err := tx.NewUpdate().Model((*representativeRow)(nil)).Set("is_primary = ?", false).
			Where("vendor_id = ? AND is_primary AND id <> ?", vendorID, id).Exec(ctx); err != nil {
			return fmt.Errorf("clear primary representative: %w", err)
		}
		res, err := tx.NewUpdate().Model((*representativeRow)(nil)).Set("is_primary = ?", true).Set("is_active = ?", true).
			Where("vendor_id = ? AND id = ?", vendorID, id).Exec(ctx)
		if err := oneChanged(res, err, "set primary representative", apperr.New(apperr.NotFound, vendorprofile.MsgRepAbsent)); err != nil {
			return err
		}
		return nil
	})
}

// RemoveRepresentative deletes a representative; when it was the primary, the next active one
// (by sort order and name) becomes primary.
func (db VendorProfiles) RemoveRepresentative(ctx context.Context, vendorID, id string, c vendorprofile.Change) error {
	return db.changeVendorList(ctx, "vendor-representatives", vendorID, c, func(ctx context.Context, tx Q) error {
		var r representativeRow
		if err := tx.NewSelect().Model(&r).Where("vendor_id = ? AND id = ?", vendorID, id).Scan(ctx); err != nil {
			return notFound(err, "representative")
		}
		if _, err := tx.NewDelete().Model((*representativeRow)(nil)).Where("id = ?", id).Exec(ctx); err != nil {
			return fmt.Errorf("remove representative: %w", err)
		}
		if r.IsPrimary {
			var next []string
			if err := tx.NewSelect().Model((*representativeRow)(nil)).Column("id").Where("vendor_id = ?", vendorID).
				OrderExpr("is_active DESC, sort_order ASC, name ASC, id ASC").Limit(1).Scan(ctx, &next); err != nil {
				return fmt.Errorf("read next representative: %w", err)
			}
			if len(next) == 1 {
				if _, err := tx.NewUpdate().Model((*representativeRow)(nil)).Set("is_primary = ?", true).Set("is_active = ?", true).
					Where("id = ?", next[0]).Exec(ctx); err != nil {
					return fmt.Errorf("promote representative: %w", err)
				}
			}
		}
		return nil
	})
}

// SeededQuestions lists a vendor's evaluation questions by number; with defaults, a vendor
// without questions gets them first (seed_vendor_questions) in one transaction.
func (db VendorProfiles) SeededQuestions(ctx context.Context, vendorID string, defaults []string, at time.Time) ([]catalog.VendorQuestion, error) {
	if len(defaults) > 0 {
		if err := db.InTx(ctx, func(ctx context.Context) error {
			_, err := NewCatalog(db.DB).SeedVendorQuestions(ctx, vendorID, defaults)
			return err
		}); err != nil {
			return nil, err
		}
	}
	return NewCatalog(db.DB).VendorQuestions(ctx, vendorID)
}

func questionNumbers(ctx context.Context, tx bun.IDB, vendorID string) ([]int, error) {
	nums := []int{}
	if err := tx.NewSelect().Model((*vendorQuestionRow)(nil)).Column("question_number").Where("vendor_id = ?", vendorID).
		Order("question_number").Scan(ctx, &nums); err != nil {
		return nil, fmt.Errorf("read question numbers: %w", err)
	}
	return nums, nil
}

// AddQuestion adds a question after the last; a vendor with max questions is a conflict.
func (db VendorProfiles) AddQuestion(ctx context.Context, vendorID string, q vendorprofile.VendorQuestionInput, maxQuestions int, c vendorprofile.Change) (catalog.VendorQuestion, error) {
	out := catalog.VendorQuestion{VendorID: vendorID, QuestionText: q.QuestionText, AnswerText: q.AnswerText, UpdatedAt: c.At}
	err := db.changeVendorList(ctx, "vendor-questions", vendorID, c, func(ctx context.Context, tx Q) error {
		nums, err := questionNumbers(ctx, tx, vendorID)
		if err != nil {
			return err
		}
		if len(nums) >= maxQuestions {
			return apperr.New(apperr.Conflict, vendorprofile.MsgTooManyQuestions)
		}
		out.QuestionNumber = 1
		if len(nums) > 0 {
			out.QuestionNumber = nums[len(nums)-1] + 1
		}
		row := vendorQuestionRowOf(out)
		return insertModel(ctx, tx, &row, "insert question")
	})
	return out, err
}

// EditQuestion changes a question's text and answer.
func (db VendorProfiles) EditQuestion(ctx context.Context, vendorID string, number int, q vendorprofile.VendorQuestionInput, c vendorprofile.Change) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		res, err := tx.NewUpdate().Model((*vendorQuestionRow)(nil)).Set("question_text = ?", q.QuestionText).Set("answer_text = ?", q.AnswerText).
			Set("updated_at = ?", c.At).Where("vendor_id = ? AND question_number = ?", vendorID, number).Exec(ctx)
		if err := oneChanged(res, err, "update question", apperr.New(apperr.NotFound, vendorprofile.MsgQuestionAbsent)); err != nil {
			return err
		}
		return recordChange(ctx, tx, c)
	})
}

// renumber gives the questions numbered order[i] the numbers i+1 (every question of the vendor
// must be listed): first out of the way (+1000), then into place, so the primary key never
// sees two rows with one number.
func renumber(ctx context.Context, tx bun.IDB, vendorID string, order []int, at time.Time) error {
	if _, err := tx.NewUpdate().Model((*vendorQuestionRow)(nil)).Set("question_number = question_number + 1000").
		Where("vendor_id = ?", vendorID).Exec(ctx); err != nil {
		return fmt.Errorf("move questions aside: %w", err)
	}
	for i, old := range order {
		if _, err := tx.NewUpdate().Model((*vendorQuestionRow)(nil)).Set("question_number = ?", i+1).Set("updated_at = ?", at).
			Where("vendor_id = ? AND question_number = ?", vendorID, old+1000).Exec(ctx); err != nil {
			return fmt.Errorf("renumber question: %w", err)
		}
	}
	return nil
}

// ReorderQuestions renumbers the questions: order[i] (a current number) becomes number i+1.
func (db VendorProfiles) ReorderQuestions(ctx context.Context, vendorID string, order []int, c vendorprofile.Change) error {
	return db.changeVendorList(ctx, "vendor-questions", vendorID, c, func(ctx context.Context, tx Q) error {
		nums, err := questionNumbers(ctx, tx, vendorID)
		if err != nil {
			return err
		}
		if !vendorprofile.CheckOrder(order, nums) {
			return apperr.Field("order", "vendorProfile.order", vendorprofile.MsgOrder)
		}
		if err := renumber(ctx, tx, vendorID, order, c.At); err != nil {
			return err
		}
		return nil
	})
}

// RemoveQuestion deletes a question and numbers the rest 1..n; the last question stays.
func (db VendorProfiles) RemoveQuestion(ctx context.Context, vendorID string, number int, c vendorprofile.Change) error {
	return db.changeVendorList(ctx, "vendor-questions", vendorID, c, func(ctx context.Context, tx Q) error {
		nums, err := questionNumbers(ctx, tx, vendorID)
		if err != nil {
			return err
		}
		rest := make([]int, 0, len(nums))
		found := false
		for _, n := range nums {
			if n == number {
				found = true
				continue
			}
			rest = append(rest, n)
		}
		switch {
		case !found:
			return apperr.New(apperr.NotFound, vendorprofile.MsgQuestionAbsent)
		case len(rest) == 0:
			return apperr.New(apperr.Conflict, vendorprofile.MsgLastQuestion)
		}
		if _, err := tx.NewDelete().Model((*vendorQuestionRow)(nil)).Where("vendor_id = ? AND question_number = ?", vendorID, number).Exec(ctx); err != nil {
			return fmt.Errorf("remove question: %w", err)
		}
		if err := renumber(ctx, tx, vendorID, rest, c.At); err != nil {
			return err
		}
		return nil
	})
}
