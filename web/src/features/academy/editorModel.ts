import { checkRule, type RuleSpec } from '../../lib/formRules';
import { cleanRichText, richTextWords } from '../../lib/richText';
import type { CourseInput, DraftCourse, ResourceInput } from './editorApi';

/**
 * The course editor's form and its rules: the same rules as the server's academy.CheckCourse
 * (internal/academy/academy.go), with the same field paths (lessons[1].title.en) and message keys,
 * so an error found here and one the server sends land on the same field with the same words.
 */

export const LIMITS = {
  lessons: 20,
  questions: 20,
  minOptions: 2,
  maxOptions: 6,
  files: 5,
  minutes: 240,
  body: 20000,
  minPassMark: 50,
  maxPassMark: 100,
  defaultPassMark: 70,
} as const;

export const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type Level = (typeof LEVELS)[number];
export const LANGS = ['en', 'es', 'fr'] as const;
export type Lang = (typeof LANGS)[number];
/** Address names the academy's own pages use (academy.ReservedSlugs). */
export const RESERVED_SLUGS = ['new', 'certificates'];

export type TextForm = Record<Lang, string>;

export interface ResourceForm {
  key: string;
  title: string;
  /** An upload of the author's (its address comes from the server), or '' for an address. */
  mediaId: string;
  url: string;
  mediaKind: string;
}

export interface LessonForm {
  key: string;
  /** The stored lesson's id ('' for a new one): sent back, it keeps members' progress. */
  id: string;
  title: TextForm;
  minutes: string;
  /** Allow-listed HTML (lib/richText.ts). */
  body: string;
  video: ResourceForm | null;
  files: ResourceForm[];
}

export interface OptionForm {
  key: string;
  text: string;
}

export interface QuestionForm {
  key: string;
  id: string;
  prompt: string;
  options: OptionForm[];
  /** The right option's index; null until the author marks one. */
  correct: number | null;
  explanation: string;
}

export interface CourseForm {
  title: TextForm;
  summary: TextForm;
  slug: string;
  level: Level;
  proOnly: boolean;
  published: boolean;
  passMark: string;
  lessons: LessonForm[];
  questions: QuestionForm[];
}

let seq = 0;
/** A key for a new row of a list (React keys; never sent). */
export const newKey = (prefix: string) => `${prefix}-new-${++seq}`;

const text = (t?: { en: string; es: string; fr: string }): TextForm => ({ en: t?.en ?? '', es: t?.es ?? '', fr: t?.fr ?? '' });

function resourceOf(r: ResourceInput, key: string): ResourceForm {
  return { key, title: r.title ?? '', mediaId: r.media_id ?? '', url: r.url ?? '', mediaKind: r.media_kind ?? '' };
}

export function emptyLesson(): LessonForm {
  return { key: newKey('lesson'), id: '', title: text(), minutes: '5', body: '', video: null, files: [] };
}

export function emptyQuestion(): QuestionForm {
  return {
    key: newKey('question'),
    id: '',
    prompt: '',
    options: [
      { key: newKey('option'), text: '' },
      { key: newKey('option'), text: '' },
    ],
    correct: null,
    explanation: '',
  };
}

export function emptyResource(): ResourceForm {
  return { key: newKey('resource'), title: '', mediaId: '', url: '', mediaKind: '' };
}

/** A new course: a draft with one empty lesson and one empty question to fill in. */
export function emptyCourse(): CourseForm {
  return {
    title: text(),
    summary: text(),
    slug: '',
    level: 'beginner',
    proOnly: false,
    published: false,
    passMark: String(LIMITS.defaultPassMark),
    lessons: [emptyLesson()],
    questions: [emptyQuestion()],
  };
}

/** The form of a stored course. */
export function formOf(c: DraftCourse): CourseForm {
  return {
    title: text(c.title),
    summary: text(c.summary),
    slug: c.slug,
    level: c.level,
    proOnly: c.pro_only,
    published: c.status === 'published',
    passMark: String(c.pass_mark),
    lessons: (c.lessons ?? []).map((l, i) => ({
      key: l.id || `lesson-${i}`,
      id: l.id ?? '',
      title: text(l.title),
      minutes: String(l.minutes),
      body: cleanRichText(l.body),
      video: l.video ? resourceOf(l.video, `${l.id}-video`) : null,
      files: (l.files ?? []).map((f, j) => resourceOf(f, `${l.id}-file-${j}`)),
    })),
    questions: (c.questions ?? []).map((q, i) => ({
      key: q.id || `question-${i}`,
      id: q.id ?? '',
      prompt: q.prompt,
      options: (q.options ?? []).map((o, j) => ({ key: `${q.id}-option-${j}`, text: o })),
      correct: q.correct,
      explanation: q.explanation ?? '',
    })),
  };
}

const int = (s: string): number => (/^\s*\d+\s*$/.test(s) ? Number.parseInt(s, 10) : Number.NaN);

