import { authPath } from '../../lib/pendingAction';
import { ButtonLink } from './Button';

/**
 * A highlighted box asking a visitor to sign in or create an account, either of which comes back
 * to returnTo (where the answers kept meanwhile are saved). The box is a region named by its h2.
 */
export function SignInPrompt({
  id,
  title,
  body,
  returnTo,
  signInLabel,
  signUpLabel,
}: {
  id: string;
  title: string;
  body: string;
  returnTo: string;
  signInLabel: string;
  signUpLabel: string;
}) {
  return (
    <div role="region" aria-labelledby={id} className="flex flex-col gap-3 rounded-card border border-primary/40 bg-primary-soft p-5">
      <h2 id={id} className="text-lg font-semibold text-fg">
        {title}
      </h2>
      <p className="text-fg">{body}</p>
      <div className="flex flex-wrap gap-3">
        <ButtonLink to={authPath(returnTo, 'signin')}>{signInLabel}</ButtonLink>
        <ButtonLink to={authPath(returnTo, 'signup')} variant="secondary">
          {signUpLabel}
        </ButtonLink>
      </div>
    </div>
  );
}
