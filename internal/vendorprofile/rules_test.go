package vendorprofile

import (
	"testing"

	"circle/internal/apperr"
)

func fields(err error) map[string]string {
	out := map[string]string{}
	if e, ok := apperr.As(err); ok {
		for _, f := range e.Fields {
			out[f.Field] = f.Message
		}
	}
	return out
}

func TestF_AREA_01_RepresentativeRules(t *testing.T) {
	in, err := CheckRepresentative(RepresentativeInput{Name: " <i>Ana</i> Ruiz ", LicenseNumber: "RE-1", LicenseState: "fl", PhotoURL: "/demo/reps/ana.jpg",
		Specialties: []string{"Condos", "Condos", "", "<b>Waterfront</b>"}})
	if err != nil || in.Name != "Ana Ruiz" || in.LicenseState != "FL" || len(in.Specialties) != 2 || in.Specialties[1] != "Waterfront" {
		t.Fatalf("good representative: %+v %v", in, err)
	}
	_, err = CheckRepresentative(RepresentativeInput{Name: "Al", LicenseState: "XX", PhotoURL: "//evil.example/a.jpg", Title: string(make([]rune, 101)), Specialties: make([]string, 0)})
	got := fields(err)
	if got["license_state"] != "Licence state has invalid format" || got["profile_picture_url"] != "Invalid URL format" || got["title"] != "Title must be no more than 100 characters" {
		t.Fatalf("bad representative: %v", got)
	}
}

func TestF_AREA_01_QuestionOrder(t *testing.T) {
	cases := []struct {
		order, current []int
		ok             bool
	}{
		{[]int{2, 1, 3}, []int{1, 2, 3}, true},
		{[]int{1, 2}, []int{1, 2, 3}, false},
		{[]int{1, 1, 3}, []int{1, 2, 3}, false},
		{[]int{4, 2, 1}, []int{1, 2, 3}, false},
		{[]int{7, 3}, []int{3, 7}, true},
	}
	for _, c := range cases {
		if got := CheckOrder(c.order, c.current); got != c.ok {
			t.Errorf("CheckOrder(%v, %v) = %v", c.order, c.current, got)
		}
	}
	if _, err := CheckQuestion(VendorQuestionInput{QuestionText: "Why?"}); fields(err)["question_text"] != "Question must be at least 5 characters" {
		t.Fatalf("short question: %v", err)
	}
}
