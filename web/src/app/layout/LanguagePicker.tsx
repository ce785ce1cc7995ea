import { Globe } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, LANGUAGES } from '../../lib/i18n';

/** English / Español / Français; a change is stored and the page reloads (spec 01§9). */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="relative flex items-center">
      <label htmlFor={id} className="sr-only">
        {t('common.header.language')}
      </label>
      <Globe aria-hidden="true" className="pointer-events-none absolute left-2.5 size-4 text-fg-muted max-sm:hidden" />
      <select
        id={id}
        value={i18n.language}
        onChange={(e) => {
          const lang = e.target.value;
          if (isLanguage(lang) && lang !== i18n.language) changeLanguage(lang);
        }}
        className="h-10 appearance-none rounded-control border border-border bg-surface px-2 text-sm text-fg hover:bg-surface-sunken sm:pr-3 sm:pl-8"
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}