function resourceBody(r: ResourceForm, kind: 'video' | 'file'): ResourceInput {
  const out: ResourceInput = { kind, title: r.title.trim() };
  if (r.mediaId) out.media_id = r.mediaId;
  else out.url = r.url.trim();
  return out;
}

/** The API body of the form (the server sanitises and checks it again). */
export function bodyOf(f: CourseForm): CourseInput {
  return {
    title: f.title,
    summary: f.summary,
    slug: f.slug.trim().toLowerCase(),
    level: f.level,
    pro_only: f.proOnly,
    status: f.published ? 'published' : 'draft',
    pass_mark: int(f.passMark) || 0,
    lessons: f.lessons.map((l) => ({
      ...(l.id ? { id: l.id } : {}),
      title: l.title,
      minutes: int(l.minutes) || 0,
      body: l.body,
      ...(l.video ? { video: resourceBody(l.video, 'video') } : {}),
      files: l.files.map((r) => resourceBody(r, 'file')),
    })),
    questions: f.questions.map((q) => ({
      ...(q.id ? { id: q.id } : {}),
      prompt: q.prompt,
      options: q.options.map((o) => o.text),
      correct: q.correct ?? -1,
      explanation: q.explanation,
    })),
  };
}

/** The address name the server makes from a title (academy.Slugify). */
export function slugify(title: string): string {
  let out = '';
  let dash = false;
  for (const ch of title.toLowerCase()) {
    if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) {
      if (dash && out) out += '-';
      out += ch;
      dash = false;
    } else {
      dash = true;
    }
  }
  return out.length > 80 ? out.slice(0, 80).replace(/-+$/, '') : out;
}

/** One problem of a field: its message key, the number the message names, the server's words. */
export interface Problem {
  key: string;
  n?: number;
  message?: string;
}
export type Problems = Record<string, Problem>;

/** The rule of each text field by its path without indexes (the server's checks in CheckCourse). */
const TEXT_SPECS: Record<string, RuleSpec> = {
  'title.en': { kind: 'text', required: true, min: 2, max: 120 },
  'title.es': { kind: 'text', max: 120 },
  'title.fr': { kind: 'text', max: 120 },
  'summary.en': { kind: 'text', max: 500 },
  'summary.es': { kind: 'text', max: 500 },
  'summary.fr': { kind: 'text', max: 500 },
  'lessons.title.en': { kind: 'text', required: true, min: 2, max: 120 },
  'lessons.title.es': { kind: 'text', max: 120 },
  'lessons.title.fr': { kind: 'text', max: 120 },
  'lessons.video.title': { kind: 'text', max: 120 },
  'lessons.files.title': { kind: 'text', required: true, max: 120 },
  'questions.prompt': { kind: 'text', required: true, max: 500 },
  'questions.explanation': { kind: 'text', max: 1000 },
  'questions.options': { kind: 'text', required: true, max: 200 },
};

/** A field path without its list indexes: lessons[1].title.en -> lessons.title.en. */
export const plainPath = (path: string) => path.replace(/\[\d+\]/g, '');

/** The number a rule's message names (formRules.min/max), from the field's rule. */
export function ruleNumber(path: string, key: string): number | undefined {
  const spec = TEXT_SPECS[plainPath(path)];
  if (!spec) return undefined;
  if (key === 'formRules.min') return spec.min;
  if (key === 'formRules.max') return spec.max;
  return undefined;
}

/** The label key of a field path (academy.editor.fields.*). */
export function labelKeyOf(path: string): string {
  const p = plainPath(path);
  const labels: Record<string, string> = {
    'title.en': 'title',
    'title.es': 'titleEs',
    'title.fr': 'titleFr',
    'summary.en': 'summary',
    'summary.es': 'summaryEs',
    'summary.fr': 'summaryFr',
    slug: 'slug',
    level: 'level',
    status: 'published',
    pass_mark: 'passMark',
    lessons: 'lessons',
    'lessons.title.en': 'lessonTitle',
    'lessons.title.es': 'lessonTitleEs',
    'lessons.title.fr': 'lessonTitleFr',
    'lessons.minutes': 'minutes',
    'lessons.body': 'body',
    'lessons.video': 'video',
    'lessons.video.title': 'videoTitle',
    'lessons.video.url': 'videoUrl',
    'lessons.video.media_id': 'video',
    'lessons.files': 'files',
    'lessons.files.title': 'fileTitle',
    'lessons.files.url': 'fileUrl',
    'lessons.files.media_id': 'file',
    questions: 'questions',
    'questions.prompt': 'question',
    'questions.options': 'option',
    'questions.correct': 'correct',
    'questions.explanation': 'explanation',
  };
  return `academy.editor.fields.${labels[p] ?? 'course'}`;
}

