// Package academy is Circle Academy (issue 32 item 1, F-AREA-05): courses of lessons (rich
// text sanitised by the 03§5 allow-list, a video and downloadable files from the media
// uploads), enrolment, progress per lesson kept on the server, a quiz per course scored on the
// server against a pass mark, and a certificate once every lesson is done and the quiz passed.
// Pro-only courses are locked for members without Circle Pro. Administrators and creators
// author courses; a creator edits only their own (docs/areas/academy.md).
package academy

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"circle/internal/apperr"
	"circle/internal/formrules"
	"circle/internal/lang"
)

// Course status and level values.
const (
	StatusDraft     = "draft"
	StatusPublished = "published"

	LevelBeginner     = "beginner"
	LevelIntermediate = "intermediate"
	LevelAdvanced     = "advanced"

	ResourceVideo = "video"
	ResourceFile  = "file"
)

// Limits of a course.
const (
	MaxLessons       = 20
	MaxQuestions     = 20
	MinOptions       = 2
	MaxOptions       = 6
	MaxBody          = 20000
	MaxFiles         = 5
	MaxLessonMinutes = 240
	DefaultPassMark  = 70
	MinPassMark      = 50
	MaxPassMark      = 100
	// NewCoursePosition puts courses made in the editor after the catalogue's own.
	NewCoursePosition = 1000
)

// Message keys of the academy's refusals (web: academy.errors.*).
const (
	KeyProRequired  = "academy.errors.pro_required"
	KeyNotEnrolled  = "academy.errors.not_enrolled"
	KeyAnswers      = "academy.errors.answers"
	KeyAnswer       = "academy.errors.answer"
	KeySlug         = "academy.errors.slug"
	KeySlugTaken    = "academy.errors.slug_taken"
	KeyLevel        = "academy.errors.level"
	KeyStatus       = "academy.errors.status"
	KeyPassMark     = "academy.errors.pass_mark"
	KeyLessons      = "academy.errors.lessons"
	KeyNeedsLesson  = "academy.errors.lessons_required"
	KeySlugReserved = "academy.errors.slug_reserved"
	KeyMinutes      = "academy.errors.minutes"
	KeyBody         = "academy.errors.body"
	KeyQuestions    = "academy.errors.questions"
	KeyNeedsQuiz    = "academy.errors.questions_required"
	KeyOptions      = "academy.errors.options"
	KeyCorrect      = "academy.errors.correct"
	KeyResource     = "academy.errors.resource"
	KeyMedia        = "academy.errors.media"
	KeyNoQuiz       = "academy.errors.no_quiz"
	KeyHasMembers   = "academy.errors.has_members"
	MsgProRequired  = "This course is for Circle Pro members. Upgrade to Pro to enroll."
	MsgNotEnrolled  = "Enroll in the course first."
	MsgNotEditable  = "You can edit only your own courses."
	MsgCourseAbsent = "No such course."
	MsgLessonAbsent = "No such lesson."
	MsgHasMembers   = "Members are enrolled in this course, so it cannot be deleted: set it to draft to take it out of the catalogue."
)

// Text is a course's words in the three languages; English is required, Spanish and French
// fall back to it when empty.
type Text struct {
	En string `json:"en" maxLength:"2000"`
	Es string `json:"es" maxLength:"2000"`
	Fr string `json:"fr" maxLength:"2000"`
}

// In returns the text in language l ("en", "es", "fr"), English when that one is empty.
func (t Text) In(l string) string { return lang.Pick(l, t.En, t.Es, t.Fr) }

// Resource is a lesson's video or downloadable file: an upload (MediaID set, URL its address)
// or an address (an https link, or a file this site serves such as the demo's /demo/ files).
type Resource struct {
	Kind    string `json:"kind" enum:"video,file"`
	Title   string `json:"title,omitempty" maxLength:"120"`
	MediaID string `json:"media_id,omitempty" maxLength:"64" doc:"An upload of the author's (GET /api/media); its address is filled in."`
	URL     string `json:"url,omitempty" maxLength:"500"`
	// MediaKind is the upload's kind (image, video, document), or empty for an address.
	MediaKind string `json:"media_kind,omitempty" enum:"image,video,document,"`
}

