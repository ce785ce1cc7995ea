package httpapi

import (
	"context"

	"circle/internal/catalog"
	"circle/internal/catalogwrite"
	"circle/internal/vendorprofile"
	"circle/internal/vendorreg"
)

// VendorProfileArea is the Profile, Representatives and Questions tabs of /vendor-dashboard
// and the Add New Product dialog (issue 30 items 2 and 4, F-AREA-01, F-ENG-06). Every route is
// for vendors (an agent is 403 at the role check); the use cases read the vendor or the
// representative first and answer 404 when the caller does not own it (administrators may edit
// any), so nobody learns another vendor's rows exist.
type VendorProfileArea struct {
	Profiles *vendorprofile.Service
	Writes   *catalogwrite.Service
}

const (
	sumListVendorProfiles = "The profiles of the vendors the caller owns"
	sumUpdateVendorProf   = "Change what one of the caller's vendors may change alone"
	sumListVendorReps     = "One of the caller's vendors' representatives, primary first"
	sumAddRep             = "Add a representative to one of the caller's vendors"
	sumUpdateVendorRep    = "Change one of the caller's representatives"
	sumPrimaryVendorRep   = "Make a representative its vendor's one primary"
	sumRemoveVendorRep    = "Remove one of the caller's representatives"
	sumListVendorQs       = "One of the caller's vendors' evaluation questions, by number"
	sumAddVendorQ         = "Add an evaluation question after the last"
	sumEditVendorQ        = "Change an evaluation question and its answer"
	sumReorderVendorQs    = "Put the evaluation questions in a new order"
	sumRemoveVendorQ      = "Remove an evaluation question"
	sumAddVendorProduct   = "Add a product with the Add New Product dialog (a draft service)"
)

// Register declares the area's routes.
func (h *VendorProfileArea) Register(r *Router) {
	const tag = "vendors"
	productSignIn := vendor.signInAs(catalogwrite.MsgProductSignIn)
	get(r, "/api/vendor/profiles", "list-vendor-profiles", sumListVendorProfiles, tag, vendor, h.profiles)
	put(r, "/api/vendor/profiles/{id}", "update-vendor-profile", sumUpdateVendorProf, tag, vendor, h.updateProfile, maxKB(16))
	get(r, "/api/vendor/profiles/{id}/representatives", "list-vendor-representatives", sumListVendorReps, tag, vendor, h.reps)
	post(r, "/api/vendor/profiles/{id}/representatives", "add-vendor-representative", sumAddRep, tag, vendor, h.addRep, created, maxKB(16))
	put(r, "/api/vendor/representatives/{id}", "update-vendor-representative", sumUpdateVendorRep, tag, vendor, h.updateRep, maxKB(16))
	post(r, "/api/vendor/representatives/{id}/primary", "set-primary-representative", sumPrimaryVendorRep, tag, vendor, h.primary)
	del(r, "/api/vendor/representatives/{id}", "remove-vendor-representative", sumRemoveVendorRep, tag, vendor, h.removeRep)
	get(r, "/api/vendor/profiles/{id}/questions", "list-vendor-questions", sumListVendorQs, tag, vendor, h.questions)
	post(r, "/api/vendor/profiles/{id}/questions", "add-vendor-question", sumAddVendorQ, tag, vendor, h.addQuestion, created, maxKB(32))
	put(r, "/api/vendor/profiles/{id}/questions/{number}", "edit-vendor-question", sumEditVendorQ, tag, vendor, h.editQuestion, maxKB(32))
	post(r, "/api/vendor/profiles/{id}/questions/order", "reorder-vendor-questions", sumReorderVendorQs, tag, vendor, h.reorder, maxKB(4))
	del(r, "/api/vendor/profiles/{id}/questions/{number}", "remove-vendor-question", sumRemoveVendorQ, tag, vendor, h.removeQuestion)
	post(r, "/api/vendor/products", "add-vendor-product", sumAddVendorProduct, tag, productSignIn, h.addProduct, created, maxKB(16))
}

type vendorProfilesOutputBody struct {
	Profiles []vendorprofile.VendorProfile `json:"profiles"`
	States   []string                      `json:"states" doc:"The service-area choices: the 50 states and DC"`
}

type vendorProfilesOutput = bodyOutput[vendorProfilesOutputBody]

func (h *VendorProfileArea) profiles(ctx context.Context, _ *struct{}) (*vendorProfilesOutput, error) {
	ps, err := h.Profiles.Profiles(ctx, callerOf(ctx))
	return answer(vendorProfilesOutputBody{Profiles: ps, States: vendorreg.States}, err)
}

type vendorProfileIDInput struct {
	ID string `path:"id" maxLength:"100"`
}

type updateVendorProfileInput struct {
	ID   string `path:"id" maxLength:"100"`
	Body vendorprofile.VendorProfileInput
}

type vendorProfileOutput = bodyOutput[vendorprofile.VendorProfile]

