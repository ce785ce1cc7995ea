package lender_test

import (
	"context"
	"slices"
	"testing"

	"circle/internal/apperr"
	"circle/internal/demo/demotest"
	"circle/internal/lender"
	"circle/internal/store"
)

func lenderIDs(l lender.LenderList) []string {
	out := []string{}
	for _, x := range l.Lenders {
		out = append(out, x.ID)
	}
	return out
}

// TestF_AREA_05_LenderFilters (issue 32 item 2): the demo lenders filtered by state, loan type,
// co-pay availability and rating, alone and together, on SQLite and PostgreSQL; a lender of
// another vendor type, a pending or inactive lender and one without a profile are not listed;
// bad filters are refused naming the field; comparing takes at most three.
func TestF_AREA_05_LenderFilters(t *testing.T) {
	demotest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := &lender.Service{Store: store.NewLenders(db)}
		list := func(f lender.Filter) []string {
			t.Helper()
			l, err := svc.List(ctx, f, "en")
			if err != nil {
				t.Fatalf("%+v: %v", f, err)
			}
			if l.Total != len(l.Lenders) {
				t.Fatalf("total %d of %d", l.Total, len(l.Lenders))
			}
			return lenderIDs(l)
		}
		all := list(lender.Filter{})
		want := []string{"ven-harborline", "ven-summitridge", "ven-prairiefederal", "ven-coastlinevets", "ven-evergreenjumbo"}
		for _, id := range want {
			if !slices.Contains(all, id) {
				t.Errorf("all lenders %v lack %s", all, id)
			}
		}
		// Lakeshore is pending: listed only once approved.
		if slices.Contains(all, "ven-lakeshore") || len(all) != len(want) {
			t.Errorf("all lenders = %v", all)
		}
		if got := list(lender.Filter{State: "tx"}); !slices.Equal(got, []string{"ven-harborline"}) {
			t.Errorf("TX = %v", got)
		}
		if got := list(lender.Filter{State: "CO"}); !slices.Equal(got, []string{"ven-harborline", "ven-summitridge"}) {
			t.Errorf("CO = %v", got)
		}
		// "VA" the state is not "VA" the loan type: Coastline serves Virginia.
		if got := list(lender.Filter{State: "VA"}); !slices.Equal(got, []string{"ven-coastlinevets"}) {
			t.Errorf("state VA = %v", got)
		}
		if got := list(lender.Filter{LoanType: lender.Renovation}); !slices.Equal(got, []string{"ven-summitridge"}) {
			t.Errorf("renovation = %v", got)
		}
		if got := list(lender.Filter{LoanType: lender.Jumbo}); len(got) != 3 || slices.Contains(got, "ven-summitridge") {
			t.Errorf("jumbo = %v", got)
		}
		copay := list(lender.Filter{CoPay: true})
		if slices.Contains(copay, "ven-evergreenjumbo") || !slices.Contains(copay, "ven-harborline") || len(copay) != 4 {
			t.Errorf("co-pay = %v", copay)
		}
		if got := list(lender.Filter{LoanType: lender.NonQM, CoPay: true}); len(got) != 0 {
			t.Errorf("non-QM with co-pay = %v", got)
		}
		// Rating: only lenders with reviews, at or above the minimum.
		l, _ := svc.List(ctx, lender.Filter{}, "en")
		for _, x := range l.Lenders {
			if x.ID == "ven-harborline" && (x.ReviewCount == 0 || x.Rating < 1 || x.Rating > 5 || x.NMLSID != "1839204") {
				t.Errorf("harborline card %+v", x)
			}
			if x.RespaKind != "ssp" || x.CapPercent != 20 {
				t.Errorf("%s RESPA %s %d", x.ID, x.RespaKind, x.CapPercent)
			}
		}
		rated := list(lender.Filter{MinRatingTenths: 10})
		for _, x := range l.Lenders {
			if (x.ReviewCount > 0) != slices.Contains(rated, x.ID) {
				t.Errorf("rating >= 1: %v, %s has %d reviews", rated, x.ID, x.ReviewCount)
			}
			above := list(lender.Filter{MinRatingTenths: int(x.Rating*10 + 0.5)})
			if x.ReviewCount > 0 && !slices.Contains(above, x.ID) {
				t.Errorf("%s (%.1f) not in rating >= itself: %v", x.ID, x.Rating, above)
			}
		}
		if got := list(lender.Filter{MinRatingTenths: 50, State: "TX"}); len(got) > 1 {
			t.Errorf("5 stars in TX = %v", got)
		}
		for _, bad := range []struct {
			f     lender.Filter
			field string
		}{{lender.Filter{State: "XX"}, "state"}, {lender.Filter{LoanType: "arm"}, "loan_type"}, {lender.Filter{MinRatingTenths: 51}, "min_rating"}} {
			_, err := svc.List(ctx, bad.f, "en")
			if e, ok := apperr.As(err); !ok || e.Code != apperr.Invalid || e.Fields[0].Field != bad.field {
				t.Errorf("%+v: %v", bad.f, err)
			}
		}
		// Compare: in the order asked, names in the viewer's language, three at most.
		two, err := svc.Compare(ctx, []string{"ven-summitridge", "ven-harborline", "ven-summitridge"}, "es")
		if err != nil || len(two) != 2 || two[0].ID != "ven-summitridge" || two[0].Name != "Grupo Hipotecario Summit Ridge" ||
			!slices.Equal(two[0].LoanTypes, []lender.LoanType{lender.Conventional, lender.FHA, lender.VA, lender.Renovation}) {
			t.Fatalf("compare two: %+v %v", two, err)
		}
		if _, err := svc.Compare(ctx, []string{"ven-harborline", "ven-summitridge", "ven-prairiefederal", "ven-coastlinevets"}, "en"); apperr.CodeOf(err) != apperr.Invalid {
			t.Errorf("compare four: %v", err)
		}
		if _, err := svc.Compare(ctx, []string{"ven-harborline", "ven-closingbell"}, "en"); apperr.CodeOf(err) != apperr.NotFound {
			t.Errorf("compare a title company: %v", err)
		}
		// Profiles replaced: loan types follow the last save.
		if err := store.NewLenders(db).SaveLenderProfile(ctx, store.LenderProfile{VendorID: "ven-evergreenjumbo", LoanTypes: []lender.LoanType{lender.Renovation}, AvgCloseDays: 40}); err != nil {
			t.Fatal(err)
		}
		if got := list(lender.Filter{LoanType: lender.Renovation}); !slices.Equal(got, []string{"ven-summitridge", "ven-evergreenjumbo"}) {
			t.Errorf("renovation after save = %v", got)
		}
		if got := list(lender.Filter{LoanType: lender.Jumbo}); slices.Contains(got, "ven-evergreenjumbo") {
			t.Errorf("jumbo after save = %v", got)
		}
	})
}
