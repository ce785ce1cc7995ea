package academy_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"circle/internal/academy"
	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/demo/demotest"
	"circle/internal/ids"
	"circle/internal/media"
	"circle/internal/racetest"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

const (
	agentID   = "usr-demo-agent"
	proID     = "usr-demo-pro"
	creatorID = "usr-demo-creator"
	adminID   = "usr-demo-admin"
)

var (
	actor   = audit.Actor{UserID: adminID, RequestID: "req-test"}
	agent   = academy.Viewer{UserID: agentID, Name: "Avery Agent"}
	pro     = academy.Viewer{UserID: proID, Name: "Parker Pro", Pro: true}
	creator = academy.Viewer{UserID: creatorID, Name: "Casey Creator", Creator: true}
	admin   = academy.Viewer{UserID: adminID, Name: "Admin", Admin: true, Pro: true, Creator: true}
)

func newCourse(slug string, proOnly bool) academy.AcademyCourse {
	return academy.AcademyCourse{
		Slug: slug, Title: academy.Text{En: "Open houses that sell", Es: "Casas abiertas que venden"}, Summary: academy.Text{En: "Plan, host, follow up."},
		Level: academy.LevelBeginner, ProOnly: proOnly, PassMark: 70, Status: academy.StatusPublished,
		Lessons: []academy.Lesson{
			{Title: academy.Text{En: "Plan"}, Minutes: 5, Body: `<p>Pick the <strong>right</strong> weekend.</p><script>alert(1)</script><a href="javascript:x">link</a>`},
			{Title: academy.Text{En: "Host"}, Minutes: 6, Body: "<p>Greet every visitor.</p>"},
		},
		Questions: []academy.Question{
			{Prompt: "When do you follow up?", Options: []string{"Within 24 hours", "Next month"}, Correct: 0, Explanation: "Speed wins."},
			{Prompt: "What do you bring?", Options: []string{"Nothing", "Sign-in sheet", "A dog"}, Correct: 1},
			{Prompt: "Who do you greet?", Options: []string{"Everyone", "Only buyers"}, Correct: 0},
		},
	}
}

type env struct {
	svc *academy.Service
	db  *store.DB
	now *time.Time
}

func setup(t *testing.T, db *store.DB) env {
	t.Helper()
	demotest.Load(t, db)
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	svc := &academy.Service{Store: store.NewAcademy(db), Media: store.NewMedia(db), Now: func() time.Time { return now }, NewID: ids.New}
	return env{svc: svc, db: db, now: &now}
}

