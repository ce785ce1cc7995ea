package httpapi_test

import (
	"strings"
	"testing"

	"circle/internal/academy"
	"circle/internal/audit"
	"circle/internal/httpapi"
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
	engineEach(t, func(t *testing.T, kind store.Kind) {
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

// mp4Bytes is the smallest file media.Detect reads as an MP4 video.
func mp4Bytes() []byte {
	b := []byte{0, 0, 0, 0x18}
	b = append(b, []byte("ftypisom")...)
	b = append(b, 0, 0, 2, 0)
	b = append(b, []byte("isommp41")...)
	return append(b, []byte("\x00\x00\x00\x08free")...)
}

// TestF_AREA_05_AcademyAuthoringScreensAPI (issue 32 item 1, the course editor's gaps): a
// creator uploads a lesson video and a PDF through the media uploader (creators may now upload
// videos and documents) and attaches them by media_id; the editors' list carries the author,
// members, certificates and last save; the back office's list shows every course, filtered;
// a course nobody enrolled in can be deleted (the administrator's deletion audited), one with
// members answers 409 and stays; a creator deletes only their own. Both engines.
func TestF_AREA_05_AcademyAuthoringScreensAPI(t *testing.T) {
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		creator, _, _ := acctBrowser(t, a, "creator@demo.test")
		admin, _, _ := acctBrowser(t, a, "admin@demo.test")

		// Creators upload course videos and documents; an agent still may not.
		var video, pdf httpapi.MediaFileView
		res := uploadFile(t, a, creator, "Walkthrough.mp4", mp4Bytes(), "video")
		res.JSON(t, &video)
		if res.Status != 201 || video.Kind != "video" {
			t.Fatalf("creator's video: %d %s", res.Status, res.Body)
		}
		res = uploadFile(t, a, creator, "Checklist.pdf", []byte(pdfBytes), "document", "image")
		res.JSON(t, &pdf)
		if res.Status != 201 || pdf.Kind != "document" {
			t.Fatalf("creator's pdf: %d %s", res.Status, res.Body)
		}
		wantError(t, uploadFile(t, a, agent, "agent.mp4", mp4Bytes()), 400, "file", "media.kind_not_allowed", "")
		var lib struct {
			Limit int      `json:"limit"`
			Kinds []string `json:"kinds"`
		}
		call(t, a, creator, "GET", "/api/media", nil).JSON(t, &lib)
		if lib.Limit != 500 || strings.Join(lib.Kinds, ",") != "image,video,document" {
			t.Fatalf("creator's library: %+v", lib)
		}

		body := academyCourseBody("listing-videos", false)
		lessons := body["lessons"].([]map[string]any)
		lessons[0]["video"] = map[string]any{"kind": "video", "media_id": video.ID}
		lessons[0]["files"] = []map[string]any{{"kind": "file", "title": "Checklist", "media_id": pdf.ID}}
		var c academy.AcademyCourse
		res = call(t, a, creator, "POST", "/api/academy/authoring/courses", body)
		res.JSON(t, &c)
		if res.Status != 201 || c.Lessons[0].Video == nil || c.Lessons[0].Video.URL != "/api/media/"+video.ID+"/file" || c.Lessons[0].Video.Title != "Walkthrough.mp4" ||
			c.Lessons[0].Files[0].URL != "/api/media/"+pdf.ID+"/file" || c.Lessons[0].Files[0].MediaKind != "document" {
			t.Fatalf("course with uploads: %d %s", res.Status, res.Body)
		}
		// Another member's upload cannot be attached.
		var adminPic httpapi.MediaFileView
		uploadFile(t, a, admin, "Slide.pdf", []byte(pdfBytes)).JSON(t, &adminPic)
		other := academyCourseBody("listing-videos-2", false)
		other["lessons"].([]map[string]any)[0]["files"] = []map[string]any{{"kind": "file", "title": "Slide", "media_id": adminPic.ID}}
		wantError(t, call(t, a, creator, "POST", "/api/academy/authoring/courses", other), 400, "lessons[0].files[0].media_id", academy.KeyMedia, "")

		// The creator's list: their own courses (the demo's speed-to-lead course and this one),
		// with author and counts.
		var mine struct {
			Courses []academy.AuthoredCourse `json:"courses"`
		}
		call(t, a, creator, "GET", "/api/academy/authoring/courses", nil).JSON(t, &mine)
		byslug := map[string]academy.AuthoredCourse{}
		for _, x := range mine.Courses {
			if x.AuthorID != "usr-demo-creator" {
				t.Fatalf("the creator lists another's course: %+v", x)
			}
			byslug[x.Slug] = x
		}
		got, ok := byslug["listing-videos"]
		if !ok || got.AuthorName == "" || got.AuthorEmail != "creator@demo.test" || got.Members != 0 || got.UpdatedAt.IsZero() || got.LessonCount != 2 || got.Status != "published" {
			t.Fatalf("the creator's list: %+v", mine.Courses)
		}

		// An agent enrols: the counts move, and the course can no longer be deleted.
		if res := call(t, a, agent, "POST", "/api/academy/courses/listing-videos/enroll", nil); res.Status != 200 {
			t.Fatalf("enrol: %d %s", res.Status, res.Body)
		}
		var all struct {
			Courses []academy.AuthoredCourse `json:"courses"`
		}
		call(t, a, admin, "GET", "/api/admin/academy/courses?q=LISTING-videos", nil).JSON(t, &all)
		if len(all.Courses) != 1 || all.Courses[0].Members != 1 || all.Courses[0].AuthorEmail != "creator@demo.test" {
			t.Fatalf("admin list filtered: %+v", all.Courses)
		}
		call(t, a, admin, "GET", "/api/admin/academy/courses?status=draft", nil).JSON(t, &all)
		for _, x := range all.Courses {
			if x.Status != "draft" {
				t.Fatalf("draft filter: %+v", x)
			}
		}
		call(t, a, admin, "GET", "/api/admin/academy/courses", nil).JSON(t, &all)
		if len(all.Courses) < 4 {
			t.Fatalf("admin sees every course: %d", len(all.Courses))
		}
		if res := call(t, a, creator, "GET", "/api/admin/academy/courses", nil); res.Status != 403 {
			t.Fatalf("creator reads the admin list: %d", res.Status)
		}
		wantError(t, call(t, a, creator, "DELETE", "/api/academy/authoring/courses/"+c.ID, nil), 409, "course", academy.KeyHasMembers, academy.MsgHasMembers)
		if res := call(t, a, nil, "GET", "/api/academy/courses/listing-videos", nil); res.Status != 200 {
			t.Fatalf("the refused deletion removed the course: %d", res.Status)
		}

		// A course nobody enrolled in: its creator deletes it; a creator may not delete another's.
		var draft academy.AcademyCourse
		d := academyCourseBody("draft-to-delete", false)
		d["status"] = "draft"
		call(t, a, admin, "POST", "/api/academy/authoring/courses", d).JSON(t, &draft)
		if res := call(t, a, creator, "DELETE", "/api/academy/authoring/courses/"+draft.ID, nil); res.Status != 403 {
			t.Fatalf("creator deletes the admin's course: %d %s", res.Status, res.Body)
		}
		if res := call(t, a, admin, "DELETE", "/api/academy/authoring/courses/"+draft.ID, nil); res.Status != 204 {
			t.Fatalf("admin deletes: %d %s", res.Status, res.Body)
		}
		if res := call(t, a, admin, "GET", "/api/academy/authoring/courses/"+draft.ID, nil); res.Status != 404 {
			t.Fatalf("deleted course still there: %d", res.Status)
		}
		if res := call(t, a, admin, "DELETE", "/api/academy/authoring/courses/"+draft.ID, nil); res.Status != 404 {
			t.Fatalf("second delete: %d", res.Status)
		}
		var page audit.RecordPage
		call(t, a, admin, "GET", "/api/admin/audit?action=academy_course.delete&object_id="+draft.ID, nil).JSON(t, &page)
		if page.Total != 1 {
			t.Fatalf("deletion audit entries: %+v", page)
		}
		var own academy.AcademyCourse
		call(t, a, creator, "POST", "/api/academy/authoring/courses", academyCourseBody("creator-scratch", false)).JSON(t, &own)
		if res := call(t, a, creator, "DELETE", "/api/academy/authoring/courses/"+own.ID, nil); res.Status != 204 {
			t.Fatalf("creator deletes their own: %d %s", res.Status, res.Body)
		}
	})
}