// Lesson is one lesson of a course.
type Lesson struct {
	ID       string `json:"id,omitempty" maxLength:"64" doc:"Empty for a new lesson."`
	Position int    `json:"position,omitempty" doc:"Set from the order of the list."`
	Title    Text   `json:"title"`
	Minutes  int    `json:"minutes" minimum:"1" maximum:"240"`
	// Body is HTML kept to the 03§5 allow-list (p, br, strong, em, b, i, u, ul, ol, li, h1-h6).
	Body  string     `json:"body" maxLength:"40000"`
	Video *Resource  `json:"video,omitempty"`
	Files []Resource `json:"files"`
}

// Question is one quiz question; Correct (an index into Options) never leaves the server
// before the member submits.
type Question struct {
	ID          string   `json:"id,omitempty" maxLength:"64"`
	Prompt      string   `json:"prompt" maxLength:"500"`
	Options     []string `json:"options" maxItems:"6"`
	Correct     int      `json:"correct"`
	Explanation string   `json:"explanation,omitempty" maxLength:"1000" doc:"Shown with the right answer once the member passed."`
}

// Course is a course with its lessons and quiz, as stored.
type AcademyCourse struct {
	ID        string     `json:"id"`
	Slug      string     `json:"slug"`
	AuthorID  string     `json:"author_id"`
	Title     Text       `json:"title"`
	Summary   Text       `json:"summary"`
	Level     string     `json:"level" enum:"beginner,intermediate,advanced"`
	ProOnly   bool       `json:"pro_only"`
	PassMark  int        `json:"pass_mark"`
	Status    string     `json:"status" enum:"draft,published"`
	Position  int        `json:"position"`
	Lessons   []Lesson   `json:"lessons"`
	Questions []Question `json:"questions"`
	CreatedAt time.Time  `json:"created_at"`
	UpdatedAt time.Time  `json:"updated_at"`
}

// Minutes is the course's length: its lessons' minutes.
func (c AcademyCourse) Minutes() int {
	n := 0
	for _, l := range c.Lessons {
		n += l.Minutes
	}
	return n
}

// Lesson returns the lesson with id and its index.
func (c AcademyCourse) Lesson(id string) (Lesson, int, bool) {
	for i, l := range c.Lessons {
		if l.ID == id {
			return l, i, true
		}
	}
	return Lesson{}, -1, false
}

// Enrolment is a member's enrolment in a course.
type Enrolment struct {
	UserID      string     `json:"-"`
	CourseID    string     `json:"course_id"`
	EnrolledAt  time.Time  `json:"enrolled_at"`
	CompletedAt *time.Time `json:"completed_at"`
}

// Attempt is one scored quiz submission.
type Attempt struct {
	ID        string    `json:"id"`
	UserID    string    `json:"-"`
	CourseID  string    `json:"course_id"`
	Answers   []int     `json:"answers"`
	Correct   int       `json:"correct"`
	Total     int       `json:"total"`
	Percent   int       `json:"percent"`
	Passed    bool      `json:"passed"`
	CreatedAt time.Time `json:"created_at"`
}

// Certificate is issued once per member and course when the course is complete. Its id is
// random and stable: the printable page is shared by it.
type Certificate struct {
	ID          string    `json:"id"`
	UserID      string    `json:"-"`
	CourseID    string    `json:"course_id"`
	CourseSlug  string    `json:"course_slug"`
	MemberName  string    `json:"member_name"`
	CourseTitle Text      `json:"course_title"`
	IssuedAt    time.Time `json:"issued_at"`
}

// Score marks answers against the questions: how many are right, the percent (rounded down)
// and whether it reaches passMark. Answers must already have one entry per question.
func Score(qs []Question, answers []int, passMark int) (correct, percent int, passed bool) {
	for i, q := range qs {
		if i < len(answers) && answers[i] == q.Correct {
			correct++
		}
	}
	if len(qs) == 0 {
		return 0, 0, false
	}
	percent = correct * 100 / len(qs)
	return correct, percent, percent >= passMark
}

