package httpapi

import (
	"context"
	"strings"

	"circle/internal/academy"
	"circle/internal/auth"
)

// AcademyArea is Circle Academy (issue 32 item 1, F-AREA-05): the course catalogue and course
// pages for everyone, lessons, progress and the quiz for enrolled members (Pro-only courses
// for Pro members), certificates by their id, and the course editor for creators (their own
// courses) and administrators (every course, audited).
type AcademyArea struct {
	Academy *academy.Service
}

const (
	sumAcademyCourses    = "The published courses with the caller's enrolment, progress and certificate"
	sumAcademyCourse     = "A course page: its lessons' outline, quiz size and pass mark, and the caller's progress"
	sumAcademyEnroll     = "Enroll the caller in a course (Pro-only courses need Circle Pro); repeating changes nothing"
	sumAcademyLesson     = "One lesson of a course the caller is enrolled in: text, video and files"
	sumAcademyComplete   = "Mark a lesson done; the certificate is issued when that completes the course"
	sumAcademyQuiz       = "The course's quiz questions, without their answers"
	sumAcademySubmit     = "Submit quiz answers: scored on the server against the pass mark"
	sumAcademyCert       = "A certificate by its id: member name, course and date"
	sumAuthoredCourses   = "The courses the caller may edit (administrators: every course; creators: their own)"
	sumCreateCourse      = "Create a course with its lessons and quiz (administrators' changes audited)"
	sumAuthoredCourse    = "A course to edit, quiz answers included"
	sumUpdateCourse      = "Replace a course's details, lessons and quiz (administrators' changes audited)"
	sumDeleteCourse      = "Delete a course nobody is enrolled in (administrators' deletions audited)"
	sumAdminCourses      = "Every course for the back office with its author, members and certificates, filtered"
	academyCoursePath    = "/api/academy/courses/{slug}"
	academyAuthoringPath = "/api/academy/authoring/courses"
)

// Register declares the area's routes.
func (h *AcademyArea) Register(r *Router) {
	get(r, "/api/academy/courses", "list-academy-courses", sumAcademyCourses, "academy", public, h.catalog)
	get(r, academyCoursePath, "get-academy-course", sumAcademyCourse, "academy", public, h.course)
	post(r, academyCoursePath+"/enroll", "enroll-academy-course", sumAcademyEnroll, "academy", user, h.enroll)
	get(r, academyCoursePath+"/lessons/{lessonId}", "get-academy-lesson", sumAcademyLesson, "academy", user, h.lesson)
	post(r, academyCoursePath+"/lessons/{lessonId}/complete", "complete-academy-lesson", sumAcademyComplete, "academy", user, h.complete)
	get(r, academyCoursePath+"/quiz", "get-academy-quiz", sumAcademyQuiz, "academy", user, h.quiz)
	post(r, academyCoursePath+"/quiz", "submit-academy-quiz", sumAcademySubmit, "academy", user, h.submit, maxKB(4))
	get(r, "/api/academy/certificates/{id}", "get-academy-certificate", sumAcademyCert, "academy", public, h.certificate)
	get(r, academyAuthoringPath, "list-authored-courses", sumAuthoredCourses, "academy", creator, h.authored)
	post(r, academyAuthoringPath, "create-academy-course", sumCreateCourse, "academy", creator, h.create, maxKB(512), created)
	get(r, academyAuthoringPath+"/{id}", "get-authored-course", sumAuthoredCourse, "academy", creator, h.draft)
	put(r, academyAuthoringPath+"/{id}", "update-academy-course", sumUpdateCourse, "academy", creator, h.update, maxKB(512))
	del(r, academyAuthoringPath+"/{id}", "delete-academy-course", sumDeleteCourse, "academy", creator, h.remove, noContent)
	get(r, "/api/admin/academy/courses", "admin-list-academy-courses", sumAdminCourses, "academy", admin, h.adminList)
}

// academyViewer is the caller as the academy sees them; a visitor is the zero viewer.
func academyViewer(ctx context.Context) (academy.Viewer, error) {
	p, ok, err := viewer(ctx)
	if err != nil || !ok {
		return academy.Viewer{}, err
	}
	return viewerOf(p), nil
}

func viewerOf(p auth.Principal) academy.Viewer {
	name := strings.TrimSpace(p.Profile.DisplayName)
	if name == "" {
		name, _, _ = strings.Cut(p.User.Email, "@")
	}
	return academy.Viewer{UserID: p.User.ID, Name: name, Pro: p.Has(auth.RolePro), Admin: p.IsAdmin, Creator: p.Has(auth.RoleCreator)}
}

type academyCoursesOutputBody struct {
	Courses []academy.CourseCard `json:"courses"`
}

type academyCoursesOutput = bodyOutput[academyCoursesOutputBody]

