package academy

import (
	"context"
	"fmt"
	"strings"
	"time"

	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/media"
)

// Audit actions of authoring (administrators' changes are audited).
const (
	KindCourse         = "academy_course"
	ActionCourseCreate = "academy_course.create"
	ActionCourseUpdate = "academy_course.update"
	ActionCourseDelete = "academy_course.delete"
)

// Store is what the academy needs from the database (internal/store/academy.go).
type Store interface {
	// Courses lists courses with their lessons and quiz in catalogue order; published only
	// unless all; authorID, when set, only that author's.
	Courses(ctx context.Context, all bool, authorID string) ([]AcademyCourse, error)
	// Course returns a course by id or slug (not found when missing).
	AcademyCourse(ctx context.Context, idOrSlug string) (AcademyCourse, error)
	// SaveCourse writes the course and replaces its lessons (progress on removed lessons goes
	// with them), with the audit entry when given, in one transaction. A slug another course
	// holds is a conflict naming slug.
	SaveCourse(ctx context.Context, c AcademyCourse, create bool, entry *audit.Record) error
	// DeleteCourse removes a course nobody is enrolled in, with its lessons, and appends the
	// audit entry when given, in one transaction; a course with members is a conflict naming
	// course (KeyHasMembers), a missing one not found.
	DeleteCourse(ctx context.Context, id string, entry *audit.Record) error
	// CourseFacts returns each course's author (display name and e-mail) and how many members
	// enrolled in it and earned its certificate, by course id.
	CourseFacts(ctx context.Context, ids []string) (map[string]CourseFacts, error)
	// Enrol records the enrolment once; a repeat keeps the first.
	Enrol(ctx context.Context, e Enrolment) (Enrolment, error)
	// Enrolments lists a member's enrolments (any course).
	Enrolments(ctx context.Context, userID string) ([]Enrolment, error)
	// CompleteLesson records a lesson done once.
	CompleteLesson(ctx context.Context, userID, courseID, lessonID string, at time.Time) error
	// CompletedLessons lists the lesson ids a member finished, per course.
	CompletedLessons(ctx context.Context, userID string) (map[string][]string, error)
	InsertAttempt(ctx context.Context, a Attempt) error
	// Attempts lists a member's attempts at a course's quiz, newest first.
	Attempts(ctx context.Context, userID, courseID string, limit int) ([]Attempt, error)
	// IssueCertificate stores the certificate unless the member already holds one for the
	// course, marks the enrolment complete, and returns the one held.
	IssueCertificate(ctx context.Context, c Certificate) (Certificate, error)
	// Certificate returns a certificate by id (not found when missing).
	Certificate(ctx context.Context, id string) (Certificate, error)
	// Certificates lists a member's certificates by course id.
	Certificates(ctx context.Context, userID string) (map[string]Certificate, error)
}

// MediaFiles reads uploads (internal/store/media.go).
type MediaFiles interface {
	MediaFile(ctx context.Context, id string) (media.File, error)
}

// Viewer is who asks: a visitor is the zero Viewer.
type Viewer struct {
	UserID  string
	Name    string
	Pro     bool
	Admin   bool
	Creator bool
}

func (v Viewer) signedIn() bool { return v.UserID != "" }

// Service runs the academy.
type Service struct {
	Store Store
	Media MediaFiles
	Now   func() time.Time
	NewID func() string
}

// mayOpen: a Pro-only course opens for Pro members, administrators and its author.
func mayOpen(v Viewer, c AcademyCourse) bool {
	return !c.ProOnly || v.Pro || v.Admin || (v.UserID != "" && v.UserID == c.AuthorID)
}

// mayEdit: administrators edit every course, creators their own.
func mayEdit(v Viewer, c AcademyCourse) bool {
	return v.Admin || (v.Creator && v.UserID != "" && v.UserID == c.AuthorID)
}

// visible: published courses to everyone; drafts to those who may edit them.
func visible(v Viewer, c AcademyCourse) bool { return c.Status == StatusPublished || mayEdit(v, c) }

