import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, renderApp, stubFetch } from '../../test/render';
import { sessionAnswer } from '../../test/session';
import type { AuthoredCourse, DraftCourse } from './editorApi';
import { checkCourse, emptyCourse } from './editorModel';

const text = (en: string) => ({ en, es: '', fr: '' });

const DRAFT: DraftCourse = {
  id: 'crs-1',
  slug: 'farming-basics',
  author_id: 'u-1',
  title: text('Farming basics'),
  summary: text('Pick a farm, mail it, show up.'),
  level: 'beginner',
  pro_only: false,
  pass_mark: 70,
  status: 'draft',
  position: 1000,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
  lessons: [
    { id: 'les-1', position: 1, title: text('Pick the farm'), minutes: 5, body: '<p>Turnover <strong>above 6%</strong>.</p>', files: [] },
    {
      id: 'les-2',
      position: 2,
      title: text('Mail it'),
      minutes: 7,
      body: '<p>Every month.</p>',
      video: { kind: 'video', title: 'Walkthrough', media_id: 'med-1', url: '/api/media/med-1/file', media_kind: 'video' },
      files: [{ kind: 'file', title: 'Checklist', url: 'https://example.com/checklist.pdf' }],
    },
  ],
  questions: [{ id: 'q1', prompt: 'What turnover makes a good farm?', options: ['Above 6%', 'Below 1%', 'Any'], correct: 2, explanation: '' }],
};

type Sent = { method: string; path: string; body: unknown };

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The API as the editor sees it: the session, the draft, and each write answered by `write`. */
function stub(opts: { admin?: boolean; write?: (s: Sent) => Response; courses?: AuthoredCourse[] } = {}) {
  const sent: Sent[] = [];
  const session = sessionAnswer({ is_creator: true, is_admin: !!opts.admin, is_admin_effective: !!opts.admin, display_name: 'Casey Creator' });
  const answer = stubFetch({
    '/api/config': { body: DEFAULT_CONFIG },
    '/api/auth/session': { body: session },
    '/api/academy/authoring/courses/farming-basics': { body: DRAFT },
    '/api/admin/academy/courses': { body: { courses: opts.courses ?? [] } },
  });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init);
    const url = new URL(req.url);
    if (req.method !== 'GET' && url.pathname.startsWith('/api/academy/authoring/')) {
      const s = { method: req.method, path: url.pathname, body: req.method === 'DELETE' ? null : await req.clone().json() };
      sent.push(s);
      return opts.write ? opts.write(s) : json(s.body);
    }
    if (url.pathname === '/api/admin/academy/courses') sent.push({ method: 'GET', path: `${url.pathname}${url.search}`, body: null });
    return answer(input);
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}

const heading = () => screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
const alertList = () => screen.getAllByRole('alert').find((el) => el.textContent?.includes('before saving'))!;
const field = (name: string | RegExp, scope: HTMLElement = document.body) => within(scope).getByRole('textbox', { name });

describe('F-AREA-05 course editor rules (editorModel)', () => {
  it('asks a new course for the same fields the server does', () => {
    const found = checkCourse(emptyCourse());
    expect(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, v.key]))).toEqual({
      'title.en': 'formRules.required',
      'lessons[0].title.en': 'formRules.required',
      'questions[0].prompt': 'formRules.required',
      'questions[0].options[0]': 'formRules.required',
      'questions[0].options[1]': 'formRules.required',
      'questions[0].correct': 'academy.errors.correct',
    });
    const published = { ...emptyCourse(), published: true, lessons: [], questions: [], slug: 'new', passMark: '40' };
    published.title.en = 'X';
    expect(Object.fromEntries(Object.entries(checkCourse(published)).map(([k, v]) => [k, v.key]))).toEqual({
      'title.en': 'formRules.min',
      slug: 'academy.errors.slug_reserved',
      lessons: 'academy.errors.lessons_required',
      pass_mark: 'academy.errors.pass_mark',
      questions: 'academy.errors.questions_required',
    });
  });
});