// TestF_AREA_05_AcademyJourney: a course authored by a creator, enrolment, lessons done once,
// the quiz scored on the server against its pass mark (answers never in the quiz sent out, the
// right options only after a pass), and the certificate issued only when every lesson is done
// and the quiz passed, once; on both engines.
func TestF_AREA_05_AcademyJourney(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := setup(t, db)
		c, err := e.svc.Create(ctx, creator, actor, newCourse("open-houses", false))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(c.Lessons[0].Body, "script") || strings.Contains(c.Lessons[0].Body, "javascript") || !strings.Contains(c.Lessons[0].Body, "<strong>right</strong>") {
			t.Fatalf("body not sanitised: %q", c.Lessons[0].Body)
		}
		// Not enrolled: no lesson, no quiz.
		if _, err := e.svc.Lesson(ctx, agent, "open-houses", c.Lessons[0].ID); apperr.CodeOf(err) != apperr.Forbidden {
			t.Fatalf("lesson before enrolment: %v", err)
		}
		if _, err := e.svc.SubmitQuiz(ctx, agent, "open-houses", []int{0, 1, 0}); apperr.CodeOf(err) != apperr.Forbidden {
			t.Fatalf("quiz before enrolment: %v", err)
		}
		v, err := e.svc.Enrol(ctx, agent, "open-houses")
		if err != nil || !v.Enrolled || v.Percent != 0 || len(v.Lessons) != 2 {
			t.Fatalf("enrol: %+v %v", v, err)
		}
		if _, err := e.svc.Enrol(ctx, agent, "open-houses"); err != nil {
			t.Fatalf("second enrol: %v", err)
		}
		q, err := e.svc.Quiz(ctx, agent, "open-houses")
		if err != nil || len(q.Questions) != 3 || q.PassMark != 70 {
			t.Fatalf("quiz: %+v %v", q, err)
		}
		// A failing attempt (1 of 3 = 33%) shows which answers were wrong but not the right ones.
		r, err := e.svc.SubmitQuiz(ctx, agent, "open-houses", []int{0, 0, 1})
		if err != nil || r.Passed || r.Correct != 1 || r.Percent != 33 || r.Review[0].CorrectOption != nil || r.Review[1].Right {
			t.Fatalf("failing attempt: %+v %v", r, err)
		}
		if _, err := e.svc.SubmitQuiz(ctx, agent, "open-houses", []int{0, 3, 0}); apperr.CodeOf(err) != apperr.Invalid {
			t.Fatalf("option out of range: %v", err)
		}
		if _, err := e.svc.SubmitQuiz(ctx, agent, "open-houses", []int{0}); apperr.CodeOf(err) != apperr.Invalid {
			t.Fatalf("too few answers: %v", err)
		}
		// 2 of 3 is 66%: below the 70% mark.
		if r, err = e.svc.SubmitQuiz(ctx, agent, "open-houses", []int{0, 1, 1}); err != nil || r.Passed || r.Percent != 66 {
			t.Fatalf("66%% against a 70%% mark: %+v %v", r, err)
		}
		// Passing the quiz before the lessons: no certificate yet.
		r, err = e.svc.SubmitQuiz(ctx, agent, "open-houses", []int{0, 1, 0})
		if err != nil || !r.Passed || r.Percent != 100 || r.Review[1].CorrectOption == nil || *r.Review[1].CorrectOption != 1 || r.Review[0].Explanation != "Speed wins." {
			t.Fatalf("passing attempt: %+v %v", r, err)
		}
		if r.CourseProgress.CertificateID != "" || r.CourseProgress.Complete {
			t.Fatalf("certificate before the lessons: %+v", r.CourseProgress)
		}
		p, err := e.svc.CompleteLesson(ctx, agent, "open-houses", c.Lessons[0].ID)
		if err != nil || p.Percent != 50 || p.CertificateID != "" {
			t.Fatalf("first lesson: %+v %v", p, err)
		}
		if p, err = e.svc.CompleteLesson(ctx, agent, "open-houses", c.Lessons[0].ID); err != nil || p.Percent != 50 {
			t.Fatalf("repeat: %+v %v", p, err)
		}
		l, err := e.svc.Lesson(ctx, agent, "open-houses", c.Lessons[1].ID)
		if err != nil || l.Done || l.PrevID != c.Lessons[0].ID || l.NextID != "" || l.Percent != 50 {
			t.Fatalf("lesson view: %+v %v", l, err)
		}
		// Two concurrent completions of the last lesson issue one certificate.
		got, errs := racetest.RunErr(2, func(int) (academy.CourseProgress, error) {
			return e.svc.CompleteLesson(ctx, agent, "open-houses", c.Lessons[1].ID)
		})
		for i := range 2 {
			if errs[i] != nil || !got[i].Complete || got[i].Percent != 100 || got[i].CertificateID == "" {
				t.Fatalf("last lesson %d: %+v %v", i, got[i], errs[i])
			}
		}
		if got[0].CertificateID != got[1].CertificateID || !strings.HasPrefix(got[0].CertificateID, "CA-") {
			t.Fatalf("two certificates: %q %q", got[0].CertificateID, got[1].CertificateID)
		}
		cert, err := e.svc.Certificate(ctx, got[0].CertificateID)
		if err != nil || cert.MemberName != "Avery Agent" || cert.CourseSlug != "open-houses" || cert.CourseTitle.Es != "Casas abiertas que venden" || !cert.IssuedAt.Equal(*e.now) {
			t.Fatalf("certificate: %+v %v", cert, err)
		}
		if _, err := e.svc.Certificate(ctx, "CA-NOPE"); apperr.CodeOf(err) != apperr.NotFound {
			t.Fatalf("unknown certificate: %v", err)
		}
		cards, err := e.svc.Catalog(ctx, agent)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, k := range cards {
			if k.Slug == "open-houses" {
				found = true
				if !k.Enrolled || k.Percent != 100 || k.CertificateID != cert.ID {
					t.Fatalf("card: %+v", k)
				}
			}
		}
		if !found {
			t.Fatal("course not in the catalogue")
		}
		// Another member sees none of the agent's progress.
		view, err := e.svc.AcademyCourse(ctx, pro, "open-houses")
		if err != nil || view.Enrolled || view.Percent != 0 || view.CertificateID != "" || view.BestPercent != nil {
			t.Fatalf("other member's view: %+v %v", view, err)
		}
	})
}