// Card is a course in the catalogue with the viewer's state.
type CourseCard struct {
	ID            string `json:"id"`
	Slug          string `json:"slug"`
	Title         Text   `json:"title"`
	Summary       Text   `json:"summary"`
	Level         string `json:"level" enum:"beginner,intermediate,advanced"`
	ProOnly       bool   `json:"pro_only"`
	Locked        bool   `json:"locked" doc:"Pro-only and the viewer is not a Pro member: the upgrade path is /pricing."`
	Status        string `json:"status" enum:"draft,published"`
	LessonCount   int    `json:"lesson_count"`
	Minutes       int    `json:"minutes"`
	QuestionCount int    `json:"question_count"`
	PassMark      int    `json:"pass_mark"`
	Enrolled      bool   `json:"enrolled"`
	Percent       int    `json:"percent" doc:"Share of lessons the viewer finished."`
	CertificateID string `json:"certificate_id" doc:"The viewer's certificate of this course, when earned."`
}

// viewerState is a member's enrolments, finished lessons and certificates.
type viewerState struct {
	enrolled map[string]Enrolment
	done     map[string][]string
	certs    map[string]Certificate
}

func (s *Service) state(ctx context.Context, v Viewer) (viewerState, error) {
	st := viewerState{enrolled: map[string]Enrolment{}, done: map[string][]string{}, certs: map[string]Certificate{}}
	if !v.signedIn() {
		return st, nil
	}
	es, err := s.Store.Enrolments(ctx, v.UserID)
	if err != nil {
		return st, err
	}
	for _, e := range es {
		st.enrolled[e.CourseID] = e
	}
	if st.done, err = s.Store.CompletedLessons(ctx, v.UserID); err != nil {
		return st, err
	}
	st.certs, err = s.Store.Certificates(ctx, v.UserID)
	return st, err
}

func (st viewerState) card(v Viewer, c AcademyCourse) CourseCard {
	_, enrolled := st.enrolled[c.ID]
	return CourseCard{ID: c.ID, Slug: c.Slug, Title: c.Title, Summary: c.Summary, Level: c.Level, ProOnly: c.ProOnly, Locked: !mayOpen(v, c),
		Status: c.Status, LessonCount: len(c.Lessons), Minutes: c.Minutes(), QuestionCount: len(c.Questions), PassMark: c.PassMark,
		Enrolled: enrolled, Percent: Percent(countDone(c, st.done[c.ID]), len(c.Lessons)), CertificateID: st.certs[c.ID].ID}
}

// countDone counts the course's current lessons among done.
func countDone(c AcademyCourse, done []string) int {
	n := 0
	for _, l := range c.Lessons {
		for _, d := range done {
			if d == l.ID {
				n++
				break
			}
		}
	}
	return n
}

// Catalog lists the published courses with the viewer's progress; never nil.
func (s *Service) Catalog(ctx context.Context, v Viewer) ([]CourseCard, error) {
	cs, err := s.Store.Courses(ctx, false, "")
	if err != nil {
		return nil, err
	}
	st, err := s.state(ctx, v)
	if err != nil {
		return nil, err
	}
	out := make([]CourseCard, 0, len(cs))
	for _, c := range cs {
		out = append(out, st.card(v, c))
	}
	return out, nil
}

// OutlineLesson is a lesson as the course page lists it (no body).
type OutlineLesson struct {
	ID       string `json:"id"`
	Position int    `json:"position"`
	Title    Text   `json:"title"`
	Minutes  int    `json:"minutes"`
	HasVideo bool   `json:"has_video"`
	Files    int    `json:"files"`
	Done     bool   `json:"done"`
}

// CourseView is a course page: the card, the lessons' outline and the viewer's quiz result.
type CourseView struct {
	CourseCard
	Lessons     []OutlineLesson `json:"lessons"`
	BestPercent *int            `json:"best_percent" doc:"The viewer's best quiz score, when they took it."`
	Passed      bool            `json:"passed"`
	Attempts    int             `json:"attempts"`
	Editable    bool            `json:"editable" doc:"The viewer may edit this course (administrator or its creator)."`
}

func (s *Service) load(ctx context.Context, v Viewer, slug string) (AcademyCourse, error) {
	c, err := s.Store.AcademyCourse(ctx, slug)
	if apperr.CodeOf(err) == apperr.NotFound || (err == nil && !visible(v, c)) {
		return AcademyCourse{}, apperr.New(apperr.NotFound, MsgCourseAbsent)
	}
	return c, err
}