func (h *VendorProfileArea) updateProfile(ctx context.Context, in *updateVendorProfileInput) (*vendorProfileOutput, error) {
	return answer(h.Profiles.UpdateProfile(ctx, callerOf(ctx), in.ID, in.Body))
}

type vendorRepsOutputBody struct {
	Representatives []catalog.Representative `json:"representatives"`
}

type vendorRepsOutput = bodyOutput[vendorRepsOutputBody]

func repsOutput(rs []catalog.Representative, err error) (*vendorRepsOutput, error) {
	return answer(vendorRepsOutputBody{Representatives: rs}, err)
}

func (h *VendorProfileArea) reps(ctx context.Context, in *vendorProfileIDInput) (*vendorRepsOutput, error) {
	return repsOutput(h.Profiles.Representatives(ctx, callerOf(ctx), in.ID))
}

type vendorRepInput struct {
	ID   string `path:"id" maxLength:"100"`
	Body vendorprofile.RepresentativeInput
}

type vendorRepOutput = bodyOutput[catalog.Representative]

func (h *VendorProfileArea) addRep(ctx context.Context, in *vendorRepInput) (*vendorRepOutput, error) {
	return answer(h.Profiles.AddRepresentative(ctx, callerOf(ctx), in.ID, in.Body))
}

func (h *VendorProfileArea) updateRep(ctx context.Context, in *vendorRepInput) (*vendorRepOutput, error) {
	return answer(h.Profiles.UpdateRepresentative(ctx, callerOf(ctx), in.ID, in.Body))
}

func (h *VendorProfileArea) primary(ctx context.Context, in *vendorProfileIDInput) (*vendorRepsOutput, error) {
	return repsOutput(h.Profiles.SetPrimary(ctx, callerOf(ctx), in.ID))
}

func (h *VendorProfileArea) removeRep(ctx context.Context, in *vendorProfileIDInput) (*vendorRepsOutput, error) {
	return repsOutput(h.Profiles.RemoveRepresentative(ctx, callerOf(ctx), in.ID))
}

type vendorQuestionsOutputBody struct {
	Questions []catalog.VendorQuestion `json:"questions"`
	Max       int                      `json:"max" doc:"The most questions a vendor asks"`
}

type vendorQuestionsOutput = bodyOutput[vendorQuestionsOutputBody]

func questionsOutput(qs []catalog.VendorQuestion, err error) (*vendorQuestionsOutput, error) {
	return answer(vendorQuestionsOutputBody{Questions: qs, Max: vendorprofile.MaxQuestions}, err)
}

func (h *VendorProfileArea) questions(ctx context.Context, in *vendorProfileIDInput) (*vendorQuestionsOutput, error) {
	return questionsOutput(h.Profiles.Questions(ctx, callerOf(ctx), in.ID))
}

type addVendorQuestionInput struct {
	ID   string `path:"id" maxLength:"100"`
	Body vendorprofile.VendorQuestionInput
}

func (h *VendorProfileArea) addQuestion(ctx context.Context, in *addVendorQuestionInput) (*vendorQuestionsOutput, error) {
	return questionsOutput(h.Profiles.AddQuestion(ctx, callerOf(ctx), in.ID, in.Body))
}

type editVendorQuestionInput struct {
	ID     string `path:"id" maxLength:"100"`
	Number int    `path:"number" minimum:"1" maximum:"1000"`
	Body   vendorprofile.VendorQuestionInput
}

func (h *VendorProfileArea) editQuestion(ctx context.Context, in *editVendorQuestionInput) (*vendorQuestionsOutput, error) {
	return questionsOutput(h.Profiles.EditQuestion(ctx, callerOf(ctx), in.ID, in.Number, in.Body))
}

type reorderVendorQuestionsInput struct {
	ID   string `path:"id" maxLength:"100"`
	Body struct {
		Order []int `json:"order" maxItems:"50" doc:"The current question numbers in their new order, each once"`
	}
}

func (h *VendorProfileArea) reorder(ctx context.Context, in *reorderVendorQuestionsInput) (*vendorQuestionsOutput, error) {
	return questionsOutput(h.Profiles.ReorderQuestions(ctx, callerOf(ctx), in.ID, in.Body.Order))
}

type vendorQuestionNumberInput struct {
	ID     string `path:"id" maxLength:"100"`
	Number int    `path:"number" minimum:"1" maximum:"1000"`
}

func (h *VendorProfileArea) removeQuestion(ctx context.Context, in *vendorQuestionNumberInput) (*vendorQuestionsOutput, error) {
	return questionsOutput(h.Profiles.RemoveQuestion(ctx, callerOf(ctx), in.ID, in.Number))
}

type addVendorProductInput struct {
	Body catalogwrite.ProductInput
}

func (h *VendorProfileArea) addProduct(ctx context.Context, in *addVendorProductInput) (*vendorServiceOutput, error) {
	return answer(h.Writes.AddProduct(ctx, callerOf(ctx), in.Body))
}