// Percent is the share of lessons done, rounded down; 0 for a course without lessons.
func Percent(done, total int) int {
	if total == 0 {
		return 0
	}
	if done > total {
		done = total
	}
	return done * 100 / total
}

// Complete reports whether a member finished a course: every current lesson done and, when
// the course has a quiz, a passing attempt.
func Complete(c AcademyCourse, done []string, passed bool) bool {
	for _, l := range c.Lessons {
		if !slices.Contains(done, l.ID) {
			return false
		}
	}
	return len(c.Lessons) > 0 && (passed || len(c.Questions) == 0)
}

// CheckAnswers refuses a submission that does not answer every question with one of its
// options, naming the first bad answer.
func CheckAnswers(qs []Question, answers []int) error {
	if len(answers) != len(qs) {
		return apperr.Field("answers", KeyAnswers, fmt.Sprintf("Answer all %d questions.", len(qs)))
	}
	var fields []apperr.FieldError
	for i, a := range answers {
		if a < 0 || a >= len(qs[i].Options) {
			fields = append(fields, apperr.FieldError{Field: fmt.Sprintf("answers[%d]", i), Key: KeyAnswer, Message: "Choose one of the options."})
		}
	}
	return apperr.Fields(fields)
}

var slugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// ReservedSlugs are address names the web app's academy routes use (/academy/new opens the
// editor, /academy/certificates/{id} a certificate): a course named so could not be reached.
var ReservedSlugs = []string{"new", "certificates"}

// Slugify makes an address name from a title: lower-case letters and digits joined by dashes.
func Slugify(title string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(title) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		default:
			dash = true
		}
	}
	s := b.String()
	if len(s) > 80 {
		s = strings.TrimRight(s[:80], "-")
	}
	return s
}

// check sanitises and checks an author's course in place.
type check struct{ errs formrules.Errors }

func (c *check) text(p *string, field, label string, s formrules.Spec) {
	*p = formrules.SanitizeText(*p)
	if s.Kind == "" {
		s.Kind = formrules.Text
	}
	c.errs.Check(field, label, *p, s)
}

func (c *check) texts(t *Text, field, label string, required bool, max int) {
	c.text(&t.En, field+".en", label, formrules.Spec{Kind: formrules.Text, Required: required, Min: 0, Max: max})
	c.text(&t.Es, field+".es", label, formrules.Spec{Kind: formrules.Text, Optional: true, Max: max})
	c.text(&t.Fr, field+".fr", label, formrules.Spec{Kind: formrules.Text, Optional: true, Max: max})
	if required && utf8.RuneCountInString(t.En) == 1 {
		c.errs.Add(field+".en", formrules.KeyMin, fmt.Sprintf("%s must be at least 2 characters", label))
	}
}