// Course returns a course page with the viewer's progress.
func (s *Service) AcademyCourse(ctx context.Context, v Viewer, slug string) (CourseView, error) {
	c, err := s.load(ctx, v, slug)
	if err != nil {
		return CourseView{}, err
	}
	return s.view(ctx, v, c)
}

func (s *Service) view(ctx context.Context, v Viewer, c AcademyCourse) (CourseView, error) {
	st, err := s.state(ctx, v)
	if err != nil {
		return CourseView{}, err
	}
	out := CourseView{CourseCard: st.card(v, c), Lessons: make([]OutlineLesson, 0, len(c.Lessons)), Editable: mayEdit(v, c)}
	done := st.done[c.ID]
	for _, l := range c.Lessons {
		o := OutlineLesson{ID: l.ID, Position: l.Position, Title: l.Title, Minutes: l.Minutes, HasVideo: l.Video != nil, Files: len(l.Files)}
		for _, d := range done {
			o.Done = o.Done || d == l.ID
		}
		out.Lessons = append(out.Lessons, o)
	}
	if v.signedIn() {
		as, err := s.Store.Attempts(ctx, v.UserID, c.ID, 100)
		if err != nil {
			return CourseView{}, err
		}
		out.Attempts = len(as)
		for _, a := range as {
			if out.BestPercent == nil || a.Percent > *out.BestPercent {
				p := a.Percent
				out.BestPercent = &p
			}
			out.Passed = out.Passed || a.Passed
		}
	}
	return out, nil
}

// Enrol enrols the member in a course (once; a repeat changes nothing). A Pro-only course
// needs Circle Pro.
func (s *Service) Enrol(ctx context.Context, v Viewer, slug string) (CourseView, error) {
	c, err := s.load(ctx, v, slug)
	if err != nil {
		return CourseView{}, err
	}
	if !mayOpen(v, c) {
		return CourseView{}, proRequired()
	}
	if _, err := s.Store.Enrol(ctx, Enrolment{UserID: v.UserID, CourseID: c.ID, EnrolledAt: s.now()}); err != nil {
		return CourseView{}, err
	}
	return s.view(ctx, v, c)
}

func proRequired() error {
	return &apperr.Error{Code: apperr.Forbidden, Message: MsgProRequired,
		Fields: []apperr.FieldError{{Field: "course", Key: KeyProRequired, Message: MsgProRequired}}}
}

func (s *Service) now() time.Time { return s.Now().UTC().Truncate(time.Microsecond) }

// opened loads a course the member may study: visible, open to them (Pro) and enrolled.
func (s *Service) opened(ctx context.Context, v Viewer, slug string) (AcademyCourse, viewerState, error) {
	c, err := s.load(ctx, v, slug)
	if err != nil {
		return AcademyCourse{}, viewerState{}, err
	}
	if !mayOpen(v, c) {
		return AcademyCourse{}, viewerState{}, proRequired()
	}
	st, err := s.state(ctx, v)
	if err != nil {
		return AcademyCourse{}, viewerState{}, err
	}
	if _, ok := st.enrolled[c.ID]; !ok {
		return AcademyCourse{}, viewerState{}, &apperr.Error{Code: apperr.Forbidden, Message: MsgNotEnrolled,
			Fields: []apperr.FieldError{{Field: "course", Key: KeyNotEnrolled, Message: MsgNotEnrolled}}}
	}
	return c, st, nil
}

// LessonView is one lesson to study, with its neighbours and the member's progress.
type LessonView struct {
	CourseSlug  string `json:"course_slug"`
	CourseTitle Text   `json:"course_title"`
	Lesson
	Done    bool   `json:"done"`
	Count   int    `json:"count" doc:"Lessons in the course."`
	PrevID  string `json:"prev_id"`
	NextID  string `json:"next_id"`
	Percent int    `json:"percent"`
}