// TestF_AREA_05_AcademyProLock: a Pro-only course is listed as locked for a member without
// Pro, who cannot enrol, read a lesson or take the quiz; a Pro member and the author can.
func TestF_AREA_05_AcademyProLock(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := setup(t, db)
		c, err := e.svc.Create(ctx, admin, actor, newCourse("pro-pricing", true))
		if err != nil {
			t.Fatal(err)
		}
		v, err := e.svc.AcademyCourse(ctx, agent, "pro-pricing")
		if err != nil || !v.Locked || !v.ProOnly {
			t.Fatalf("locked view: %+v %v", v, err)
		}
		if _, err := e.svc.Enrol(ctx, agent, "pro-pricing"); apperr.CodeOf(err) != apperr.Forbidden || !strings.Contains(err.Error(), "Pro") {
			t.Fatalf("agent enrols: %v", err)
		}
		if v, err := e.svc.AcademyCourse(ctx, academy.Viewer{}, "pro-pricing"); err != nil || !v.Locked {
			t.Fatalf("visitor: %+v %v", v, err)
		}
		if _, err := e.svc.Enrol(ctx, pro, "pro-pricing"); err != nil {
			t.Fatalf("pro enrols: %v", err)
		}
		// A member whose Pro ended keeps the enrolment but not the lessons.
		lapsed := pro
		lapsed.Pro = false
		if _, err := e.svc.Lesson(ctx, lapsed, "pro-pricing", c.Lessons[0].ID); apperr.CodeOf(err) != apperr.Forbidden {
			t.Fatalf("lapsed pro reads: %v", err)
		}
		if _, err := e.svc.Quiz(ctx, lapsed, "pro-pricing"); apperr.CodeOf(err) != apperr.Forbidden {
			t.Fatalf("lapsed pro quiz: %v", err)
		}
		if _, err := e.svc.Lesson(ctx, pro, "pro-pricing", c.Lessons[0].ID); err != nil {
			t.Fatalf("pro reads: %v", err)
		}
	})
}