describe('F-AREA-05 /academy/new', () => {
  it('shows every problem before sending, then sends the course with its lesson text and the right option', async () => {
    const sent = stub({ write: (s) => json({ ...DRAFT, ...(s.body as object), id: 'crs-new', slug: 'open-houses-that-sell' }, 201) });
    const { router } = await renderApp('/academy/new');
    expect(await heading()).toHaveTextContent('New course');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const list = alertList();
    expect(within(list).getByText('Fix 6 problems before saving:')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Course title is required' })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Lesson 1: Lesson title is required' })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Question 1: Mark which option is right.' })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Question 1: Option 2 is required' })).toBeInTheDocument();
    expect(field('Course title')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    fireEvent.change(field('Course title'), { target: { value: 'Open houses that sell' } });
    // The address name suggested from the title.
    expect(screen.getByText(/\/academy\/open-houses-that-sell/)).toBeInTheDocument();
    const lesson = screen.getByRole('article', { name: 'Lesson 1' });
    fireEvent.change(field('Lesson title', lesson), { target: { value: 'Plan the weekend' } });
    fireEvent.change(field('Minutes', lesson), { target: { value: '12' } });
    const body = within(lesson).getByRole('textbox', { name: 'Lesson text' });
    act(() => {
      body.innerHTML = '<div>Pick the <b>right</b> weekend.</div><div><br></div><span style="color:red">Greet everyone</span><img src=x>';
      fireEvent.input(body);
    });
    const question = screen.getByRole('article', { name: 'Question 1' });
    fireEvent.change(within(question).getByRole('textbox', { name: 'Question' }), { target: { value: 'When do you follow up?' } });
    fireEvent.change(field('Option 1', question), { target: { value: 'Next month' } });
    fireEvent.change(field('Option 2', question), { target: { value: 'Within 24 hours' } });
    fireEvent.click(within(question).getByRole('button', { name: 'Add an option' }));
    fireEvent.change(field('Option 3', question), { target: { value: 'Never' } });
    fireEvent.click(within(question).getByRole('radio', { name: 'Option 2 is the right answer' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Published' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save and publish' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/api/academy/authoring/courses',
      body: {
        title: text('Open houses that sell'),
        summary: text(''),
        slug: '',
        level: 'beginner',
        pro_only: false,
        status: 'published',
        pass_mark: 70,
        lessons: [{ title: text('Plan the weekend'), minutes: 12, body: '<p>Pick the <strong>right</strong> weekend.</p><p>Greet everyone</p>', files: [] }],
        questions: [{ prompt: 'When do you follow up?', options: ['Next month', 'Within 24 hours', 'Never'], correct: 1, explanation: '' }],
      },
    });
    // The saved course opens at its own address.
    await waitFor(() => expect(router.state.location.pathname).toBe('/academy/open-houses-that-sell/edit'));
  });
});