// Lesson returns a lesson of a course the member is enrolled in.
func (s *Service) Lesson(ctx context.Context, v Viewer, slug, lessonID string) (LessonView, error) {
	c, st, err := s.opened(ctx, v, slug)
	if err != nil {
		return LessonView{}, err
	}
	l, i, ok := c.Lesson(lessonID)
	if !ok {
		return LessonView{}, apperr.New(apperr.NotFound, MsgLessonAbsent)
	}
	done := st.done[c.ID]
	out := LessonView{CourseSlug: c.Slug, CourseTitle: c.Title, Lesson: l, Count: len(c.Lessons), Percent: Percent(countDone(c, done), len(c.Lessons))}
	for _, d := range done {
		out.Done = out.Done || d == l.ID
	}
	if i > 0 {
		out.PrevID = c.Lessons[i-1].ID
	}
	if i+1 < len(c.Lessons) {
		out.NextID = c.Lessons[i+1].ID
	}
	return out, nil
}

// Progress is a member's standing in a course after a change.
type CourseProgress struct {
	Done          []string `json:"done" doc:"Ids of the lessons finished."`
	Percent       int      `json:"percent"`
	Passed        bool     `json:"passed"`
	Complete      bool     `json:"complete"`
	CertificateID string   `json:"certificate_id"`
}

// CompleteLesson marks a lesson done (a repeat changes nothing) and issues the certificate
// when that completes the course.
func (s *Service) CompleteLesson(ctx context.Context, v Viewer, slug, lessonID string) (CourseProgress, error) {
	c, _, err := s.opened(ctx, v, slug)
	if err != nil {
		return CourseProgress{}, err
	}
	if _, _, ok := c.Lesson(lessonID); !ok {
		return CourseProgress{}, apperr.New(apperr.NotFound, MsgLessonAbsent)
	}
	if err := s.Store.CompleteLesson(ctx, v.UserID, c.ID, lessonID, s.now()); err != nil {
		return CourseProgress{}, err
	}
	return s.settle(ctx, v, c)
}

// settle reads the member's standing and issues the certificate once the course is complete.
func (s *Service) settle(ctx context.Context, v Viewer, c AcademyCourse) (CourseProgress, error) {
	all, err := s.Store.CompletedLessons(ctx, v.UserID)
	if err != nil {
		return CourseProgress{}, err
	}
	as, err := s.Store.Attempts(ctx, v.UserID, c.ID, 100)
	if err != nil {
		return CourseProgress{}, err
	}
	p := CourseProgress{Done: []string{}}
	for _, l := range c.Lessons {
		for _, d := range all[c.ID] {
			if d == l.ID {
				p.Done = append(p.Done, d)
			}
		}
	}
	p.Percent = Percent(len(p.Done), len(c.Lessons))
	for _, a := range as {
		p.Passed = p.Passed || a.Passed
	}
	p.Complete = Complete(c, p.Done, p.Passed)
	if !p.Complete {
		return p, nil
	}
	cert, err := s.Store.IssueCertificate(ctx, Certificate{ID: s.certificateID(), UserID: v.UserID, CourseID: c.ID, CourseSlug: c.Slug,
		MemberName: v.Name, CourseTitle: c.Title, IssuedAt: s.now()})
	if err != nil {
		return CourseProgress{}, err
	}
	p.CertificateID = cert.ID
	return p, nil
}

// certificateID is a stable, shareable id: "CA-" and the new id's letters upper-cased.
func (s *Service) certificateID() string {
	id := strings.ToUpper(strings.ReplaceAll(s.NewID(), "-", ""))
	return "CA-" + id
}

// QuizQuestion is a question as the member sees it before answering: no right answer.
type QuizQuestion struct {
	ID      string   `json:"id"`
	Prompt  string   `json:"prompt"`
	Options []string `json:"options"`
}

// Quiz is a course's quiz to take.
type Quiz struct {
	CourseSlug string         `json:"course_slug"`
	PassMark   int            `json:"pass_mark"`
	Questions  []QuizQuestion `json:"questions"`
}

