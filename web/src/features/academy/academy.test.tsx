import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, renderApp, stubFetch } from '../../test/render';
import { sessionAnswer } from '../../test/session';
import type { CourseCard, Quiz, QuizResult } from './api';

function card(id: string, title: string, extra: Partial<CourseCard> = {}): CourseCard {
  return {
    id,
    slug: id,
    title: { en: title, es: '', fr: '' },
    summary: { en: `${title} in three lessons.`, es: '', fr: '' },
    level: 'beginner',
    lesson_count: 3,
    minutes: 25,
    pass_mark: 70,
    question_count: 3,
    pro_only: false,
    locked: false,
    enrolled: false,
    percent: 0,
    certificate_id: '',
    status: 'published',
    ...extra,
  };
}

const COURSES = [
  card('listing-presentations', 'Listing presentations', { enrolled: true, percent: 33 }),
  card('respa-co-marketing', 'RESPA-safe co-marketing', { pro_only: true, locked: true, pass_mark: 80 }),
];

const QUIZ: Quiz = {
  course_slug: 'listing-presentations',
  pass_mark: 70,
  questions: [
    { id: 'q1', prompt: 'What opens a listing presentation?', options: ['The price', 'The seller’s goals'] },
    { id: 'q2', prompt: 'When do you show comparables?', options: ['Before the pitch', 'After the goals'] },
  ],
};

const FAILED: QuizResult = {
  correct: 1,
  total: 2,
  percent: 50,
  pass_mark: 70,
  passed: false,
  review: [
    { id: 'q1', right: true, correct_option: null, explanation: '' },
    { id: 'q2', right: false, correct_option: null, explanation: '' },
  ],
  progress: { certificate_id: '', complete: false, done: [], passed: false, percent: 33 },
};

type Sent = { method: string; path: string; body: unknown };

function stub(session: unknown, sent: Sent[] = []) {
  const answer = stubFetch({
    '/api/config': { body: DEFAULT_CONFIG },
    '/api/auth/session': session ? { body: session } : { status: 401, body: { code: 'unauthenticated', message: 'sign in' } },
    '/api/academy/courses': { body: { courses: COURSES } },
    '/api/academy/courses/listing-presentations/quiz': { body: QUIZ },
  });
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init);
    const path = new URL(req.url).pathname;
    if (req.method === 'POST' && path.startsWith('/api/academy/')) {
      sent.push({ method: req.method, path, body: await req.clone().json() });
      return new Response(JSON.stringify(FAILED), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    return answer(input);
  });
}

describe('F-AREA-05 /academy', () => {
  it('lists the courses with lesson count, Pro badge and the caller’s progress', async () => {
    vi.stubGlobal('fetch', stub(null));
    await renderApp('/academy');
    const cards = await screen.findAllByTestId('course-card', {}, { timeout: 5000 });
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: 'Listing presentations' })).toHaveAttribute('href', '/academy/listing-presentations');
    expect(within(cards[0]!).getByText('3 lessons')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('progressbar', { name: 'Progress in Listing presentations' })).toHaveAttribute('aria-valuenow', '33');
    expect(within(cards[0]!).queryByText('Pro')).toBeNull();
    expect(within(cards[1]!).getByText('Pro')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('For Circle Pro members')).toBeInTheDocument();
    expect(within(cards[1]!).queryByRole('progressbar')).toBeNull();
  });
});

describe('F-AREA-05 /academy/:slug/quiz', () => {
  it('asks for every answer, sends the chosen options and shows which questions were wrong', async () => {
    const sent: Sent[] = [];
    vi.stubGlobal('fetch', stub(sessionAnswer(), sent));
    await renderApp('/academy/listing-presentations/quiz');
    await screen.findByText('1. What opens a listing presentation?', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('radio', { name: 'The seller’s goals' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit my answers' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please answer every question before submitting.');
    expect(sent).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: 'Before the pitch' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit my answers' }));
    const result = await screen.findByTestId('quiz-result');
    expect(sent).toEqual([{ method: 'POST', path: '/api/academy/courses/listing-presentations/quiz', body: { answers: [1, 0] } }]);
    expect(within(result).getByRole('heading', { name: 'Not passed this time' })).toBeInTheDocument();
    expect(within(result).getByText('You scored 50% (1 of 2 right); the pass mark is 70%.')).toBeInTheDocument();
    const rows = within(result).getAllByTestId('quiz-review');
    expect(within(rows[0]!).getByLabelText('Right')).toBeInTheDocument();
    expect(within(rows[1]!).getByLabelText('Wrong')).toBeInTheDocument();
    expect(within(result).queryByText(/Right answer/)).toBeNull();

    fireEvent.click(within(result).getByRole('button', { name: 'Take the quiz again' }));
    expect(screen.getByRole('radio', { name: 'Before the pitch' })).not.toBeChecked();
  });
});
