import { Globe, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledControl } from '../../components/form/LabelledControl';
import { useUpdateProfile } from '../../features/profile/api/update-profile';
import { changeLanguage, isLanguage, LANGUAGES, prefetchLanguage, type Language } from '../../lib/i18n';
import { useViewer } from '../../lib/session';

/** How long a signed-in switch waits for the profile to store the language before reloading. */
const PROFILE_SAVE_WAIT_MS = 2000;

/**
 * English / Español / Français; a change is stored and the page reloads (spec 01§9). The reload
 * takes seconds on a slow phone, so the choice shows "Switching to Español…" at once (issue 18
 * item 9) and the old page stays on screen, saying so, until the new one paints. Hovering,
 * focusing or touching the picker downloads the other languages' chunks ahead of the reload.
 * A signed-in choice is also stored in the profile: the server writes e-mails, payment pages and
 * messages to vendors in the profile's language when the browser is not there to ask (the choice
 * itself stays the browser's, spec 01§9). A slow or failed save does not hold up the switch.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [switching, setSwitching] = useState<Language | null>(null);
  const viewer = useViewer();
  const saveProfile = useUpdateProfile();
  const switchTo = async (lang: Language) => {
    if (viewer.profile && viewer.profile.preferred_language !== lang) {
      const saved = saveProfile.mutateAsync({ preferred_language: lang }).catch(() => undefined);
      await Promise.race([saved, new Promise((resolve) => setTimeout(resolve, PROFILE_SAVE_WAIT_MS))]);
    }
    await changeLanguage(lang);
  };
  const prefetch = () => LANGUAGES.forEach((l) => l.code !== i18n.language && prefetchLanguage(l.code));
  const Icon = switching ? LoaderCircle : Globe;
  const target = LANGUAGES.find((l) => l.code === switching);
  return (
    <LabelledControl id={id} label={t('common.header.language')} className="relative flex items-center" labelClassName="sr-only">
      <Icon
        aria-hidden="true"
        className={`pointer-events-none absolute left-2.5 size-4 text-fg-muted max-sm:hidden ${switching ? 'motion-safe:animate-spin' : ''}`}
      />
      <select
        id={id}
        value={switching ?? i18n.language}
        aria-busy={switching ? true : undefined}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onTouchStart={prefetch}
        onChange={(e) => {
          const lang = e.target.value;
          if (isLanguage(lang) && lang !== i18n.language && !switching) {
            setSwitching(lang);
            void switchTo(lang);
          }
        }}
        className="h-10 appearance-none rounded-control border border-border bg-surface px-2 text-sm text-fg hover:bg-surface-sunken sm:pr-3 sm:pl-8"
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
      {target ? (
        <p
          role="status"
          data-testid="language-switching"
          className="fixed top-3 left-1/2 z-[100] flex -translate-x-1/2 items-center gap-2 rounded-full bg-primary px-4 py-2 text-sm font-medium text-primary-fg shadow-lg"
        >
          <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
          {t('common.header.switchingLanguage', { name: target.name })}
        </p>
      ) : null}
    </LabelledControl>
  );
}