// Quiz returns the course's questions without their answers.
func (s *Service) Quiz(ctx context.Context, v Viewer, slug string) (Quiz, error) {
	c, _, err := s.opened(ctx, v, slug)
	if err != nil {
		return Quiz{}, err
	}
	out := Quiz{CourseSlug: c.Slug, PassMark: c.PassMark, Questions: make([]QuizQuestion, 0, len(c.Questions))}
	for _, q := range c.Questions {
		out.Questions = append(out.Questions, QuizQuestion{ID: q.ID, Prompt: q.Prompt, Options: q.Options})
	}
	return out, nil
}

// QuestionResult is one question's mark. The right option and the explanation are shown only
// once the member passed, so a failed attempt does not hand out the answers.
type QuestionResult struct {
	ID            string `json:"id"`
	Right         bool   `json:"right"`
	CorrectOption *int   `json:"correct_option"`
	Explanation   string `json:"explanation"`
}

// QuizResult is a scored attempt with the member's standing after it.
type QuizResult struct {
	Correct        int              `json:"correct"`
	Total          int              `json:"total"`
	Percent        int              `json:"percent"`
	PassMark       int              `json:"pass_mark"`
	Passed         bool             `json:"passed"`
	Review         []QuestionResult `json:"review"`
	CourseProgress CourseProgress   `json:"progress"`
}

// SubmitQuiz scores the member's answers (one option index per question, in order), keeps
// the attempt, and issues the certificate when that completes the course.
func (s *Service) SubmitQuiz(ctx context.Context, v Viewer, slug string, answers []int) (QuizResult, error) {
	c, _, err := s.opened(ctx, v, slug)
	if err != nil {
		return QuizResult{}, err
	}
	if len(c.Questions) == 0 {
		return QuizResult{}, apperr.Field("answers", KeyNoQuiz, "This course has no quiz.")
	}
	if err := CheckAnswers(c.Questions, answers); err != nil {
		return QuizResult{}, err
	}
	correct, percent, passed := Score(c.Questions, answers, c.PassMark)
	a := Attempt{ID: s.NewID(), UserID: v.UserID, CourseID: c.ID, Answers: answers, Correct: correct, Total: len(c.Questions),
		Percent: percent, Passed: passed, CreatedAt: s.now()}
	if err := s.Store.InsertAttempt(ctx, a); err != nil {
		return QuizResult{}, err
	}
	out := QuizResult{Correct: correct, Total: a.Total, Percent: percent, PassMark: c.PassMark, Passed: passed, Review: make([]QuestionResult, 0, len(c.Questions))}
	for i, q := range c.Questions {
		r := QuestionResult{ID: q.ID, Right: answers[i] == q.Correct}
		if passed {
			k := q.Correct
			r.CorrectOption, r.Explanation = &k, q.Explanation
		}
		out.Review = append(out.Review, r)
	}
	if out.CourseProgress, err = s.settle(ctx, v, c); err != nil {
		return QuizResult{}, err
	}
	return out, nil
}

// Certificate returns a certificate by its id. It shows what a printed certificate shows
// (the member's name, the course and the date) and nothing else, so anyone holding the id
// may read it, as a shared certificate is verified.
func (s *Service) Certificate(ctx context.Context, id string) (Certificate, error) {
	c, err := s.Store.Certificate(ctx, id)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Certificate{}, apperr.New(apperr.NotFound, "No such certificate.")
	}
	return c, err
}

// CourseFacts are what the editors' lists show of a course beyond its card.
type CourseFacts struct {
	AuthorName   string
	AuthorEmail  string
	Members      int
	Certificates int
}

// AuthoredCourse is a course in the editors' lists: its card, its author, how many members
// enrolled and earned its certificate, and when it was last saved.
type AuthoredCourse struct {
	CourseCard
	AuthorID     string    `json:"author_id"`
	AuthorName   string    `json:"author_name" doc:"The author's display name, or the e-mail's local part when they have none."`
	AuthorEmail  string    `json:"author_email"`
	Members      int       `json:"members" doc:"Members enrolled in the course."`
	Certificates int       `json:"certificates" doc:"Members who completed it (certificates issued)."`
	UpdatedAt    time.Time `json:"updated_at"`
}

// Authored lists the courses the viewer may edit: every course for administrators, their own
// for creators; never nil.
func (s *Service) Authored(ctx context.Context, v Viewer) ([]AuthoredCourse, error) {
	author := v.UserID
	if v.Admin {
		author = ""
	}
	cs, err := s.Store.Courses(ctx, true, author)
	if err != nil {
		return nil, err
	}
	return s.authored(ctx, v, cs)
}