function checkText(out: Problems, path: string, value: string) {
  const spec = TEXT_SPECS[plainPath(path)];
  if (!spec) return;
  const e = checkRule(value, spec);
  if (e) out[path] = { key: e.key, n: e.values.n };
}

/** An address a lesson's video or file may have without an upload: https, or a path on this site. */
export function resourceAddressOK(url: string): boolean {
  const u = url.trim();
  const site = u.startsWith('/') && !u.startsWith('//') && !/[\s\\]/.test(u);
  return (site || u.startsWith('https://')) && !/[\s"<>]/.test(u) && u.length <= 500;
}

/**
 * The form's problems by field path, in the order of the form: the rules of academy.CheckCourse
 * and of the lesson resources (academy.Service.resource).
 */
export function checkCourse(f: CourseForm): Problems {
  const out: Problems = {};
  for (const lang of LANGS) checkText(out, `title.${lang}`, f.title[lang]);
  const slug = f.slug.trim().toLowerCase();
  if (slug) {
    if (slug.length < 3 || slug.length > 80 || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) out.slug = { key: 'academy.errors.slug' };
    else if (RESERVED_SLUGS.includes(slug)) out.slug = { key: 'academy.errors.slug_reserved' };
  } else if (f.title.en.trim() && RESERVED_SLUGS.includes(slugify(f.title.en))) {
    out.slug = { key: 'academy.errors.slug_reserved' };
  }
  for (const lang of LANGS) checkText(out, `summary.${lang}`, f.summary[lang]);
  if (f.lessons.length > LIMITS.lessons) out.lessons = { key: 'academy.errors.lessons', n: LIMITS.lessons };
  else if (f.published && f.lessons.length === 0) out.lessons = { key: 'academy.errors.lessons_required' };
  f.lessons.forEach((l, i) => {
    const at = `lessons[${i}].`;
    for (const lang of LANGS) checkText(out, `${at}title.${lang}`, l.title[lang]);
    const m = int(l.minutes);
    if (!(m >= 1 && m <= LIMITS.minutes)) out[`${at}minutes`] = { key: 'academy.errors.minutes', n: LIMITS.minutes };
    if ([...l.body].length > LIMITS.body) out[`${at}body`] = { key: 'academy.errors.body', n: LIMITS.body };
    if (l.video) {
      checkText(out, `${at}video.title`, l.video.title);
      if (!l.video.mediaId && !resourceAddressOK(l.video.url)) out[`${at}video.url`] = { key: 'academy.errors.resource' };
    }
    if (l.files.length > LIMITS.files) out[`${at}files`] = { key: 'academy.errors.files', n: LIMITS.files };
    l.files.forEach((r, j) => {
      checkText(out, `${at}files[${j}].title`, r.title);
      if (!r.mediaId && !resourceAddressOK(r.url)) out[`${at}files[${j}].url`] = { key: 'academy.errors.resource' };
    });
  });
  const pass = int(f.passMark);
  if (!(pass >= LIMITS.minPassMark && pass <= LIMITS.maxPassMark)) out.pass_mark = { key: 'academy.errors.pass_mark' };
  if (f.questions.length > LIMITS.questions) out.questions = { key: 'academy.errors.questions', n: LIMITS.questions };
  else if (f.published && f.questions.length === 0) out.questions = { key: 'academy.errors.questions_required' };
  f.questions.forEach((q, i) => {
    const at = `questions[${i}].`;
    checkText(out, `${at}prompt`, q.prompt);
    if (q.options.length < LIMITS.minOptions || q.options.length > LIMITS.maxOptions) out[`${at}options`] = { key: 'academy.errors.options' };
    q.options.forEach((o, j) => checkText(out, `${at}options[${j}]`, o.text));
    if (q.correct === null || q.correct < 0 || q.correct >= q.options.length) out[`${at}correct`] = { key: 'academy.errors.correct' };
    checkText(out, `${at}explanation`, q.explanation);
  });
  return out;
}

/** The server's field errors as problems (its key, and its words for a key the app does not know). */
export function serverProblems(fields: { field: string; key: string; message: string }[]): Problems {
  const out: Problems = {};
  for (const f of fields) out[f.field] = { key: f.key, n: ruleNumber(f.field, f.key), message: f.message };
  return out;
}

/** The lesson index a field path belongs to (lessons[2].body -> 2), or -1. */
export function lessonOf(path: string): number {
  const m = /^lessons\[(\d+)\]/.exec(path);
  return m ? Number(m[1]) : -1;
}

/** Whether the path is a Spanish or French text (shown under "Translations"). */
export const isTranslation = (path: string) => /\.(es|fr)$/.test(path);

/** The element id of a field (an error in the summary focuses it). */
export const fieldId = (base: string, path: string) => `${base}-${path.replace(/[^a-zA-Z0-9]+/g, '-')}`;

/** The words of a lesson's text (empty text shows a hint). */
export const bodyWords = (html: string) => richTextWords(html);
