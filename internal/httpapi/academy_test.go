package httpapi_test

import (
	"strings"
	"testing"

	"circle/internal/academy"
	"circle/internal/store"
)

func academyCourseBody(slug string, proOnly bool) map[string]any {
	text := func(en string) map[string]any { return map[string]any{"en": en, "es": "", "fr": ""} }
	return map[string]any{
		"slug": slug, "title": text("Farming a neighborhood"), "summary": text("Pick a farm, mail it, show up."), "level": "beginner",
		"pro_only": proOnly, "pass_mark": 70, "status": "published",
		"lessons": []map[string]any{
			{"title": text("Pick the farm"), "minutes": 5, "body": "<p>Turnover <em>above 6%</em>.</p><img src=x onerror=alert(1)>", "files": []any{}},
			{"title": text("Mail it"), "minutes": 5, "body": "<p>Every month.</p>", "files": []any{}},
		},
		"questions": []map[string]any{
			{"prompt": "What turnover makes a good farm?", "options": []string{"Above 6%", "Below 1%"}, "correct": 0, "explanation": "Enough sales to matter."},
			{"prompt": "How often do you mail?", "options": []string{"Once", "Every month"}, "correct": 1},
		},
	}
}

// TestF_AREA_05_AcademyThroughTheAPI (issue 32 item 1): a creator authors a course (sanitised,
// theirs alone to edit; administrators edit every course), an agent enrols, reads a lesson,
// marks it done, takes the quiz whose answers never appear before submission, and gets a
// certificate only after every lesson and a pass; another member sees none of that progress;
// a Pro-only course refuses a member without Pro on the server. Both engines.
func TestF_AREA_05_AcademyThroughTheAPI(t *testing.T) {
	acctEachEngine(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		pro, _, _ := acctBrowser(t, a, "pro@demo.test")
		creator, _, _ := acctBrowser(t, a, "creator@demo.test")
		admin, _, _ := acctBrowser(t, a, "admin@demo.test")
		vendor, _, _ := acctBrowser(t, a, "vendor@demo.test")

		// Authoring: members and vendors are refused; the creator's course is sanitised.
		if res := call(t, a, agent, "POST", "/api/academy/authoring/courses", academyCourseBody("farming", false)); res.Status != 403 {
			t.Fatalf("agent authors: %d", res.Status)
		}
		if res := call(t, a, vendor, "GET", "/api/academy/authoring/courses", nil); res.Status != 403 {
			t.Fatalf("vendor lists: %d", res.Status)
		}
		var c academy.AcademyCourse
		res := call(t, a, creator, "POST", "/api/academy/authoring/courses", academyCourseBody("farming", false))
		res.JSON(t, &c)
		if res.Status != 201 || strings.Contains(c.Lessons[0].Body, "onerror") || strings.Contains(c.Lessons[0].Body, "<img") || c.Lessons[0].Body != "<p>Turnover <em>above 6%</em>.</p>" {
			t.Fatalf("create: %d %s", res.Status, res.Body)
		}
		wantError(t, call(t, a, creator, "POST", "/api/academy/authoring/courses", academyCourseBody("farming", false)), 409, "slug", academy.KeySlugTaken, "")
		// The administrator's own course, Pro-only; the creator may not edit it.
		var proCourse academy.AcademyCourse
		call(t, a, admin, "POST", "/api/academy/authoring/courses", academyCourseBody("pro-farming", true)).JSON(t, &proCourse)
		if res := call(t, a, creator, "PUT", "/api/academy/authoring/courses/"+proCourse.ID, academyCourseBody("pro-farming", false)); res.Status != 403 {
			t.Fatalf("creator edits another's course: %d", res.Status)
		}
		if res := call(t, a, creator, "GET", "/api/academy/authoring/courses/"+proCourse.ID, nil); res.Status != 403 {
			t.Fatalf("creator reads another's draft: %d", res.Status)
		}
		edit := academyCourseBody("farming", false)
		edit["summary"] = map[string]any{"en": "Edited by staff.", "es": "", "fr": ""}
		if res := call(t, a, admin, "PUT", "/api/academy/authoring/courses/"+c.ID, edit); res.Status != 200 {
			t.Fatalf("admin edits: %d %s", res.Status, res.Body)
		}
		call(t, a, creator, "GET", "/api/academy/authoring/courses/"+c.ID, nil).JSON(t, &c)

		// The catalogue is public; a visitor cannot enrol.
		if res := call(t, a, nil, "GET", "/api/academy/courses/farming", nil); res.Status != 200 || strings.Contains(string(res.Body), "Turnover") {
			t.Fatalf("visitor's course page: %d %s", res.Status, res.Body)
		}
		if res := call(t, a, nil, "POST", "/api/academy/courses/farming/enroll", nil); res.Status != 401 {
			t.Fatalf("visitor enrols: %d", res.Status)
		}
		lessonPath := "/api/academy/courses/farming/lessons/"
		wantError(t, call(t, a, agent, "GET", lessonPath+c.Lessons[0].ID, nil), 403, "course", academy.KeyNotEnrolled, "")
		if res := call(t, a, agent, "POST", "/api/academy/courses/farming/enroll", nil); res.Status != 200 {
			t.Fatalf("enrol: %d %s", res.Status, res.Body)
		}
		var l academy.LessonView
		call(t, a, agent, "GET", lessonPath+c.Lessons[0].ID, nil).JSON(t, &l)
		if l.Body != c.Lessons[0].Body || l.NextID != c.Lessons[1].ID {
			t.Fatalf("lesson: %+v", l)
		}
		var p academy.CourseProgress
		call(t, a, agent, "POST", lessonPath+c.Lessons[0].ID+"/complete", nil).JSON(t, &p)
		if p.Percent != 50 || p.CertificateID != "" {
			t.Fatalf("progress: %+v", p)
		}
		// The quiz as sent out has no answers.
		res = call(t, a, agent, "GET", "/api/academy/courses/farming/quiz", nil)
		if res.Status != 200 || strings.Contains(string(res.Body), "correct") || strings.Contains(string(res.Body), "explanation") || strings.Contains(string(res.Body), "Enough sales") {
			t.Fatalf("quiz leaks answers: %d %s", res.Status, res.Body)
		}
		wantError(t, call(t, a, agent, "POST", "/api/academy/courses/farming/quiz", map[string]any{"answers": []int{0}}), 400, "answers", academy.KeyAnswers, "")
		var r academy.QuizResult
		call(t, a, agent, "POST", "/api/academy/courses/farming/quiz", map[string]any{"answers": []int{0, 0}}).JSON(t, &r)
		if r.Passed || r.Percent != 50 || r.Review[1].CorrectOption != nil {
			t.Fatalf("failed attempt: %+v", r)
		}
		call(t, a, agent, "POST", "/api/academy/courses/farming/quiz", map[string]any{"answers": []int{0, 1}}).JSON(t, &r)
		if !r.Passed || r.CourseProgress.CertificateID != "" {
			t.Fatalf("pass before the last lesson: %+v", r)
		}
		call(t, a, agent, "POST", lessonPath+c.Lessons[1].ID+"/complete", nil).JSON(t, &p)
		if !p.Complete || p.CertificateID == "" {
			t.Fatalf("complete: %+v", p)
		}
		// The certificate shows the name, course and date to anyone with its id, and no more.
		res = call(t, a, nil, "GET", "/api/academy/certificates/"+p.CertificateID, nil)
		var cert academy.Certificate
		res.JSON(t, &cert)
		if res.Status != 200 || cert.MemberName == "" || cert.CourseSlug != "farming" || strings.Contains(string(res.Body), "usr-demo-agent") || strings.Contains(string(res.Body), "@demo.test") {
			t.Fatalf("certificate: %d %s", res.Status, res.Body)
		}
		// Another member sees none of the agent's progress and cannot read the agent's lessons.
		var v academy.CourseView
		call(t, a, pro, "GET", "/api/academy/courses/farming", nil).JSON(t, &v)
		if v.Enrolled || v.Percent != 0 || v.CertificateID != "" || v.BestPercent != nil || v.Lessons[0].Done {
			t.Fatalf("pro sees the agent's progress: %+v", v)
		}
		wantError(t, call(t, a, pro, "GET", lessonPath+c.Lessons[0].ID, nil), 403, "course", academy.KeyNotEnrolled, "")

		// Pro lock on the server.
		call(t, a, agent, "GET", "/api/academy/courses/pro-farming", nil).JSON(t, &v)
		if !v.Locked {
			t.Fatalf("not locked for the agent: %+v", v)
		}
		wantError(t, call(t, a, agent, "POST", "/api/academy/courses/pro-farming/enroll", nil), 403, "course", academy.KeyProRequired, "")
		wantError(t, call(t, a, agent, "GET", "/api/academy/courses/pro-farming/quiz", nil), 403, "course", academy.KeyProRequired, "")
		if res := call(t, a, pro, "POST", "/api/academy/courses/pro-farming/enroll", nil); res.Status != 200 {
			t.Fatalf("pro enrols: %d %s", res.Status, res.Body)
		}
	})
}