func (s *Service) authored(ctx context.Context, v Viewer, cs []AcademyCourse) ([]AuthoredCourse, error) {
	ids := make([]string, 0, len(cs))
	for _, c := range cs {
		ids = append(ids, c.ID)
	}
	facts := map[string]CourseFacts{}
	if len(ids) > 0 {
		var err error
		if facts, err = s.Store.CourseFacts(ctx, ids); err != nil {
			return nil, err
		}
	}
	out := make([]AuthoredCourse, 0, len(cs))
	st := viewerState{}
	for _, c := range cs {
		f := facts[c.ID]
		name := strings.TrimSpace(f.AuthorName)
		if name == "" {
			name, _, _ = strings.Cut(f.AuthorEmail, "@")
		}
		out = append(out, AuthoredCourse{CourseCard: st.card(v, c), AuthorID: c.AuthorID, AuthorName: name, AuthorEmail: f.AuthorEmail,
			Members: f.Members, Certificates: f.Certificates, UpdatedAt: c.UpdatedAt})
	}
	return out, nil
}

// CourseFilter narrows the administrators' list: a status (draft, published or empty for
// both) and words found in a title, address name or author.
type CourseFilter struct {
	Status string
	Q      string
}

// AdminCourses lists every course for the back office, filtered; never nil.
func (s *Service) AdminCourses(ctx context.Context, v Viewer, f CourseFilter) ([]AuthoredCourse, error) {
	if !v.Admin {
		return nil, apperr.New(apperr.Forbidden, "Administrators only.")
	}
	all, err := s.Authored(ctx, v)
	if err != nil {
		return nil, err
	}
	q := strings.ToLower(strings.TrimSpace(f.Q))
	out := make([]AuthoredCourse, 0, len(all))
	for _, c := range all {
		if f.Status != "" && c.Status != f.Status {
			continue
		}
		if q != "" && !strings.Contains(strings.ToLower(strings.Join([]string{c.Title.En, c.Title.Es, c.Title.Fr, c.Slug, c.AuthorName, c.AuthorEmail}, " ")), q) {
			continue
		}
		out = append(out, c)
	}
	return out, nil
}

// Draft returns a course to edit, quiz answers included.
func (s *Service) Draft(ctx context.Context, v Viewer, id string) (AcademyCourse, error) {
	c, err := s.Store.AcademyCourse(ctx, id)
	if err != nil {
		return AcademyCourse{}, err
	}
	if !mayEdit(v, c) {
		return AcademyCourse{}, apperr.New(apperr.Forbidden, MsgNotEditable)
	}
	return c, nil
}

// Create stores a new course authored by the viewer.
func (s *Service) Create(ctx context.Context, v Viewer, actor audit.Actor, in AcademyCourse) (AcademyCourse, error) {
	in.ID, in.AuthorID, in.Position = s.NewID(), v.UserID, NewCoursePosition
	now := s.now()
	in.CreatedAt, in.UpdatedAt = now, now
	return s.save(ctx, v, actor, in, nil)
}

// Update replaces a course the viewer may edit (its author and creation time stay).
func (s *Service) Update(ctx context.Context, v Viewer, actor audit.Actor, id string, in AcademyCourse) (AcademyCourse, error) {
	old, err := s.Draft(ctx, v, id)
	if err != nil {
		return AcademyCourse{}, err
	}
	in.ID, in.AuthorID, in.CreatedAt, in.UpdatedAt = old.ID, old.AuthorID, old.CreatedAt, s.now()
	return s.save(ctx, v, actor, in, &old)
}

// Delete removes a course the viewer may edit while no member is enrolled in it (a course with
// members keeps their progress and certificates: it is set to draft instead). Administrators'
// deletions are audited.
func (s *Service) Delete(ctx context.Context, v Viewer, actor audit.Actor, id string) error {
	old, err := s.Draft(ctx, v, id)
	if err != nil {
		return err
	}
	var entry *audit.Record
	if v.Admin {
		e, err := audit.New(actor, ActionCourseDelete, KindCourse, old.ID, summary(old), nil)
		if err != nil {
			return err
		}
		entry = &e
	}
	return s.Store.DeleteCourse(ctx, old.ID, entry)
}

