import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import { refetchAfterWrite, SEND_ONCE, useSendOnce } from '../../lib/queryClient';
import { sessionQueryKey } from '../../lib/session';

export type DiscAnswer = components['schemas']['DiscAnswer'];
export type DiscProfile = components['schemas']['DiscProfile'];
export type DiscResult = components['schemas']['DiscResult'];
export type DiscItem = components['schemas']['DiscItem'];
export type Questionnaire = components['schemas']['Questionnaire'];
export type QuestionnaireView = ResponseBody<'/api/assessments/questionnaire', 'get'>;
export type Recommendation = components['schemas']['Recommendation'];

export const discResultsKey = ['assessments', 'disc', 'results'] as const;
export const questionnaireKey = ['assessments', 'questionnaire'] as const;

/** GET /api/assessments/disc/items (disc-items): the 24 items, fixed for the app's life. */
export function discItemsQuery() {
  return {
    queryKey: ['assessments', 'disc', 'items'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(api.GET('/api/assessments/disc/items', { signal })),
    staleTime: Infinity,
  };
}

/** GET /api/assessments/disc/results (list-disc-results): the member's history. */
export function discResultsQuery(signedIn: boolean) {
  return {
    queryKey: discResultsKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(api.GET('/api/assessments/disc/results', { signal })),
    enabled: signedIn,
  };
}

/** POST /api/assessments/disc/score (score-disc): a visitor's profile, not saved. */
export function useScoreDisc() {
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (answers: DiscAnswer[]) => unwrap(api.POST('/api/assessments/disc/score', { body: { answers } })),
  });
}

/** POST /api/assessments/disc/results (save-disc-result): a member's test, scored and saved. */
export function useSaveDisc() {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (answers: DiscAnswer[]) => unwrap(api.POST('/api/assessments/disc/results', { body: { answers } })),
    // Answers kept across sign-in are saved while the history's first read may be in flight.
    onSuccess: () => refetchAfterWrite(queryClient, discResultsKey),
  });
}

/** GET /api/assessments/questionnaire (get-questionnaire): the member's answers and recommendations. */
export function questionnaireQuery(signedIn: boolean) {
  return {
    queryKey: questionnaireKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(api.GET('/api/assessments/questionnaire', { signal })),
    enabled: signedIn,
  };
}

/** PUT /api/assessments/questionnaire (save-questionnaire). */
export function useSaveQuestionnaire() {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (body: Questionnaire) => unwrap(api.PUT('/api/assessments/questionnaire', { body })),
    onSuccess: (view) => queryClient.setQueryData(questionnaireKey, view),
  });
}

export type WelcomeView = ResponseBody<'/api/welcome', 'get'>;
export type WelcomeUpdate = components['schemas']['WelcomeUpdate'];
export type GoalsView = ResponseBody<'/api/goals', 'get'>;
export type GoalsInput = components['schemas']['GoalsInput'];
export type ProfileLocation = { state?: string; city?: string; specialties?: string[] };

export const welcomeKey = ['assessments', 'welcome'] as const;
export const goalsKey = ['assessments', 'goals'] as const;

/** GET /api/welcome (get-welcome): the member's onboarding, resumed where they left it. */
export function welcomeQuery() {
  return {
    queryKey: welcomeKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(api.GET('/api/welcome', { signal })),
  };
}

/** PUT /api/welcome (save-welcome): progress, finish or skip. */
export function useSaveWelcome() {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (body: WelcomeUpdate) => unwrap(api.PUT('/api/welcome', { body })),
    onSuccess: (view) => queryClient.setQueryData(welcomeKey, view),
  });
}

/** PATCH /api/profile (update-profile): the onboarding's location and specialties on the profile. */
export function useSetProfileFromWelcome() {
  return useSendOnce((body: ProfileLocation) => unwrap(api.PATCH('/api/profile', { body })), sessionQueryKey);
}

/** GET /api/goals (get-goals): the latest goals and every update. */
export function goalsQuery(enabled: boolean) {
  return {
    queryKey: goalsKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(api.GET('/api/goals', { signal })),
    enabled,
  };
}

/**
 * POST /api/goals (save-goals): one more update. The session's profile is asked again: it now
 * says the goal assessment is done, which takes the header's Goals button away.
 */
export function useSaveGoals() {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (body: GoalsInput) => unwrap(api.POST('/api/goals', { body })),
    onSuccess: (view) => {
      queryClient.setQueryData(goalsKey, view);
      return queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