func (h *AcademyArea) catalog(ctx context.Context, _ *struct{}) (*academyCoursesOutput, error) {
	v, err := academyViewer(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := h.Academy.Catalog(ctx, v)
	return answer(academyCoursesOutputBody{Courses: rows}, err)
}

type academySlugInput struct {
	Slug string `path:"slug" maxLength:"80"`
}

type academyCourseOutput = bodyOutput[academy.CourseView]

func (h *AcademyArea) course(ctx context.Context, in *academySlugInput) (*academyCourseOutput, error) {
	v, err := academyViewer(ctx)
	if err != nil {
		return nil, err
	}
	return answer(h.Academy.AcademyCourse(ctx, v, in.Slug))
}

func (h *AcademyArea) enroll(ctx context.Context, in *academySlugInput) (*academyCourseOutput, error) {
	return answer(h.Academy.Enrol(ctx, viewerOf(principalOf(ctx)), in.Slug))
}

type academyLessonInput struct {
	Slug     string `path:"slug" maxLength:"80"`
	LessonID string `path:"lessonId" maxLength:"64"`
}

type academyLessonOutput = bodyOutput[academy.LessonView]

func (h *AcademyArea) lesson(ctx context.Context, in *academyLessonInput) (*academyLessonOutput, error) {
	return answer(h.Academy.Lesson(ctx, viewerOf(principalOf(ctx)), in.Slug, in.LessonID))
}

type academyProgressOutput = bodyOutput[academy.CourseProgress]

func (h *AcademyArea) complete(ctx context.Context, in *academyLessonInput) (*academyProgressOutput, error) {
	return answer(h.Academy.CompleteLesson(ctx, viewerOf(principalOf(ctx)), in.Slug, in.LessonID))
}

type academyQuizOutput = bodyOutput[academy.Quiz]

func (h *AcademyArea) quiz(ctx context.Context, in *academySlugInput) (*academyQuizOutput, error) {
	return answer(h.Academy.Quiz(ctx, viewerOf(principalOf(ctx)), in.Slug))
}

type academySubmitInput struct {
	Slug string `path:"slug" maxLength:"80"`
	Body struct {
		Answers []int `json:"answers" maxItems:"20" doc:"The chosen option's index for each question, in the quiz's order."`
	}
}

type academyResultOutput = bodyOutput[academy.QuizResult]

func (h *AcademyArea) submit(ctx context.Context, in *academySubmitInput) (*academyResultOutput, error) {
	return answer(h.Academy.SubmitQuiz(ctx, viewerOf(principalOf(ctx)), in.Slug, in.Body.Answers))
}

type academyCertificateOutput = bodyOutput[academy.Certificate]

func (h *AcademyArea) certificate(ctx context.Context, in *idPath) (*academyCertificateOutput, error) {
	return answer(h.Academy.Certificate(ctx, in.ID))
}

type authoredCoursesOutputBody struct {
	Courses []academy.AuthoredCourse `json:"courses"`
}

type authoredCoursesOutput = bodyOutput[authoredCoursesOutputBody]

func (h *AcademyArea) authored(ctx context.Context, _ *struct{}) (*authoredCoursesOutput, error) {
	rows, err := h.Academy.Authored(ctx, viewerOf(principalOf(ctx)))
	return answer(authoredCoursesOutputBody{Courses: rows}, err)
}

type adminCoursesInput struct {
	Status string `query:"status" enum:"draft,published," doc:"Only courses in this status; empty for both."`
	Q      string `query:"q" maxLength:"100" doc:"Words in the title (any language), address name or author."`
}

func (h *AcademyArea) adminList(ctx context.Context, in *adminCoursesInput) (*authoredCoursesOutput, error) {
	rows, err := h.Academy.AdminCourses(ctx, viewerOf(principalOf(ctx)), academy.CourseFilter{Status: in.Status, Q: in.Q})
	return answer(authoredCoursesOutputBody{Courses: rows}, err)
}

func (h *AcademyArea) remove(ctx context.Context, in *idPath) (*struct{}, error) {
	return nil, h.Academy.Delete(ctx, viewerOf(principalOf(ctx)), actorOf(ctx), in.ID)
}

// CourseInput is what the editor sends: a course's details, lessons and quiz.
type CourseInput struct {
	Slug      string             `json:"slug" maxLength:"80" doc:"Address name; made from the English title when empty."`
	Title     academy.Text       `json:"title"`
	Summary   academy.Text       `json:"summary"`
	Level     string             `json:"level" enum:"beginner,intermediate,advanced"`
	ProOnly   bool               `json:"pro_only"`
	PassMark  int                `json:"pass_mark" minimum:"0" maximum:"100"`
	Status    string             `json:"status" enum:"draft,published"`
	Lessons   []academy.Lesson   `json:"lessons" maxItems:"20" doc:"In order; a lesson keeps its id (and members' progress) when sent with it."`
	Questions []academy.Question `json:"questions" maxItems:"20"`
}

func (c CourseInput) course() academy.AcademyCourse {
	return academy.AcademyCourse{Slug: c.Slug, Title: c.Title, Summary: c.Summary, Level: c.Level, ProOnly: c.ProOnly, PassMark: c.PassMark,
		Status: c.Status, Lessons: c.Lessons, Questions: c.Questions}
}

type academyCourseInput struct {
	Body CourseInput
}

type academyDraftOutput = bodyOutput[academy.AcademyCourse]

func (h *AcademyArea) create(ctx context.Context, in *academyCourseInput) (*academyDraftOutput, error) {
	return answer(h.Academy.Create(ctx, viewerOf(principalOf(ctx)), actorOf(ctx), in.Body.course()))
}

func (h *AcademyArea) draft(ctx context.Context, in *idPath) (*academyDraftOutput, error) {
	return answer(h.Academy.Draft(ctx, viewerOf(principalOf(ctx)), in.ID))
}

type academyUpdateInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body CourseInput
}

func (h *AcademyArea) update(ctx context.Context, in *academyUpdateInput) (*academyDraftOutput, error) {
	return answer(h.Academy.Update(ctx, viewerOf(principalOf(ctx)), actorOf(ctx), in.ID, in.Body.course()))
}
