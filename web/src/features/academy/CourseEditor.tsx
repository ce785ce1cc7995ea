import { ArrowLeft, ChevronDown, ChevronUp, Eye, FileText, Film, Link2, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PlainInput, PlainSelect, PlainTextArea } from '../../components/form/PlainField';
import { RichTextEditor } from '../../components/form/RichTextEditor';
import { MediaUploader } from '../../components/media/MediaUploader';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { Switch } from '../../components/ui/Switch';
import { ApiError } from '../../lib/api/client';
import type { MediaItem } from '../../lib/media';
import { useViewer } from '../../lib/session';
import { toast } from '../../lib/toast';
import { DeleteCourseDialog } from './DeleteCourseDialog';
import { useCreateCourse, useUpdateCourse, type DraftCourse } from './editorApi';
import {
  bodyOf,
  checkCourse,
  emptyCourse,
  emptyLesson,
  emptyQuestion,
  emptyResource,
  fieldId,
  formOf,
  labelKeyOf,
  LANGS,
  lessonOf,
  LEVELS,
  LIMITS,
  newKey,
  serverProblems,
  slugify,
  type CourseForm,
  type LessonForm,
  type Problems,
  type QuestionForm,
  type ResourceForm,
  type TextForm,
} from './editorModel';
import { ProBadge, StatusBadge } from './Gate';
import { NewTabLink } from '../../components/ui/NewTabLink';

/** Where an editor goes back to: the back office's list for administrators, the creator dashboard otherwise. */
export function useEditorHome(): string {
  return useViewer().isAdmin ? '/admin/academy' : '/creator-dashboard#courses';
}

type Err = (path: string) => string | undefined;

function replace<T>(list: T[], i: number, v: T): T[] {
  return list.map((x, j) => (j === i ? v : x));
}

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [x] = next.splice(from, 1);
  next.splice(to, 0, x!);
  return next;
}

/**
 * The course editor (F-AREA-05, issue 32 item 1), for creators (their own courses) and
 * administrators (every course): the course's details in three languages, its lessons (rich text
 * kept to the 03§5 allow-list, a video and up to five files through the media uploader or by
 * address) and its quiz (questions, options, the right one, the pass mark). The form is checked
 * with the server's rules before saving (editorModel.ts); the server checks again and its field
 * errors land on the same fields. One save replaces the whole course.
 */
