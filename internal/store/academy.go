package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"circle/internal/academy"
	"circle/internal/apperr"
	"circle/internal/audit"
)

type academyCourseRow struct {
	bun.BaseModel `bun:"table:academy_courses"`

	ID        string    `bun:"id,pk"`
	Slug      string    `bun:"slug,notnull"`
	AuthorID  string    `bun:"author_id,notnull"`
	Title     string    `bun:"title,notnull"`
	Summary   string    `bun:"summary,notnull"`
	Level     string    `bun:"level,notnull"`
	ProOnly   bool      `bun:"pro_only,notnull"`
	PassMark  int       `bun:"pass_mark,notnull"`
	Status    string    `bun:"status,notnull"`
	Position  int       `bun:"position,notnull"`
	Questions string    `bun:"questions,notnull"`
	CreatedAt time.Time `bun:"created_at,notnull"`
	UpdatedAt time.Time `bun:"updated_at,notnull"`
}

type academyLessonRow struct {
	bun.BaseModel `bun:"table:academy_lessons"`

	ID       string  `bun:"id,pk"`
	CourseID string  `bun:"course_id,notnull"`
	Position int     `bun:"position,notnull"`
	Title    string  `bun:"title,notnull"`
	Minutes  int     `bun:"minutes,notnull"`
	Body     string  `bun:"body,notnull"`
	Video    *string `bun:"video"`
	Files    string  `bun:"files,notnull"`
}

type academyEnrolmentRow struct {
	bun.BaseModel `bun:"table:academy_enrolments"`

	UserID      string     `bun:"user_id,pk"`
	CourseID    string     `bun:"course_id,pk"`
	EnrolledAt  time.Time  `bun:"enrolled_at,notnull"`
	CompletedAt *time.Time `bun:"completed_at"`
}

type academyProgressRow struct {
	bun.BaseModel `bun:"table:academy_lesson_progress"`

	UserID      string    `bun:"user_id,pk"`
	LessonID    string    `bun:"lesson_id,pk"`
	CourseID    string    `bun:"course_id,notnull"`
	CompletedAt time.Time `bun:"completed_at,notnull"`
}

type academyAttemptRow struct {
	bun.BaseModel `bun:"table:academy_quiz_attempts"`

	ID        string    `bun:"id,pk"`
	UserID    string    `bun:"user_id,notnull"`
	CourseID  string    `bun:"course_id,notnull"`
	Answers   string    `bun:"answers,notnull"`
	Correct   int       `bun:"correct,notnull"`
	Total     int       `bun:"total,notnull"`
	Percent   int       `bun:"percent,notnull"`
	Passed    bool      `bun:"passed,notnull"`
	CreatedAt time.Time `bun:"created_at,notnull"`
}

type academyCertificateRow struct {
	bun.BaseModel `bun:"table:academy_certificates"`

	ID          string    `bun:"id,pk"`
	UserID      string    `bun:"user_id,notnull"`
	CourseID    string    `bun:"course_id,notnull"`
	MemberName  string    `bun:"member_name,notnull"`
	CourseTitle string    `bun:"course_title,notnull"`
	IssuedAt    time.Time `bun:"issued_at,notnull"`
}

func jsonText(v any) (string, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("encode academy json: %w", err)
	}
	return string(b), nil
}

func courseRows(c academy.AcademyCourse) (academyCourseRow, []academyLessonRow, error) {
	title, err := jsonText(c.Title)
	if err != nil {
		return academyCourseRow{}, nil, err
	}
	summary, err := jsonText(c.Summary)
	if err != nil {
		return academyCourseRow{}, nil, err
	}
	qs := c.Questions
	if qs == nil {
		qs = []academy.Question{}
	}
	questions, err := jsonText(qs)
	if err != nil {
		return academyCourseRow{}, nil, err
	}
	row := academyCourseRow{ID: c.ID, Slug: c.Slug, AuthorID: c.AuthorID, Title: title, Summary: summary, Level: c.Level, ProOnly: c.ProOnly,
		PassMark: c.PassMark, Status: c.Status, Position: c.Position, Questions: questions, CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt}
	lessons := make([]academyLessonRow, 0, len(c.Lessons))
	for _, l := range c.Lessons {
		lt, err := jsonText(l.Title)
		if err != nil {
			return academyCourseRow{}, nil, err
		}
		files := l.Files
		if files == nil {
			files = []academy.Resource{}
		}
		fs, err := jsonText(files)
		if err != nil {
			return academyCourseRow{}, nil, err
		}
		lr := academyLessonRow{ID: l.ID, CourseID: c.ID, Position: l.Position, Title: lt, Minutes: l.Minutes, Body: l.Body, Files: fs}
		if l.Video != nil {
			v, err := jsonText(l.Video)
			if err != nil {
				return academyCourseRow{}, nil, err
			}
			lr.Video = &v
		}
		lessons = append(lessons, lr)
	}
	return row, lessons, nil
}