func (s *Service) save(ctx context.Context, v Viewer, actor audit.Actor, in AcademyCourse, old *AcademyCourse) (AcademyCourse, error) {
	c, err := CheckCourse(in)
	if err != nil {
		return AcademyCourse{}, err
	}
	if old != nil {
		c.Position = old.Position
	}
	for i := range c.Lessons {
		if old == nil || !ownsLesson(*old, c.Lessons[i].ID) {
			c.Lessons[i].ID = s.NewID()
		}
		if err := s.resources(ctx, v, c, i); err != nil {
			return AcademyCourse{}, err
		}
	}
	for i := range c.Questions {
		if c.Questions[i].ID == "" {
			c.Questions[i].ID = fmt.Sprintf("q%d", i+1)
		}
	}
	var entry *audit.Record
	if v.Admin {
		action, before := ActionCourseCreate, any(nil)
		if old != nil {
			action, before = ActionCourseUpdate, summary(*old)
		}
		e, err := audit.New(actor, action, KindCourse, c.ID, before, summary(c))
		if err != nil {
			return AcademyCourse{}, err
		}
		entry = &e
	}
	if err := s.Store.SaveCourse(ctx, c, old == nil, entry); err != nil {
		return AcademyCourse{}, err
	}
	return c, nil
}

// ownsLesson: a lesson id sent by the editor is kept only when it is the course's own.
func ownsLesson(c AcademyCourse, id string) bool {
	_, _, ok := c.Lesson(id)
	return ok
}

// summary is what the audit log keeps of a course.
func summary(c AcademyCourse) map[string]any {
	return map[string]any{"slug": c.Slug, "title": c.Title.En, "status": c.Status, "pro_only": c.ProOnly, "pass_mark": c.PassMark,
		"lessons": len(c.Lessons), "questions": len(c.Questions), "author_id": c.AuthorID}
}

// resources checks lesson i's video and files: an upload must exist, belong to the editor or
// the course's author, and be a video (for the video) or a document or picture (for a file);
// its address is filled in. An address is an https link or a path on this site.
func (s *Service) resources(ctx context.Context, v Viewer, c AcademyCourse, i int) error {
	l := &c.Lessons[i]
	at := fmt.Sprintf("lessons[%d].", i)
	if l.Video != nil {
		if err := s.resource(ctx, v, c, l.Video, at+"video", media.KindVideo); err != nil {
			return err
		}
	}
	for j := range l.Files {
		if err := s.resource(ctx, v, c, &l.Files[j], fmt.Sprintf("%sfiles[%d]", at, j), media.KindDocument, media.KindImage); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) resource(ctx context.Context, v Viewer, c AcademyCourse, r *Resource, field string, kinds ...media.Kind) error {
	if r.MediaID != "" {
		f, err := s.Media.MediaFile(ctx, r.MediaID)
		if apperr.CodeOf(err) == apperr.NotFound || (err == nil && f.OwnerID != v.UserID && f.OwnerID != c.AuthorID) {
			return apperr.Field(field+".media_id", KeyMedia, "Choose one of your uploads.")
		}
		if err != nil {
			return err
		}
		ok := false
		for _, k := range kinds {
			ok = ok || f.Kind == k
		}
		if !ok {
			return apperr.Field(field+".media_id", KeyMedia, "This upload is not the right kind of file here.")
		}
		r.URL, r.MediaKind = "/api/media/"+f.ID+"/file", string(f.Kind)
		if r.Title == "" {
			r.Title = f.Name
		}
		return nil
	}
	r.MediaKind = ""
	u := strings.TrimSpace(r.URL)
	site := strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//") && !strings.ContainsAny(u, " \t\n\\")
	if !site && !strings.HasPrefix(u, "https://") || strings.ContainsAny(u, " \t\n\"<>") || len(u) > 500 {
		return apperr.Field(field+".url", KeyResource, "Upload a file or give an https:// address.")
	}
	r.URL = u
	return nil
}