// TestF_AREA_05_AcademyAuthoring: creators edit only their own courses, administrators every
// one (audited); drafts are hidden from members; broken rules are field errors; a slug taken
// is a conflict; uploads must be the editor's and of the right kind.
func TestF_AREA_05_AcademyAuthoring(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := setup(t, db)
		draft := newCourse("draft-course", false)
		draft.Status = academy.StatusDraft
		c, err := e.svc.Create(ctx, creator, actor, draft)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.AcademyCourse(ctx, agent, "draft-course"); apperr.CodeOf(err) != apperr.NotFound {
			t.Fatalf("draft shown to a member: %v", err)
		}
		if v, err := e.svc.AcademyCourse(ctx, creator, "draft-course"); err != nil || !v.Editable {
			t.Fatalf("author preview: %+v %v", v, err)
		}
		other := academy.Viewer{UserID: "usr-demo-vendor", Creator: true}
		if _, err := e.svc.Update(ctx, other, actor, c.ID, draft); apperr.CodeOf(err) != apperr.Forbidden {
			t.Fatalf("another creator edits: %v", err)
		}
		if _, err := e.svc.Draft(ctx, other, c.ID); apperr.CodeOf(err) != apperr.Forbidden {
			t.Fatalf("another creator reads the draft: %v", err)
		}
		mine, err := e.svc.Authored(ctx, creator)
		has := map[string]bool{}
		for _, k := range mine {
			has[k.ID] = true
		}
		// The creator's draft and demo course; not the administrator's demo courses.
		if err != nil || !has[c.ID] || !has["crs-demo-lead-follow-up"] || has["crs-demo-respa"] || len(mine) != 2 {
			t.Fatalf("creator's list: %+v %v", mine, err)
		}
		// The administrator edits it: lessons kept by id, one removed, one added; audited.
		upd := c
		upd.Status = academy.StatusPublished
		upd.Lessons = []academy.Lesson{c.Lessons[1], {Title: academy.Text{En: "Follow up"}, Minutes: 4, Body: "<p>Call.</p>"}}
		saved, err := e.svc.Update(ctx, admin, actor, c.ID, upd)
		if err != nil {
			t.Fatal(err)
		}
		if saved.Lessons[0].ID != c.Lessons[1].ID || saved.Lessons[0].Position != 1 || saved.Lessons[1].ID == "" || saved.AuthorID != creatorID {
			t.Fatalf("saved: %+v", saved.Lessons)
		}
		got, err := e.svc.Draft(ctx, creator, c.ID)
		if err != nil || len(got.Lessons) != 2 || got.Lessons[1].Title.En != "Follow up" || got.Questions[1].Correct != 1 {
			t.Fatalf("read back: %+v %v", got, err)
		}
		var n int
		if err := db.Bun().NewSelect().Table("audit_log").Where("action = ? AND object_id = ?", academy.ActionCourseUpdate, c.ID).ColumnExpr("count(*)").Scan(ctx, &n); err != nil || n != 1 {
			t.Fatalf("audit entries: %d %v", n, err)
		}
		all, err := e.svc.Authored(ctx, admin)
		if err != nil || len(all) < 1 {
			t.Fatalf("admin's list: %v", err)
		}
		// Rules.
		bad := newCourse("x", false)
		bad.Title.En = ""
		bad.PassMark = 20
		bad.Questions[0].Correct = 5
		_, err = e.svc.Create(ctx, creator, actor, bad)
		if apperr.CodeOf(err) != apperr.Invalid {
			t.Fatalf("bad course: %v", err)
		}
		fields := map[string]bool{}
		for _, f := range err.(*apperr.Error).Fields {
			fields[f.Field] = true
		}
		for _, f := range []string{"title.en", "slug", "pass_mark", "questions[0].correct"} {
			if !fields[f] {
				t.Errorf("no error on %s: %v", f, fields)
			}
		}
		if _, err := e.svc.Create(ctx, admin, actor, newCourse("draft-course", false)); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("slug taken: %v", err)
		}
		// Uploads: another member's file is refused; the author's video is linked.
		vid := media.File{ID: ids.New(), OwnerID: creatorID, Kind: media.KindVideo, Name: "tour.mp4", Size: 10, ContentType: "video/mp4", Key: "k1", CreatedAt: *e.now,
			Variants: []media.Variant{{Name: media.VariantOriginal, Key: "k1", ContentType: "video/mp4", Size: 10}}}
		theirs := vid
		theirs.ID, theirs.OwnerID, theirs.Key = ids.New(), agentID, "k2"
		theirs.Variants = []media.Variant{{Name: media.VariantOriginal, Key: "k2", ContentType: "video/mp4", Size: 10}}
		for _, f := range []media.File{vid, theirs} {
			if err := store.NewMedia(db).InsertMediaFile(ctx, f); err != nil {
				t.Fatal(err)
			}
		}
		withVideo := got
		withVideo.Lessons[0].Video = &academy.Resource{MediaID: theirs.ID}
		if _, err := e.svc.Update(ctx, creator, actor, c.ID, withVideo); apperr.CodeOf(err) != apperr.Invalid {
			t.Fatalf("another member's upload: %v", err)
		}
		withVideo.Lessons[0].Video = &academy.Resource{MediaID: vid.ID}
		withVideo.Lessons[0].Files = []academy.Resource{{Title: "Checklist", MediaID: vid.ID}}
		if _, err := e.svc.Update(ctx, creator, actor, c.ID, withVideo); apperr.CodeOf(err) != apperr.Invalid {
			t.Fatalf("a video as a download: %v", err)
		}
		withVideo.Lessons[0].Files = []academy.Resource{{Title: "Guide", URL: "https://example.com/guide.pdf"}}
		saved, err = e.svc.Update(ctx, creator, actor, c.ID, withVideo)
		if err != nil || saved.Lessons[0].Video.URL != "/api/media/"+vid.ID+"/file" || saved.Lessons[0].Video.MediaKind != "video" || saved.Lessons[0].Video.Title != "tour.mp4" {
			t.Fatalf("video linked: %+v %v", saved.Lessons[0].Video, err)
		}
		withVideo.Lessons[0].Files = []academy.Resource{{Title: "Bad", URL: "javascript:alert(1)"}}
		if _, err := e.svc.Update(ctx, creator, actor, c.ID, withVideo); apperr.CodeOf(err) != apperr.Invalid {
			t.Fatalf("javascript address: %v", err)
		}
		// Creators' changes are not in the audit log; only administrators' are.
		if err := db.Bun().NewSelect().Table("audit_log").Where("object_id = ?", c.ID).ColumnExpr("count(*)").Scan(ctx, &n); err != nil || n != 1 {
			t.Fatalf("audit entries after the creator's edits: %d %v", n, err)
		}
	})
}