describe('F-AREA-05 /academy/:slug/edit', () => {
  it('edits lessons and the quiz, keeps lesson ids in the new order and links the course page', async () => {
    const sent = stub();
    await renderApp('/academy/farming-basics/edit');
    expect(await heading()).toHaveTextContent('Edit course: Farming basics');
    expect(screen.getByRole('link', { name: /Preview course page/ })).toHaveAttribute('href', '/academy/farming-basics');
    // Two stored lessons open closed; each opens on its header.
    const second = screen.getByRole('article', { name: 'Lesson 2' });
    const toggle = within(second).getByRole('button', { name: /Mail it/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(second).getByText('Uploaded:')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: /Walkthrough/ })).toHaveAttribute('href', '/api/media/med-1/file');
    expect(field('File 1 title', second)).toHaveValue('Checklist');
    fireEvent.click(within(second).getByRole('button', { name: 'Move Lesson 2 up' }));
    expect(screen.getAllByRole('article', { name: /^Lesson/ }).map((a) => within(a).getAllByRole('button')[0]!.textContent)).toEqual([
      'Lesson 1Mail it7 min · Video · 1 file',
      'Lesson 2Pick the farm5 min',
    ]);

    // Removing an option before the right one moves the mark with it; at two options none can go.
    const q = screen.getByRole('article', { name: 'Question 1' });
    fireEvent.click(within(q).getByRole('button', { name: 'Remove option 1' }));
    expect(within(q).getByRole('radio', { name: 'Option 2 is the right answer' })).toBeChecked();
    expect(within(q).getByRole('button', { name: 'Remove option 1' })).toBeDisabled();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0]!.body as { lessons: { id?: string; video?: unknown; files: unknown[] }[]; questions: unknown[] };
    expect(sent[0]!.method).toBe('PUT');
    expect(sent[0]!.path).toBe('/api/academy/authoring/courses/crs-1');
    expect(body.lessons.map((l) => l.id)).toEqual(['les-2', 'les-1']);
    expect(body.lessons[0]!.video).toEqual({ kind: 'video', title: 'Walkthrough', media_id: 'med-1' });
    expect(body.lessons[0]!.files).toEqual([{ kind: 'file', title: 'Checklist', url: 'https://example.com/checklist.pdf' }]);
    expect(body.questions).toEqual([{ id: 'q1', prompt: 'What turnover makes a good farm?', options: ['Below 1%', 'Any'], correct: 1, explanation: '' }]);
  });

  it("shows the server's field errors on their fields and opens the lesson they are in", async () => {
    stub({
      write: () =>
        json(
          {
            code: 'invalid',
            message: 'invalid',
            fields: [
              { field: 'slug', key: 'academy.errors.slug_taken', message: 'Another course has this address name.' },
              { field: 'lessons[1].files[0].url', key: 'academy.errors.resource', message: 'Upload a file or give an https:// address.' },
              { field: 'lessons[0].title.fr', key: 'formRules.max', message: 'Lesson title must be no more than 120 characters' },
              { field: 'lessons[0].body', key: 'academy.errors.unknown_rule', message: 'The server says no.' },
            ],
          },
          400,
        ),
    });
    await renderApp('/academy/farming-basics/edit');
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const list = await waitFor(() => alertList());
    expect(within(list).getByText('Fix 4 problems before saving:')).toBeInTheDocument();
    const slug = screen.getByRole('textbox', { name: 'Address name' });
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(slug).toHaveAccessibleDescription(expect.stringContaining('Another course has this address name.'));
    const second = screen.getByRole('article', { name: 'Lesson 2' });
    expect(within(second).getByRole('button', { name: /Mail it/ })).toHaveAttribute('aria-expanded', 'true');
    expect(within(second).getByText('Upload a file or give an https:// address.')).toBeInTheDocument();
    const first = screen.getByRole('article', { name: 'Lesson 1' });
    // A French title's error opens the lesson and its translations, with the rule's number.
    expect(within(first).getByText('Lesson title in French must be no more than 120 characters')).toBeVisible();
    // A key the app does not know keeps the server's words.
    expect(within(first).getByText('The server says no.')).toBeInTheDocument();
  });

  it('asks before deleting and says why a course with members stays', async () => {
    const sent = stub({
      write: () =>
        json({ code: 'conflict', message: 'members', fields: [{ field: 'course', key: 'academy.errors.has_members', message: 'Members are enrolled.' }] }, 409),
    });
    await renderApp('/academy/farming-basics/edit');
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Delete course' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete "Farming basics"?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Members are enrolled in this course, so it cannot be deleted');
    expect(sent).toEqual([{ method: 'DELETE', path: '/api/academy/authoring/courses/crs-1', body: null }]);
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
  });
});

describe('F-AREA-05 /admin/academy', () => {
  it('lists every course with its author and filters by status and words', async () => {
    const row: AuthoredCourse = {
      id: 'crs-1',
      slug: 'farming-basics',
      title: text('Farming basics'),
      summary: text(''),
      level: 'beginner',
      pro_only: true,
      locked: false,
      status: 'draft',
      lesson_count: 2,
      minutes: 12,
      question_count: 1,
      pass_mark: 70,
      enrolled: false,
      percent: 0,
      certificate_id: '',
      author_id: 'u-9',
      author_name: 'Brennan Media',
      author_email: 'creator@demo.test',
      members: 3,
      certificates: 1,
      updated_at: '2026-11-21T10:00:00Z',
    };
    const sent = stub({ admin: true, courses: [row] });
    const { router } = await renderApp('/admin/academy');
    expect(await heading()).toHaveTextContent('Academy courses');
    const item = await screen.findByTestId('authored-course');
    expect(within(item).getByRole('link', { name: 'Farming basics' })).toHaveAttribute('href', '/academy/farming-basics/edit');
    expect(item).toHaveTextContent('By Brennan Media · 2 lessons · 1 question · 3 members · 1 certificate');
    expect(within(item).getByText('Draft')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Academy', current: 'page' })).toHaveAttribute('href', '/admin/academy');
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'published' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by title, address or author' }), { target: { value: 'farm' } });
    await waitFor(() => expect(router.state.location.search).toBe('?status=published&q=farm'));
    await waitFor(() => expect(sent.map((s) => s.path)).toContain('/api/admin/academy/courses?status=published&q=farm'));
  });
});