// CheckCourse sanitises every text of a course (titles as text, lesson bodies as the 03§5
// HTML allow-list) and checks its rules, returning the broken ones as field errors named by
// their JSON path (lessons[1].title.en). Resources are checked by the service (uploads need
// the media store).
func CheckCourse(in AcademyCourse) (AcademyCourse, error) {
	c := in
	k := &check{}
	k.texts(&c.Title, "title", "Title", true, 120)
	k.texts(&c.Summary, "summary", "Summary", false, 500)
	c.Slug = strings.TrimSpace(strings.ToLower(c.Slug))
	if c.Slug == "" {
		c.Slug = Slugify(c.Title.En)
	}
	if len(c.Slug) < 3 || len(c.Slug) > 80 || !slugPattern.MatchString(c.Slug) {
		k.errs.Add("slug", KeySlug, "The address name is 3 to 80 lower-case letters, digits and dashes.")
	} else if slices.Contains(ReservedSlugs, c.Slug) {
		k.errs.Add("slug", KeySlugReserved, "This address name is taken by the academy's pages; choose another.")
	}
	if c.Level == "" {
		c.Level = LevelBeginner
	}
	if !slices.Contains([]string{LevelBeginner, LevelIntermediate, LevelAdvanced}, c.Level) {
		k.errs.Add("level", KeyLevel, "Choose beginner, intermediate or advanced.")
	}
	if c.Status == "" {
		c.Status = StatusDraft
	}
	if c.Status != StatusDraft && c.Status != StatusPublished {
		k.errs.Add("status", KeyStatus, "Choose draft or published.")
	}
	if c.PassMark == 0 {
		c.PassMark = DefaultPassMark
	}
	if c.PassMark < MinPassMark || c.PassMark > MaxPassMark {
		k.errs.Add("pass_mark", KeyPassMark, fmt.Sprintf("The pass mark is from %d%% to %d%%.", MinPassMark, MaxPassMark))
	}
	if len(c.Lessons) > MaxLessons {
		k.errs.Add("lessons", KeyLessons, fmt.Sprintf("A course has at most %d lessons.", MaxLessons))
	}
	if c.Status == StatusPublished && len(c.Lessons) == 0 {
		k.errs.Add("lessons", KeyNeedsLesson, "A published course needs at least one lesson.")
	}
	c.Lessons = slices.Clone(c.Lessons)
	for i := range c.Lessons {
		l := &c.Lessons[i]
		at := fmt.Sprintf("lessons[%d].", i)
		l.Position = i + 1
		k.texts(&l.Title, at+"title", "Lesson title", true, 120)
		if l.Minutes < 1 || l.Minutes > MaxLessonMinutes {
			k.errs.Add(at+"minutes", KeyMinutes, fmt.Sprintf("A lesson takes 1 to %d minutes.", MaxLessonMinutes))
		}
		l.Body = formrules.SanitizeHTML(l.Body)
		if n := utf8.RuneCountInString(l.Body); n > MaxBody {
			k.errs.Add(at+"body", KeyBody, fmt.Sprintf("A lesson's text is at most %d characters.", MaxBody))
		}
		if l.Files == nil {
			l.Files = []Resource{}
		}
		if len(l.Files) > MaxFiles {
			k.errs.Add(at+"files", KeyResource, fmt.Sprintf("A lesson has at most %d files.", MaxFiles))
		}
		l.Files = slices.Clone(l.Files)
		if l.Video != nil {
			v := *l.Video
			v.Kind = ResourceVideo
			k.text(&v.Title, at+"video.title", "Video title", formrules.Spec{Kind: formrules.Text, Optional: true, Max: 120})
			l.Video = &v
		}
		for j := range l.Files {
			f := &l.Files[j]
			f.Kind = ResourceFile
			k.text(&f.Title, fmt.Sprintf("%sfiles[%d].title", at, j), "File title", formrules.Spec{Kind: formrules.Text, Required: true, Max: 120})
		}
	}
	if len(c.Questions) > MaxQuestions {
		k.errs.Add("questions", KeyQuestions, fmt.Sprintf("A quiz has at most %d questions.", MaxQuestions))
	}
	if c.Status == StatusPublished && len(c.Questions) == 0 {
		k.errs.Add("questions", KeyNeedsQuiz, "A published course needs a quiz of at least one question.")
	}
	c.Questions = slices.Clone(c.Questions)
	for i := range c.Questions {
		q := &c.Questions[i]
		at := fmt.Sprintf("questions[%d].", i)
		k.text(&q.Prompt, at+"prompt", "Question", formrules.Spec{Kind: formrules.Text, Required: true, Max: 500})
		k.text(&q.Explanation, at+"explanation", "Explanation", formrules.Spec{Kind: formrules.Text, Optional: true, Max: 1000})
		if len(q.Options) < MinOptions || len(q.Options) > MaxOptions {
			k.errs.Add(at+"options", KeyOptions, fmt.Sprintf("A question has %d to %d options.", MinOptions, MaxOptions))
		}
		q.Options = slices.Clone(q.Options)
		for j := range q.Options {
			k.text(&q.Options[j], fmt.Sprintf("%soptions[%d]", at, j), "Option", formrules.Spec{Kind: formrules.Text, Required: true, Max: 200})
		}
		if q.Correct < 0 || q.Correct >= len(q.Options) {
			k.errs.Add(at+"correct", KeyCorrect, "Mark which option is right.")
		}
	}
	if err := k.errs.Err(); err != nil {
		return AcademyCourse{}, err
	}
	return c, nil
}
