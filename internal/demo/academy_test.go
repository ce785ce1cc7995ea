package demo_test

import (
	"reflect"
	"testing"
	"time"

	"circle/internal/academy"
	"circle/internal/demo"
)

// TestF_AREA_05_DemoCourses: at least three published courses (one Pro-only, one by the demo
// creator), each with three or more lessons and a quiz, titles in en/es/fr, and every text
// kept by the editor's sanitiser and rules (a second CheckCourse changes nothing).
func TestF_AREA_05_DemoCourses(t *testing.T) {
	cs := demo.AcademyCourses(time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC))
	pro, byCreator := 0, 0
	for _, c := range cs {
		if c.ProOnly {
			pro++
		}
		if c.AuthorID == "usr-demo-creator" {
			byCreator++
		}
		if len(c.Lessons) < 3 || len(c.Questions) < 3 || c.Title.Es == "" || c.Title.Fr == "" || c.Status != academy.StatusPublished {
			t.Errorf("%s: %d lessons, %d questions, titles %+v", c.Slug, len(c.Lessons), len(c.Questions), c.Title)
		}
		for _, l := range c.Lessons {
			if l.Title.Es == "" || l.Title.Fr == "" {
				t.Errorf("%s %s: untranslated title", c.Slug, l.ID)
			}
		}
		checked, err := academy.CheckCourse(c)
		if err != nil {
			t.Fatalf("%s: %v", c.Slug, err)
		}
		if !reflect.DeepEqual(checked, c) {
			t.Errorf("%s changes under CheckCourse", c.Slug)
		}
	}
	if len(cs) < 3 || pro < 1 || byCreator < 1 {
		t.Fatalf("%d courses, %d Pro-only, %d by the creator", len(cs), pro, byCreator)
	}
}