func (r academyCourseRow) domain(lessons []academyLessonRow) (academy.AcademyCourse, error) {
	c := academy.AcademyCourse{ID: r.ID, Slug: r.Slug, AuthorID: r.AuthorID, Level: r.Level, ProOnly: r.ProOnly, PassMark: r.PassMark, Status: r.Status,
		Position: r.Position, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(), Lessons: []academy.Lesson{}}
	if err := json.Unmarshal([]byte(r.Title), &c.Title); err != nil {
		return c, fmt.Errorf("read course title: %w", err)
	}
	if err := json.Unmarshal([]byte(r.Summary), &c.Summary); err != nil {
		return c, fmt.Errorf("read course summary: %w", err)
	}
	if err := json.Unmarshal([]byte(r.Questions), &c.Questions); err != nil {
		return c, fmt.Errorf("read course quiz: %w", err)
	}
	for _, lr := range lessons {
		l := academy.Lesson{ID: lr.ID, Position: lr.Position, Minutes: lr.Minutes, Body: lr.Body, Files: []academy.Resource{}}
		if err := json.Unmarshal([]byte(lr.Title), &l.Title); err != nil {
			return c, fmt.Errorf("read lesson title: %w", err)
		}
		if err := json.Unmarshal([]byte(lr.Files), &l.Files); err != nil {
			return c, fmt.Errorf("read lesson files: %w", err)
		}
		if lr.Video != nil {
			l.Video = &academy.Resource{}
			if err := json.Unmarshal([]byte(*lr.Video), l.Video); err != nil {
				return c, fmt.Errorf("read lesson video: %w", err)
			}
		}
		c.Lessons = append(c.Lessons, l)
	}
	return c, nil
}

// Courses lists courses with their lessons in catalogue order (position, then creation).
func (db Academy) Courses(ctx context.Context, all bool, authorID string) ([]academy.AcademyCourse, error) {
	var rows []academyCourseRow
	q := db.bun.NewSelect().Model(&rows).Order("position ASC", "created_at ASC", "id ASC").Limit(500)
	if !all {
		q = q.Where("status = ?", academy.StatusPublished)
	}
	q = whereGiven(q, "author_id = ?", authorID)
	if err := q.Scan(ctx); err != nil {
		return nil, fmt.Errorf("read courses: %w", err)
	}
	if len(rows) == 0 {
		return []academy.AcademyCourse{}, nil
	}
	ids := keysOf(rows, func(r academyCourseRow) string { return r.ID })
	var lessons []academyLessonRow
	if err := db.bun.NewSelect().Model(&lessons).Where("course_id IN (?)", bun.In(ids)).Order("course_id", "position ASC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read lessons: %w", err)
	}
	by := map[string][]academyLessonRow{}
	for _, l := range lessons {
		by[l.CourseID] = append(by[l.CourseID], l)
	}
	out := make([]academy.AcademyCourse, 0, len(rows))
	for _, r := range rows {
		c, err := r.domain(by[r.ID])
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// Course returns a course by id or slug with its lessons.
func (db Academy) AcademyCourse(ctx context.Context, idOrSlug string) (academy.AcademyCourse, error) {
	var row academyCourseRow
	if err := db.bun.NewSelect().Model(&row).Where("id = ? OR slug = ?", idOrSlug, idOrSlug).Limit(1).Scan(ctx); err != nil {
		return academy.AcademyCourse{}, notFound(err, "course")
	}
	var lessons []academyLessonRow
	if err := db.bun.NewSelect().Model(&lessons).Where("course_id = ?", row.ID).Order("position ASC").Scan(ctx); err != nil {
		return academy.AcademyCourse{}, fmt.Errorf("read lessons: %w", err)
	}
	return row.domain(lessons)
}

// SaveCourse writes the course, replaces its lessons and appends the audit entry, in one
// transaction.
func (db Academy) SaveCourse(ctx context.Context, c academy.AcademyCourse, create bool, entry *audit.Record) error {
	row, lessons, err := courseRows(c)
	if err != nil {
		return err
	}
	err = db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		return saveCourse(ctx, tx, row, lessons, create, entry, db.DB)
	})
	if err != nil && isUniqueViolation(err) {
		e := apperr.Field("slug", academy.KeySlugTaken, "Another course has this address name.")
		e.Code = apperr.Conflict
		return e
	}
	return err
}