// TestF_AREA_05_QuizScoring: the pure rules of scoring, progress and completion.
func TestF_AREA_05_QuizScoring(t *testing.T) {
	qs := newCourse("s", false).Questions
	for _, tc := range []struct {
		answers          []int
		mark             int
		correct, percent int
		passed           bool
	}{
		{[]int{0, 1, 0}, 70, 3, 100, true},
		{[]int{0, 1, 1}, 70, 2, 66, false},
		{[]int{0, 1, 1}, 66, 2, 66, true},
		{[]int{1, 0, 1}, 50, 0, 0, false},
	} {
		c, p, ok := academy.Score(qs, tc.answers, tc.mark)
		if c != tc.correct || p != tc.percent || ok != tc.passed {
			t.Errorf("Score(%v, %d) = %d %d %v", tc.answers, tc.mark, c, p, ok)
		}
	}
	if academy.Percent(1, 3) != 33 || academy.Percent(0, 0) != 0 || academy.Percent(5, 4) != 100 {
		t.Error("Percent")
	}
	c := academy.AcademyCourse{Lessons: []academy.Lesson{{ID: "a"}, {ID: "b"}}, Questions: qs}
	if academy.Complete(c, []string{"a"}, true) || academy.Complete(c, []string{"a", "b"}, false) || !academy.Complete(c, []string{"b", "a"}, true) {
		t.Error("Complete")
	}
	if academy.Slugify("Listing Presentations: Win the Room!") != "listing-presentations-win-the-room" {
		t.Error(academy.Slugify("Listing Presentations: Win the Room!"))
	}
}

// TestF_AREA_05_CheckCourseEditorKeys: the editor shows one message per key, so a published
// course without lessons or quiz has keys of its own (not the "at most" ones), and the address
// names the academy's own pages use are refused.
func TestF_AREA_05_CheckCourseEditorKeys(t *testing.T) {
	c := newCourse("new", false)
	c.Lessons, c.Questions = nil, nil
	_, err := academy.CheckCourse(c)
	keys := map[string]string{}
	if e, ok := apperr.As(err); ok {
		for _, f := range e.Fields {
			keys[f.Field] = f.Key
		}
	}
	if keys["slug"] != academy.KeySlugReserved || keys["lessons"] != academy.KeyNeedsLesson || keys["questions"] != academy.KeyNeedsQuiz {
		t.Fatalf("keys: %v", keys)
	}
	c = newCourse("certificates", false)
	if _, err := academy.CheckCourse(c); err == nil {
		t.Fatal("certificates accepted as an address name")
	}
	c.Slug, c.Status = "", academy.StatusDraft
	c.Lessons, c.Questions = nil, nil
	if got, err := academy.CheckCourse(c); err != nil || got.Slug != "open-houses-that-sell" {
		t.Fatalf("a draft without lessons: %+v %v", got.Slug, err)
	}
}
