package demo

import (
	"circle/internal/lender"
	"circle/internal/store"
)

// demoLenders are the lender marketplace's profiles of the demo lenders (issue 32 item 2):
// the loan types each offers, typical days to close and the lowest credit score it takes.
var demoLenders = []struct {
	slug                 string
	types                []lender.LoanType
	closeDays, creditMin int
}{
	{"harborline", []lender.LoanType{lender.Conventional, lender.FHA, lender.VA, lender.Jumbo}, 21, 580},
	{"summitridge", []lender.LoanType{lender.Conventional, lender.FHA, lender.VA, lender.Renovation}, 30, 620},
	{"lakeshore", []lender.LoanType{lender.Conventional, lender.NonQM}, 35, 600},
	{"prairiefederal", []lender.LoanType{lender.Conventional, lender.FHA, lender.VA}, 25, 600},
	{"coastlinevets", []lender.LoanType{lender.Conventional, lender.FHA, lender.VA, lender.Jumbo}, 28, 580},
	{"evergreenjumbo", []lender.LoanType{lender.Conventional, lender.Jumbo, lender.NonQM}, 32, 660},
}

// LenderProfiles are the demo lenders' profiles.
func LenderProfiles() []store.LenderProfile {
	out := make([]store.LenderProfile, 0, len(demoLenders))
	for _, l := range demoLenders {
		out = append(out, store.LenderProfile{VendorID: vendorID(l.slug), LoanTypes: l.types, AvgCloseDays: l.closeDays, MinCreditScore: l.creditMin})
	}
	return out
}