func saveCourse(ctx context.Context, tx Q, row academyCourseRow, lessons []academyLessonRow, create bool, entry *audit.Record, db *DB) error {
	if create {
		if _, err := tx.NewInsert().Model(&row).Exec(ctx); err != nil {
			return fmt.Errorf("insert course: %w", err)
		}
	} else {
		res, err := tx.NewUpdate().Model(&row).Column("slug", "title", "summary", "level", "pro_only", "pass_mark", "status", "questions", "updated_at").WherePK().Exec(ctx)
		if err != nil {
			return fmt.Errorf("update course: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return apperr.New(apperr.NotFound, academy.MsgCourseAbsent)
		}
	}
	keep := keysOf(lessons, func(l academyLessonRow) string { return l.ID })
	if err := deleteAllBut(ctx, tx.NewDelete().Model((*academyLessonRow)(nil)).Where("course_id = ?", row.ID), keep, "remove lessons"); err != nil {
		return err
	}
	// The service keeps a lesson id only when it is this course's own (academy.ownsLesson).
	for i := range lessons {
		l := &lessons[i]
		if _, err := tx.NewInsert().Model(l).On("CONFLICT (id) DO UPDATE").
			Set("position = EXCLUDED.position, title = EXCLUDED.title, minutes = EXCLUDED.minutes, body = EXCLUDED.body, video = EXCLUDED.video, files = EXCLUDED.files").Exec(ctx); err != nil {
			return fmt.Errorf("save lesson: %w", err)
		}
	}
	if entry != nil {
		return Admin{db}.AppendAudit(ctx, *entry)
	}
	return nil
}

// DeleteCourse removes a course nobody is enrolled in, its lessons with it (ON DELETE CASCADE),
// and appends the audit entry, in one transaction. The course row is locked first on
// PostgreSQL (an enrolment's foreign key check waits on it), so no member enrols between the
// count and the delete; SQLite's immediate transaction holds the only write lock.
func (db Academy) DeleteCourse(ctx context.Context, id string, entry *audit.Record) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		var row academyCourseRow
		q := db.forUpdate(tx.NewSelect().Model(&row).Column("id").Where("id = ?", id))
		if err := q.Scan(ctx); err != nil {
			return notFound(err, "course")
		}
		n, err := tx.NewSelect().Model((*academyEnrolmentRow)(nil)).Where("course_id = ?", id).Count(ctx)
		if err != nil {
			return fmt.Errorf("count enrolments: %w", err)
		}
		if n > 0 {
			return &apperr.Error{Code: apperr.Conflict, Message: academy.MsgHasMembers,
				Fields: []apperr.FieldError{{Field: "course", Key: academy.KeyHasMembers, Message: academy.MsgHasMembers}}}
		}
		if _, err := tx.NewDelete().Model((*academyCourseRow)(nil)).Where("id = ?", id).Exec(ctx); err != nil {
			return fmt.Errorf("delete course: %w", err)
		}
		if entry != nil {
			return Admin{db.DB}.AppendAudit(ctx, *entry)
		}
		return nil
	})
}

// CourseFacts returns each course's author and its enrolment and certificate counts, by id.
func (db Academy) CourseFacts(ctx context.Context, ids []string) (map[string]academy.CourseFacts, error) {
	var rows []struct {
		ID           string `bun:"id"`
		AuthorName   string `bun:"author_name"`
		AuthorEmail  string `bun:"author_email"`
		Members      int    `bun:"members"`
		Certificates int    `bun:"certificates"`
	}
	err := db.bun.NewSelect().TableExpr("academy_courses AS c").
		ColumnExpr("c.id, COALESCE(p.display_name, '') AS author_name, u.email AS author_email").
		ColumnExpr("(SELECT COUNT(*) FROM academy_enrolments AS e WHERE e.course_id = c.id) AS members").
		ColumnExpr("(SELECT COUNT(*) FROM academy_certificates AS x WHERE x.course_id = c.id) AS certificates").
		Join("JOIN users AS u ON u.id = c.author_id").Join("LEFT JOIN profiles AS p ON p.user_id = c.author_id").
		Where("c.id IN (?)", bun.In(ids)).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("read course facts: %w", err)
	}
	out := make(map[string]academy.CourseFacts, len(rows))
	for _, r := range rows {
		out[r.ID] = academy.CourseFacts{AuthorName: r.AuthorName, AuthorEmail: r.AuthorEmail, Members: r.Members, Certificates: r.Certificates}
	}
	return out, nil
}

