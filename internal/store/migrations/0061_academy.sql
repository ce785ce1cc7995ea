-- Circle Academy (issue 32 item 1, F-AREA-05; internal/academy, docs/areas/academy.md):
-- courses and their lessons, enrolments, progress per lesson, quiz attempts and certificates.

-- A course. title and summary are JSON {en, es, fr}; questions is the JSON list of the quiz's
-- questions with their right answers (never sent to a member before they submit).
CREATE TABLE academy_courses (
    id TEXT PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    author_id TEXT NOT NULL REFERENCES users (id),
    title TEXT NOT NULL,
    summary TEXT NOT NULL DEFAULT '{}',
    level TEXT NOT NULL CHECK (level IN ('beginner', 'intermediate', 'advanced')),
    pro_only BOOLEAN NOT NULL DEFAULT FALSE,
    pass_mark INTEGER NOT NULL CHECK (pass_mark BETWEEN 50 AND 100),
    status TEXT NOT NULL CHECK (status IN ('draft', 'published')),
    position INTEGER NOT NULL DEFAULT 0,
    questions TEXT NOT NULL DEFAULT '[]',
    created_at {{.TS}} NOT NULL,
    updated_at {{.TS}} NOT NULL
);
CREATE INDEX academy_courses_author_idx ON academy_courses (author_id);

-- A lesson. title is JSON {en, es, fr}; body is HTML kept to the 03§5 allow-list; video is a
-- JSON resource or NULL, files a JSON list of resources.
CREATE TABLE academy_lessons (
    id TEXT PRIMARY KEY,
    course_id TEXT NOT NULL REFERENCES academy_courses (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    title TEXT NOT NULL,
    minutes INTEGER NOT NULL CHECK (minutes BETWEEN 1 AND 240),
    body TEXT NOT NULL DEFAULT '',
    video TEXT,
    files TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX academy_lessons_course_idx ON academy_lessons (course_id, position);

-- A member's enrolment; completed_at is set when the certificate is issued.
CREATE TABLE academy_enrolments (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    course_id TEXT NOT NULL REFERENCES academy_courses (id) ON DELETE CASCADE,
    enrolled_at {{.TS}} NOT NULL,
    completed_at {{.TS}},
    PRIMARY KEY (user_id, course_id)
);

-- A lesson a member finished (once).
CREATE TABLE academy_lesson_progress (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    lesson_id TEXT NOT NULL REFERENCES academy_lessons (id) ON DELETE CASCADE,
    course_id TEXT NOT NULL REFERENCES academy_courses (id) ON DELETE CASCADE,
    completed_at {{.TS}} NOT NULL,
    PRIMARY KEY (user_id, lesson_id)
);
CREATE INDEX academy_lesson_progress_course_idx ON academy_lesson_progress (user_id, course_id);

-- A scored quiz submission; answers is the JSON list of the chosen option per question.
CREATE TABLE academy_quiz_attempts (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    course_id TEXT NOT NULL REFERENCES academy_courses (id) ON DELETE CASCADE,
    answers TEXT NOT NULL,
    correct INTEGER NOT NULL CHECK (correct >= 0),
    total INTEGER NOT NULL CHECK (total > 0),
    percent INTEGER NOT NULL CHECK (percent BETWEEN 0 AND 100),
    passed BOOLEAN NOT NULL,
    created_at {{.TS}} NOT NULL
);
CREATE INDEX academy_quiz_attempts_user_idx ON academy_quiz_attempts (user_id, course_id, created_at);

-- A certificate: one per member and course; the name and title are kept as printed.
CREATE TABLE academy_certificates (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    course_id TEXT NOT NULL REFERENCES academy_courses (id) ON DELETE CASCADE,
    member_name TEXT NOT NULL,
    course_title TEXT NOT NULL,
    issued_at {{.TS}} NOT NULL,
    UNIQUE (user_id, course_id)
);