export function CourseEditor({ course }: { course?: DraftCourse }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const home = useEditorHome();
  const isAdmin = useViewer().isAdmin;
  const base = useId();
  const initial = useMemo(() => (course ? formOf(course) : emptyCourse()), [course]);
  const [form, setForm] = useState<CourseForm>(initial);
  const [baseline, setBaseline] = useState(() => JSON.stringify(initial));
  const [problems, setProblems] = useState<Problems>({});
  const [open, setOpen] = useState<Set<string>>(() => new Set(!course || initial.lessons.length <= 1 ? initial.lessons.map((l) => l.key) : []));
  const [deleting, setDeleting] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const create = useCreateCourse();
  const update = useUpdateCourse(course?.id ?? '');
  const saving = create.isPending || update.isPending;
  const dirty = JSON.stringify(form) !== baseline;

  // Leaving the page with unsaved changes asks first (the browser's own prompt).
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const set = <K extends keyof CourseForm>(k: K, v: CourseForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const err: Err = (path) => {
    const p = problems[path];
    if (!p) return undefined;
    if (p.message && !i18n.exists(p.key)) return p.message;
    const option = /options\[(\d+)\]$/.exec(path);
    const file = /files\[(\d+)\]\.title$/.exec(path);
    const label = option
      ? t('academy.editor.optionN', { n: Number(option[1]) + 1 })
      : file
        ? t('academy.editor.fileTitleN', { n: Number(file[1]) + 1 })
        : t(labelKeyOf(path));
    return t(p.key, { field: label, n: p.n });
  };

  const show = (found: Problems) => {
    setProblems(found);
    const lessons = Object.keys(found).map(lessonOf).filter((i) => i >= 0);
    if (lessons.length) setOpen((o) => new Set([...o, ...lessons.map((i) => form.lessons[i]?.key ?? '')]));
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  const onSave = () => {
    const found = checkCourse(form);
    if (Object.keys(found).length) {
      show(found);
      return;
    }
    setProblems({});
    const body = bodyOf(form);
    const after = (saved: DraftCourse) => {
      toast({ title: t('academy.editor.saved'), variant: 'success' });
      const next = formOf(saved);
      setForm(next);
      setBaseline(JSON.stringify(next));
      if (!course || saved.slug !== course.slug) void navigate(`/academy/${saved.slug}/edit`, { replace: true });
    };
    const failed = (e: Error) => {
      if (e instanceof ApiError && e.fields.length > 0) show(serverProblems(e.fields));
      toast({ title: t('academy.editor.saveFailed'), description: e instanceof ApiError && e.fields.length ? t('academy.editor.fixErrors') : e.message, variant: 'error' });
    };
    if (course) update.mutate(body, { onSuccess: after, onError: failed });
    else create.mutate(body, { onSuccess: after, onError: failed });
  };

  const onBack = () => {
    if (dirty && !window.confirm(t('academy.editor.discardConfirm'))) return;
    void navigate(home.replace('#courses', ''), { state: undefined });
  };

  const problemList = Object.keys(problems);
  const title = form.title.en.trim() || t('academy.editor.untitled');
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 md:py-10">
      <header className="flex flex-col gap-3">
        <button type="button" onClick={onBack} className="inline-flex min-h-11 items-center gap-1 self-start text-sm font-medium text-primary hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {isAdmin ? t('academy.editor.backAdmin') : t('academy.editor.backCreator')}
        </button>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <h1 className="text-2xl font-bold tracking-tight break-words text-fg sm:text-3xl">
              {course ? t('academy.editor.editTitle', { title }) : t('academy.editor.newTitle')}
            </h1>
            <p className="flex flex-wrap items-center gap-2 text-sm text-fg-muted">
              <StatusBadge published={course?.status === 'published'} />
              {course?.pro_only ? <ProBadge /> : null}
              {dirty ? <span>{t('academy.editor.unsaved')}</span> : course ? <span>{t('academy.editor.allSaved')}</span> : null}
            </p>
          </div>
          {course ? (
            <a
              href={`/academy/${course.slug}`}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center gap-2 rounded-control border border-border-strong bg-surface px-4 text-sm font-medium text-fg hover:bg-surface-sunken"
            >
              <Eye aria-hidden="true" className="size-4" />
              {t('academy.editor.preview')}
              <span className="sr-only">{t('academy.editor.newTab')}</span>
            </a>
          ) : null}
        </div>
        {course && dirty ? <p className="text-xs text-fg-muted">{t('academy.editor.previewSaved')}</p> : null}
      </header>

      {problemList.length > 0 ? (
        <div ref={summaryRef} tabIndex={-1} role="alert" className="rounded-card border border-danger bg-danger-soft p-3 text-sm text-danger-strong">
          <p className="font-medium">{t('academy.editor.errorList', { count: problemList.length })}</p>
          <ul className="mt-1 list-disc pl-5">
            {problemList.map((path) => (
              <li key={path}>
                <a href={`#${fieldId(base, path)}`} className="underline" onClick={(e) => focusField(e, base, path)}>
                  {where(t, path)}
                  {err(path)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <DetailsSection base={base} form={form} set={set} err={err} isNew={!course} />
      <LessonsSection base={base} form={form} set={set} err={err} open={open} setOpen={setOpen} />
      <QuizSection base={base} form={form} set={set} err={err} />

      {course ? (
        <section aria-labelledby={`${base}-danger`} className="flex flex-col gap-3 rounded-card border border-danger/30 bg-surface p-4">
          <h2 id={`${base}-danger`} className="text-lg font-semibold text-fg">
            {t('academy.editor.delete.heading')}
          </h2>
          <p className="text-sm text-fg-muted">{t('academy.editor.delete.intro')}</p>
          <Button variant="secondary" className="self-start text-danger" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t('academy.editor.delete.button')}
          </Button>
        </section>
      ) : null}

      {/* Room on the right for the help button, which floats over the page's bottom corner. */}
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-2 border-t border-border bg-surface py-3 pr-24 pl-4 xl:pr-4">
        <Button variant="secondary" onClick={onBack}>
          {t('academy.editor.cancel')}
        </Button>
        <Button onClick={onSave} disabled={saving}>
          {saving ? t('academy.editor.saving') : form.published ? t('academy.editor.savePublished') : t('academy.editor.saveDraft')}
        </Button>
      </div>

      {deleting && course ? (
        <DeleteCourseDialog
          course={course}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            setBaseline(JSON.stringify(form));
            void navigate(home.replace('#courses', ''), { replace: true });
          }}
        />
      ) : null}
    </div>
  );
}

/** Focuses a field named in the error summary (a lesson's fields are open by then). */
function focusField(e: MouseEvent, base: string, path: string) {
  const el = document.getElementById(fieldId(base, path));
  if (!el) return;
  e.preventDefault();
  // A Spanish or French field sits in a closed "Translations" disclosure.
  const details = el.closest('details');
  if (details) details.open = true;
  el.focus();
  el.scrollIntoView({ block: 'center' });
}

/** Where a problem is, for the error summary: "Lesson 2: ", "Question 1: ", or nothing for the course's own fields. */
function where(t: (k: string, o?: Record<string, unknown>) => string, path: string): string {
  const l = /^lessons\[(\d+)\]/.exec(path);
  if (l) return `${t('academy.editor.lessonN', { n: Number(l[1]) + 1 })}: `;
  const q = /^questions\[(\d+)\]/.exec(path);
  if (q) return `${t('academy.editor.questionN', { n: Number(q[1]) + 1 })}: `;
  return '';
}


type SectionProps = {
  base: string;
  form: CourseForm;
  set: <K extends keyof CourseForm>(k: K, v: CourseForm[K]) => void;
  err: Err;
};

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 shadow-card sm:p-6">
      <div className="flex flex-col gap-1">
        <h2 id={id} className="text-lg font-semibold text-fg">
          {title}
        </h2>
        {intro ? <p className="text-sm text-fg-muted">{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** An English text with its Spanish and French versions in a disclosure (open when one has an error). */
function Translated({
  base,
  path,
  label,
  value,
  onChange,
  err,
  required,
  multiline,
}: {
  base: string;
  path: string;
  label: string;
  value: TextForm;
  onChange: (v: TextForm) => void;
  err: Err;
  required?: boolean;
  multiline?: boolean;
}) {
  const { t } = useTranslation();
  const Field = multiline ? PlainTextArea : PlainInput;
  const translated = LANGS.filter((l) => l !== 'en');
  const hasError = translated.some((l) => err(`${path}.${l}`));
  return (
    <div className="flex flex-col gap-2">
      <Field id={fieldId(base, `${path}.en`)} label={label} required={required} value={value.en} onChange={(e) => onChange({ ...value, en: e.target.value })} error={err(`${path}.en`)} />
      <details open={hasError || undefined} className="group rounded-control border border-border px-3 py-2">
        <summary className="cursor-pointer text-sm font-medium text-primary">
          {t('academy.editor.translations', { field: label })}
          {value.es || value.fr ? <span className="ml-2 text-xs text-fg-muted">{t('academy.editor.translated', { count: [value.es, value.fr].filter(Boolean).length })}</span> : null}
        </summary>
        <p className="mt-1 text-xs text-fg-muted">{t('academy.editor.translationsHint')}</p>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {translated.map((l) => (
            <Field
              key={l}
              id={fieldId(base, `${path}.${l}`)}
              lang={l}
              label={t(`academy.editor.inLanguage.${l}`, { field: label })}
              value={value[l]}
              onChange={(e) => onChange({ ...value, [l]: e.target.value })}
              error={err(`${path}.${l}`)}
            />
          ))}
        </div>
      </details>
    </div>
  );
}

function DetailsSection({ base, form, set, err, isNew }: SectionProps & { isNew: boolean }) {
  const { t } = useTranslation();
  const f = (k: string) => t(`academy.editor.fields.${k}`);
  const suggested = slugify(form.title.en);
  return (
    <Section id={`${base}-details`} title={t('academy.editor.details')} intro={t('academy.editor.detailsIntro')}>
      <Translated base={base} path="title" label={f('title')} required value={form.title} onChange={(v) => set('title', v)} err={err} />
      <PlainInput
        id={fieldId(base, 'slug')}
        label={f('slug')}
        value={form.slug}
        placeholder={suggested}
        autoCapitalize="none"
        spellCheck={false}
        onChange={(e) => set('slug', e.target.value)}
        error={err('slug')}
        hint={
          <>
            {form.slug.trim() || suggested ? `${t('academy.editor.slugAddress', { path: `/academy/${form.slug.trim().toLowerCase() || suggested}` })} ` : ''}
            {t('academy.editor.slugHint')}
            {!isNew ? ` ${t('academy.editor.slugChange')}` : ''}
          </>
        }
      />
      <Translated base={base} path="summary" label={f('summary')} multiline value={form.summary} onChange={(v) => set('summary', v)} err={err} />
      <PlainSelect id={fieldId(base, 'level')} label={f('level')} value={form.level} onChange={(e) => set('level', e.target.value as CourseForm['level'])} error={err('level')} className="sm:max-w-xs">
        {LEVELS.map((l) => (
          <option key={l} value={l}>
            {t(`academy.level.${l}`)}
          </option>
        ))}
      </PlainSelect>
      <div className="flex flex-col gap-4 rounded-control bg-surface-sunken p-3">
        <Switch label={f('proOnly')} description={t('academy.editor.proOnlyHint')} checked={form.proOnly} onCheckedChange={(v) => set('proOnly', v)} />
        <Switch label={f('published')} description={t('academy.editor.publishedHint')} checked={form.published} onCheckedChange={(v) => set('published', v)} />
        {err('status') ? <p className="text-sm font-medium text-danger">{err('status')}</p> : null}
      </div>
    </Section>
  );
}

function LessonsSection({ base, form, set, err, open, setOpen }: SectionProps & { open: Set<string>; setOpen: (s: Set<string>) => void }) {
  const { t } = useTranslation();
  const lessons = form.lessons;
  const toggle = (key: string) => {
    const next = new Set(open);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setOpen(next);
  };
  const add = () => {
    const l = emptyLesson();
    set('lessons', [...lessons, l]);
    setOpen(new Set([...open, l.key]));
    requestAnimationFrame(() => document.getElementById(fieldId(base, `lessons[${lessons.length}].title.en`))?.focus());
  };
  return (
    <Section id={`${base}-lessons`} title={t('academy.editor.lessons')} intro={t('academy.editor.lessonsIntro', { max: LIMITS.lessons })}>
      <ItemList
        base={base}
        path="lessons"
        err={err}
        items={lessons}
        onItemsChange={(v) => set('lessons', v)}
        max={LIMITS.lessons}
        empty={t('academy.editor.noLessons')}
        addLabel={t('academy.editor.addLesson')}
        onAdd={add}
      >
        {(l, card) => (
          <LessonCard
            {...card}
            lesson={l}
            open={open.has(l.key)}
            onToggle={() => toggle(l.key)}
            onRemove={() => {
              if (l.id && !window.confirm(t('academy.editor.removeStoredLesson'))) return;
              card.onRemove();
            }}
          />
        )}
      </ItemList>
    </Section>
  );
}

/** What a lesson's or a question's card gets from its list: where it stands, and how it changes, moves and goes. */
type ItemCardProps<T> = {
  base: string;
  index: number;
  count: number;
  err: Err;
  onChange: (item: T) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
};

/** A section's ordered list (lessons or questions): the list's own error, a note while it is empty, the items, and the add button (off at the limit). */
function ItemList<T extends { key: string }>({
  base,
  path,
  err,
  items,
  onItemsChange,
  max,
  empty,
  addLabel,
  onAdd,
  children,
}: {
  base: string;
  path: string;
  err: Err;
  items: T[];
  onItemsChange: (items: T[]) => void;
  max: number;
  empty: string;
  addLabel: string;
  onAdd: () => void;
  children: (item: T, card: ItemCardProps<T>) => ReactNode;
}) {
  const cardOf = (i: number): ItemCardProps<T> => ({
    base,
    index: i,
    count: items.length,
    err,
    onChange: (v) => onItemsChange(replace(items, i, v)),
    onMove: (to) => onItemsChange(move(items, i, to)),
    onRemove: () => onItemsChange(items.filter((_, j) => j !== i)),
  });
  return (
    <>
      {err(path) ? (
        <p id={fieldId(base, path)} tabIndex={-1} className="text-sm font-medium text-danger">
          {err(path)}
        </p>
      ) : null}
      {items.length === 0 ? <p className="rounded-card border border-dashed border-border p-4 text-center text-sm text-fg-muted">{empty}</p> : null}
      <ol className="flex flex-col gap-3">
        {items.map((item, i) => (
          <li key={item.key}>{children(item, cardOf(i))}</li>
        ))}
      </ol>
      <Button variant="secondary" className="self-start" disabled={items.length >= max} onClick={onAdd}>
        <Plus aria-hidden="true" className="size-4" />
        {addLabel}
      </Button>
    </>
  );
}

/** The up, down and remove buttons of a list item. */
function ItemTools({ index, count, name, onMove, onRemove }: { index: number; count: number; name: string; onMove: (to: number) => void; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-1">
      <Button variant="ghost" size="sm" className="min-h-11 sm:min-h-8" disabled={index === 0} aria-label={t('academy.editor.moveUp', { name })} title={t('academy.editor.moveUp', { name })} onClick={() => onMove(index - 1)}>
        <ChevronUp aria-hidden="true" className="size-4" />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="min-h-11 sm:min-h-8"
        disabled={index === count - 1}
        aria-label={t('academy.editor.moveDown', { name })}
        title={t('academy.editor.moveDown', { name })}
        onClick={() => onMove(index + 1)}
      >
        <ChevronDown aria-hidden="true" className="size-4" />
      </Button>
      <Button variant="ghost" size="sm" className="min-h-11 text-danger sm:min-h-8" aria-label={t('academy.editor.remove', { name })} title={t('academy.editor.remove', { name })} onClick={onRemove}>
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}

function LessonCard({
  base,
  index,
  count,
  lesson: l,
  err,
  open,
  onToggle,
  onChange,
  onMove,
  onRemove,
}: ItemCardProps<LessonForm> & {
  lesson: LessonForm;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const f = (k: string) => t(`academy.editor.fields.${k}`);
  const at = `lessons[${index}].`;
  const name = t('academy.editor.lessonN', { n: index + 1 });
  const panelId = `${base}-lesson-${l.key}`;
  const up = (v: Partial<LessonForm>) => onChange({ ...l, ...v });
  return (
    <article aria-label={name} className="flex flex-col rounded-card border border-border bg-surface">
      <div className="flex items-start justify-between gap-2 p-3">
        <button type="button" aria-expanded={open} aria-controls={panelId} onClick={onToggle} className="flex min-h-11 min-w-0 flex-1 items-center gap-2 text-left">
          <ChevronDown aria-hidden="true" className={cn('size-4 shrink-0 text-fg-muted transition-transform motion-reduce:transition-none', open ? 'rotate-180' : '')} />
          <span className="flex min-w-0 flex-col">
            <span className="text-xs font-medium tracking-wide text-fg-muted uppercase">{name}</span>
            <span className="font-medium break-words text-fg">{l.title.en.trim() || t('academy.editor.untitledLesson')}</span>
            <span className="text-xs text-fg-muted">
              {t('academy.minutes', { count: Number(l.minutes) || 0 })}
              {l.video ? ` · ${t('academy.video')}` : ''}
              {l.files.length ? ` · ${t('academy.files', { count: l.files.length })}` : ''}
            </span>
          </span>
        </button>
        <ItemTools index={index} count={count} name={name} onMove={onMove} onRemove={onRemove} />
      </div>
      <div id={panelId} hidden={!open} className="flex flex-col gap-4 border-t border-border p-3 sm:p-4">
        <Translated base={base} path={`${at}title`} label={f('lessonTitle')} required value={l.title} onChange={(v) => up({ title: v })} err={err} />
        <PlainInput
          id={fieldId(base, `${at}minutes`)}
          label={f('minutes')}
          hint={t('academy.editor.minutesHint', { max: LIMITS.minutes })}
          inputMode="numeric"
          value={l.minutes}
          onChange={(e) => up({ minutes: e.target.value })}
          error={err(`${at}minutes`)}
          className="sm:max-w-48"
        />
        <RichTextEditor
          id={fieldId(base, `${at}body`)}
          label={f('body')}
          hint={t('academy.editor.bodyHint')}
          value={l.body}
          onChange={(body) => up({ body })}
          error={err(`${at}body`)}
        />
        <LessonVideo base={base} at={at} lesson={l} err={err} onChange={(video) => up({ video })} />
        <LessonFiles base={base} at={at} lesson={l} err={err} onChange={(files) => up({ files })} />
      </div>
    </article>
  );
}

/** An uploaded file's name and link, or the address field of a linked one. */
function ResourceSource({ base, path, r, onChange, err, urlLabel }: { base: string; path: string; r: ResourceForm; onChange: (r: ResourceForm) => void; err: Err; urlLabel: string }) {
  const { t } = useTranslation();
  if (r.mediaId) {
    return (
      <p className="flex min-w-0 items-center gap-2 text-sm text-fg-muted">
        <span>{t('academy.editor.uploaded')}</span>
        <NewTabLink href={r.url} newTab={t('academy.editor.newTab')} className="inline-flex min-w-0 items-center gap-1 font-medium text-primary hover:underline" iconClassName="size-3.5 shrink-0">
          <span className="truncate">{r.title || t('academy.editor.openUpload')}</span>
        </NewTabLink>
      </p>
    );
  }
  return (
    <PlainInput
      id={fieldId(base, `${path}.url`)}
      label={urlLabel}
      required
      type="url"
      inputMode="url"
      placeholder="https://"
      hint={t('academy.editor.urlHint')}
      value={r.url}
      onChange={(e) => onChange({ ...r, url: e.target.value })}
      error={err(`${path}.url`) ?? err(`${path}.media_id`)}
    />
  );
}

function LessonVideo({ base, at, lesson: l, err, onChange }: { base: string; at: string; lesson: LessonForm; err: Err; onChange: (v: ResourceForm | null) => void }) {
  const { t } = useTranslation();
  const f = (k: string) => t(`academy.editor.fields.${k}`);
  const path = `${at}video`;
  const onUpload = (items: MediaItem[]) => {
    const item = items[0];
    if (item) onChange({ key: newKey('video'), title: item.name, mediaId: item.id, url: item.url, mediaKind: item.kind });
  };
  return (
    <fieldset className="flex flex-col gap-3 rounded-control border border-border p-3">
      <legend className="flex items-center gap-1 px-1 text-sm font-medium text-fg">
        <Film aria-hidden="true" className="size-4" />
        {f('video')}
      </legend>
      {l.video ? (
        <div className="flex flex-col gap-3">
          <ResourceSource base={base} path={path} r={l.video} onChange={onChange} err={err} urlLabel={f('videoUrl')} />
          <PlainInput
            id={fieldId(base, `${path}.title`)}
            label={f('videoTitle')}
            value={l.video.title}
            onChange={(e) => onChange({ ...l.video!, title: e.target.value })}
            error={err(`${path}.title`)}
          />
          <Button variant="ghost" size="sm" className="min-h-11 self-start text-danger sm:min-h-8" onClick={() => onChange(null)}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t('academy.editor.removeVideo')}
          </Button>
        </div>
      ) : (
        <>
          <p className="text-sm text-fg-muted">{t('academy.editor.videoIntro')}</p>
          <MediaUploader value={[]} onChange={onUpload} max={1} accept={['video']} removeMode="detach" label={t('academy.editor.uploadVideo')} />
          <Button variant="secondary" size="sm" className="min-h-11 self-start sm:min-h-8" onClick={() => onChange({ ...emptyResource(), key: newKey('video') })}>
            <Link2 aria-hidden="true" className="size-4" />
            {t('academy.editor.linkVideo')}
          </Button>
        </>
      )}
    </fieldset>
  );
}

function LessonFiles({ base, at, lesson: l, err, onChange }: { base: string; at: string; lesson: LessonForm; err: Err; onChange: (files: ResourceForm[]) => void }) {
  const { t } = useTranslation();
  const f = (k: string) => t(`academy.editor.fields.${k}`);
  const files = l.files;
  const onUpload = (items: MediaItem[]) => {
    onChange([...files, ...items.map((item) => ({ key: newKey('file'), title: item.name, mediaId: item.id, url: item.url, mediaKind: item.kind }))]);
  };
  return (
    <fieldset className="flex flex-col gap-3 rounded-control border border-border p-3">
      <legend className="flex items-center gap-1 px-1 text-sm font-medium text-fg">
        <FileText aria-hidden="true" className="size-4" />
        {f('files')}
      </legend>
      <p className="text-sm text-fg-muted">{t('academy.editor.filesIntro', { max: LIMITS.files })}</p>
      {err(`${at}files`) ? <p className="text-sm font-medium text-danger">{err(`${at}files`)}</p> : null}
      {files.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {files.map((r, j) => {
            const path = `${at}files[${j}]`;
            const up = (v: ResourceForm) => onChange(replace(files, j, v));
            return (
              <li key={r.key} className="flex flex-col gap-3 rounded-control bg-surface-sunken p-3">
                <PlainInput
                  id={fieldId(base, `${path}.title`)}
                  label={t('academy.editor.fileTitleN', { n: j + 1 })}
                  required
                  value={r.title}
                  onChange={(e) => up({ ...r, title: e.target.value })}
                  error={err(`${path}.title`)}
                />
                <ResourceSource base={base} path={path} r={r} onChange={up} err={err} urlLabel={f('fileUrl')} />
                <Button
                  variant="ghost"
                  size="sm"
                  className="min-h-11 self-start text-danger sm:min-h-8"
                  aria-label={t('academy.editor.removeFile', { name: r.title || t('academy.editor.fileTitleN', { n: j + 1 }) })}
                  onClick={() => onChange(files.filter((_, k) => k !== j))}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  {t('academy.editor.removeFileShort')}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {files.length < LIMITS.files ? (
        <>
          <MediaUploader value={[]} onChange={onUpload} max={LIMITS.files} taken={files.length} accept={['document', 'image']} removeMode="detach" label={t('academy.editor.uploadFiles')} />
          <Button variant="secondary" size="sm" className="min-h-11 self-start sm:min-h-8" onClick={() => onChange([...files, emptyResource()])}>
            <Link2 aria-hidden="true" className="size-4" />
            {t('academy.editor.linkFile')}
          </Button>
        </>
      ) : null}
    </fieldset>
  );
}

function QuizSection({ base, form, set, err }: SectionProps) {
  const { t } = useTranslation();
  const qs = form.questions;
  const add = () => {
    set('questions', [...qs, emptyQuestion()]);
    requestAnimationFrame(() => document.getElementById(fieldId(base, `questions[${qs.length}].prompt`))?.focus());
  };
  return (
    <Section id={`${base}-quiz`} title={t('academy.editor.quiz')} intro={t('academy.editor.quizIntro')}>
      <PlainInput
        id={fieldId(base, 'pass_mark')}
        label={t('academy.editor.fields.passMark')}
        hint={t('academy.editor.passMarkHint', { min: LIMITS.minPassMark, max: LIMITS.maxPassMark })}
        inputMode="numeric"
        value={form.passMark}
        onChange={(e) => set('passMark', e.target.value)}
        error={err('pass_mark')}
        className="sm:max-w-48"
      />
      <ItemList
        base={base}
        path="questions"
        err={err}
        items={qs}
        onItemsChange={(v) => set('questions', v)}
        max={LIMITS.questions}
        empty={t('academy.editor.noQuestions')}
        addLabel={t('academy.editor.addQuestion')}
        onAdd={add}
      >
        {(q, card) => <QuestionCard {...card} question={q} />}
      </ItemList>
    </Section>
  );
}

function QuestionCard({
  base,
  index,
  count,
  question: q,
  err,
  onChange,
  onMove,
  onRemove,
}: ItemCardProps<QuestionForm> & { question: QuestionForm }) {
  const { t } = useTranslation();
  const f = (k: string) => t(`academy.editor.fields.${k}`);
  const at = `questions[${index}].`;
  const name = t('academy.editor.questionN', { n: index + 1 });
  const up = (v: Partial<QuestionForm>) => onChange({ ...q, ...v });
  const removeOption = (j: number) => {
    const options = q.options.filter((_, k) => k !== j);
    const correct = q.correct === null ? null : q.correct === j ? null : q.correct > j ? q.correct - 1 : q.correct;
    up({ options, correct });
  };
  const correctError = err(`${at}correct`);
  const correctErrorId = `${fieldId(base, `${at}correct`)}-error`;
  return (
    <article aria-label={name} className="flex flex-col gap-3 rounded-card border border-border bg-surface p-3 sm:p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-fg">{name}</h3>
        <ItemTools index={index} count={count} name={name} onMove={onMove} onRemove={onRemove} />
      </div>
      <PlainTextArea id={fieldId(base, `${at}prompt`)} label={f('question')} required rows={2} value={q.prompt} onChange={(e) => up({ prompt: e.target.value })} error={err(`${at}prompt`)} />
      <fieldset className="flex flex-col gap-2" aria-describedby={correctError ? correctErrorId : undefined}>
        <legend className="mb-1 text-sm font-medium text-fg">{t('academy.editor.optionsLegend')}</legend>
        {err(`${at}options`) ? <p className="text-sm font-medium text-danger">{err(`${at}options`)}</p> : null}
        {q.options.map((o, j) => {
          const path = `${at}options[${j}]`;
          const right = q.correct === j;
          return (
            <div key={o.key} className={cn('flex items-start gap-2 rounded-control p-2', right ? 'bg-savings-soft' : 'bg-surface-sunken')}>
              <label className="flex min-h-11 shrink-0 cursor-pointer items-center gap-1.5 pt-6 text-xs font-medium text-fg-muted">
                <input
                  id={j === 0 ? fieldId(base, `${at}correct`) : undefined}
                  type="radio"
                  name={`${base}-${q.key}-correct`}
                  checked={right}
                  onChange={() => up({ correct: j })}
                  className="size-5 accent-primary"
                  aria-label={t('academy.editor.markRight', { n: j + 1 })}
                />
                <span aria-hidden="true">{right ? t('academy.editor.right') : ''}</span>
              </label>
              <PlainInput
                id={fieldId(base, path)}
                label={t('academy.editor.optionN', { n: j + 1 })}
                required
                value={o.text}
                onChange={(e) => up({ options: replace(q.options, j, { ...o, text: e.target.value }) })}
                error={err(path)}
                className="flex-1"
              />
              <Button
                variant="ghost"
                size="sm"
                className="mt-6 min-h-11 text-danger sm:min-h-10"
                disabled={q.options.length <= LIMITS.minOptions}
                aria-label={t('academy.editor.removeOption', { n: j + 1 })}
                title={t('academy.editor.removeOption', { n: j + 1 })}
                onClick={() => removeOption(j)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
          );
        })}
        {correctError ? (
          <p id={correctErrorId} className="text-sm font-medium text-danger">
            {correctError}
          </p>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          className="min-h-11 self-start sm:min-h-8"
          disabled={q.options.length >= LIMITS.maxOptions}
          onClick={() => up({ options: [...q.options, { key: newKey('option'), text: '' }] })}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('academy.editor.addOption')}
        </Button>
      </fieldset>
      <PlainTextArea
        id={fieldId(base, `${at}explanation`)}
        label={f('explanation')}
        hint={t('academy.editor.explanationHint')}
        rows={2}
        value={q.explanation}
        onChange={(e) => up({ explanation: e.target.value })}
        error={err(`${at}explanation`)}
      />
    </article>
  );
}