// Enrol records the enrolment once and returns the one held.
func (db Academy) Enrol(ctx context.Context, e academy.Enrolment) (academy.Enrolment, error) {
	row := academyEnrolmentRow{UserID: e.UserID, CourseID: e.CourseID, EnrolledAt: e.EnrolledAt}
	if _, err := db.bun.NewInsert().Model(&row).On("CONFLICT (user_id, course_id) DO NOTHING").Exec(ctx); err != nil {
		return academy.Enrolment{}, fmt.Errorf("enrol: %w", err)
	}
	if err := db.bun.NewSelect().Model(&row).WherePK().Scan(ctx); err != nil {
		return academy.Enrolment{}, fmt.Errorf("read enrolment: %w", err)
	}
	return enrolmentOf(row), nil
}

func enrolmentOf(r academyEnrolmentRow) academy.Enrolment {
	e := academy.Enrolment{UserID: r.UserID, CourseID: r.CourseID, EnrolledAt: r.EnrolledAt.UTC()}
	if r.CompletedAt != nil {
		t := r.CompletedAt.UTC()
		e.CompletedAt = &t
	}
	return e
}

// Enrolments lists a member's enrolments, oldest first.
func (db Academy) Enrolments(ctx context.Context, userID string) ([]academy.Enrolment, error) {
	var rows []academyEnrolmentRow
	if err := db.bun.NewSelect().Model(&rows).Where("user_id = ?", userID).Order("enrolled_at ASC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read enrolments: %w", err)
	}
	out := make([]academy.Enrolment, 0, len(rows))
	for _, r := range rows {
		out = append(out, enrolmentOf(r))
	}
	return out, nil
}

// CompleteLesson records a lesson done once.
func (db Academy) CompleteLesson(ctx context.Context, userID, courseID, lessonID string, at time.Time) error {
	row := academyProgressRow{UserID: userID, LessonID: lessonID, CourseID: courseID, CompletedAt: at}
	if _, err := db.bun.NewInsert().Model(&row).On("CONFLICT (user_id, lesson_id) DO NOTHING").Exec(ctx); err != nil {
		return fmt.Errorf("complete lesson: %w", err)
	}
	return nil
}

// CompletedLessons lists the lessons a member finished, by course.
func (db Academy) CompletedLessons(ctx context.Context, userID string) (map[string][]string, error) {
	var rows []academyProgressRow
	if err := db.bun.NewSelect().Model(&rows).Where("user_id = ?", userID).Order("completed_at ASC", "lesson_id ASC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read lesson progress: %w", err)
	}
	out := map[string][]string{}
	for _, r := range rows {
		out[r.CourseID] = append(out[r.CourseID], r.LessonID)
	}
	return out, nil
}

// InsertAttempt stores a scored quiz submission.
func (db Academy) InsertAttempt(ctx context.Context, a academy.Attempt) error {
	answers, err := jsonText(a.Answers)
	if err != nil {
		return err
	}
	row := academyAttemptRow{ID: a.ID, UserID: a.UserID, CourseID: a.CourseID, Answers: answers, Correct: a.Correct, Total: a.Total,
		Percent: a.Percent, Passed: a.Passed, CreatedAt: a.CreatedAt}
	return insertModel(ctx, db.bun, &row, "save quiz attempt")
}

// Attempts lists a member's attempts at a course's quiz, newest first.
func (db Academy) Attempts(ctx context.Context, userID, courseID string, limit int) ([]academy.Attempt, error) {
	rows, err := newestRows[academyAttemptRow](ctx, db.bun, limit, "read quiz attempts", "user_id = ? AND course_id = ?", userID, courseID)
	if err != nil {
		return nil, err
	}
	out := make([]academy.Attempt, 0, len(rows))
	for _, r := range rows {
		a := academy.Attempt{ID: r.ID, UserID: r.UserID, CourseID: r.CourseID, Correct: r.Correct, Total: r.Total, Percent: r.Percent,
			Passed: r.Passed, CreatedAt: r.CreatedAt.UTC()}
		if err := json.Unmarshal([]byte(r.Answers), &a.Answers); err != nil {
			return nil, fmt.Errorf("read quiz answers: %w", err)
		}
		out = append(out, a)
	}
	return out, nil
}

