import { LogIn, ShieldX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { RouteSpinner } from '../../components/ui/Spinner';
import { useViewer } from '../../lib/session';
import { decideAccess, type ScreenAccess, type ScreenHandle, type SignInCopy } from './access';

/** The access the current route declares (routes.tsx puts it in every route's handle). */
function useScreenHandle(): ScreenHandle {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as ScreenHandle | undefined;
  if (!handle?.access) throw new Error('this route declares no access: give it one in routes.tsx');
  return handle;
}

/**
 * Applies the screen's declared access: a visitor on a protected screen sees the sign-in prompt
 * under the screen's title; a signed-in user without the role sees the 403 screen.
 */
export function AccessGuard({ title, children }: { title: string; children: ReactNode }) {
  const { access, signIn } = useScreenHandle();
  const viewer = useViewer();
  switch (decideAccess(viewer, access)) {
    case 'open':
      return children;
    case 'loading':
      return <RouteSpinner />;
    // data-access-screen tells the access screens from a screen's own (the route walk reads it).
    case 'sign-in':
      return (
        <div data-access-screen="sign-in">
          <SignInPrompt title={title} copy={signIn} />
        </div>
      );
    case 'forbidden':
      return (
        <div data-access-screen="forbidden">
          <Forbidden access={access} />
        </div>
      );
  }
}

function SignInPrompt({ title, copy }: { title: string; copy: SignInCopy | undefined }) {
  const { t } = useTranslation();
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  return (
    <Notice
      icon={<LogIn className="size-6" />}
      title={title}
      actions={<ButtonLink to={`/auth?redirect=${encodeURIComponent(back)}`}>{t('menu.signIn')}</ButtonLink>}
    >
      <p className="font-semibold text-fg">{t(copy?.headline ?? 'marketplace.save.signIn')}</p>
      <p>{t(copy?.body ?? 'common.access.signInBody')}</p>
    </Notice>
  );
}

function Forbidden({ access }: { access: ScreenAccess }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The first screen of a visit has nothing in the app to go back to: go home instead.
  const first = useLocation().key === 'default';
  return (
    <Notice
      tone="danger"
      icon={<ShieldX className="size-6" />}
      title={t('common.access.forbiddenTitle')}
      actions={
        <>
          <Button variant="secondary" onClick={() => void (first ? navigate('/') : navigate(-1))}>
            {t('common.access.back')}
          </Button>
          <ButtonLink to="/">{t('common.notFound.home')}</ButtonLink>
        </>
      }
    >
      <p>{t('common.access.forbiddenBody', { role: t(`common.access.roles.${access}`) })}</p>
    </Notice>
  );
}
