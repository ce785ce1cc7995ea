/** Kept apart from the lazy auth screen: the route table needs the title before it loads. */
export const AUTH_TITLE_KEYS = {
  signIn: 'auth.title.signIn',
  signUp: 'auth.title.signUp',
  newPassword: 'auth.title.newPassword',
} as const;

/** The title of /auth from its query: reset link, mode=signup, else sign-in. */
export function authTitleKey(search: URLSearchParams): string {
  if (search.get('reset')) return AUTH_TITLE_KEYS.newPassword;
  return search.get('mode') === 'signup' ? AUTH_TITLE_KEYS.signUp : AUTH_TITLE_KEYS.signIn;
}