// IssueCertificate stores the certificate unless one is held for the member and course, marks
// the enrolment complete, and returns the one held; concurrent calls issue one.
func (db Academy) IssueCertificate(ctx context.Context, c academy.Certificate) (academy.Certificate, error) {
	title, err := jsonText(c.CourseTitle)
	if err != nil {
		return academy.Certificate{}, err
	}
	row := academyCertificateRow{ID: c.ID, UserID: c.UserID, CourseID: c.CourseID, MemberName: c.MemberName, CourseTitle: title, IssuedAt: c.IssuedAt}
	err = db.InTx(ctx, func(ctx context.Context) error {
		tx := db.q(ctx)
		if _, err := tx.NewInsert().Model(&row).On("CONFLICT (user_id, course_id) DO NOTHING").Exec(ctx); err != nil {
			return fmt.Errorf("issue certificate: %w", err)
		}
		if err := tx.NewSelect().Model(&row).Where("user_id = ? AND course_id = ?", c.UserID, c.CourseID).Scan(ctx); err != nil {
			return fmt.Errorf("read certificate: %w", err)
		}
		if _, err := tx.NewUpdate().Model((*academyEnrolmentRow)(nil)).Set("completed_at = ?", row.IssuedAt).
			Where("user_id = ? AND course_id = ? AND completed_at IS NULL", c.UserID, c.CourseID).Exec(ctx); err != nil {
			return fmt.Errorf("complete enrolment: %w", err)
		}
		return nil
	})
	if err != nil {
		return academy.Certificate{}, err
	}
	return db.certificate(ctx, row)
}

func (db Academy) certificate(ctx context.Context, row academyCertificateRow) (academy.Certificate, error) {
	c := academy.Certificate{ID: row.ID, UserID: row.UserID, CourseID: row.CourseID, MemberName: row.MemberName, IssuedAt: row.IssuedAt.UTC()}
	if err := json.Unmarshal([]byte(row.CourseTitle), &c.CourseTitle); err != nil {
		return c, fmt.Errorf("read certificate title: %w", err)
	}
	if err := db.bun.NewSelect().Table("academy_courses").Column("slug").Where("id = ?", row.CourseID).Scan(ctx, &c.CourseSlug); err != nil {
		return c, fmt.Errorf("read certificate course: %w", err)
	}
	return c, nil
}

// Certificate returns a certificate by id.
func (db Academy) Certificate(ctx context.Context, id string) (academy.Certificate, error) {
	var row academyCertificateRow
	if err := db.bun.NewSelect().Model(&row).Where("id = ?", id).Scan(ctx); err != nil {
		return academy.Certificate{}, notFound(err, "certificate")
	}
	return db.certificate(ctx, row)
}

// Certificates lists a member's certificates by course id.
func (db Academy) Certificates(ctx context.Context, userID string) (map[string]academy.Certificate, error) {
	var rows []academyCertificateRow
	if err := db.bun.NewSelect().Model(&rows).Where("user_id = ?", userID).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read certificates: %w", err)
	}
	out := map[string]academy.Certificate{}
	for _, r := range rows {
		c := academy.Certificate{ID: r.ID, UserID: r.UserID, CourseID: r.CourseID, MemberName: r.MemberName, IssuedAt: r.IssuedAt.UTC()}
		if err := json.Unmarshal([]byte(r.CourseTitle), &c.CourseTitle); err != nil {
			return nil, fmt.Errorf("read certificate title: %w", err)
		}
		out[r.CourseID] = c
	}
	return out, nil
}

// AcademyCourses writes the demo's courses (issue 32 item 1).
func (w *Importer) AcademyCourses(ctx context.Context, courses []academy.AcademyCourse) error {
	for _, c := range courses {
		row, lessons, err := courseRows(c)
		if err != nil {
			return err
		}
		if err := saveCourse(ctx, w.tx, row, lessons, true, nil, w.db); err != nil {
			return fmt.Errorf("demo course %s: %w", c.Slug, err)
		}
	}
	return nil
}
