import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn';
import type { PasswordStrength } from '../api/password-strength';

const LEVEL_STYLE = {
  weak: { bar: 'bg-danger', text: 'text-danger' },
  medium: { bar: 'bg-pro', text: 'text-pro-strong' },
  strong: { bar: 'bg-savings', text: 'text-savings-strong' },
} as const;

/** Server-scored password strength: level, a 6-step meter and what to improve (spec 01§5). */
export function StrengthMeter({ id, strength, pending }: { id: string; strength: PasswordStrength | null; pending: boolean }) {
  const { t, i18n } = useTranslation();
  if (!strength && !pending) return null;
  const style = strength ? LEVEL_STYLE[strength.level] : null;
  const feedbackText = (key: string, i: number) => {
    const k = `auth.strength.feedback.${key.replace(/^password\./, '')}`;
    return i18n.exists(k) ? t(k) : (strength?.feedback_text?.[i] ?? key);
  };
  return (
    <div id={id} className="flex flex-col gap-2" data-level={strength?.level ?? 'pending'}>
      <div className="flex items-center justify-between text-sm">
        <span className="text-fg-muted">{t('auth.strength.label')}</span>
        <span aria-live="polite" className={cn('font-semibold', style?.text ?? 'text-fg-muted')}>
          {strength ? t(`auth.strength.${strength.level}`) : t('auth.strength.checking')}
        </span>
      </div>
      <div
        role="meter"
        aria-label={t('auth.strength.label')}
        aria-valuemin={0}
        aria-valuemax={strength?.max_score ?? 6}
        aria-valuenow={strength?.score ?? 0}
        aria-valuetext={strength ? t('auth.strength.score', { score: strength.score, max: strength.max_score }) : t('auth.strength.checking')}
        className="flex gap-1"
      >
        {Array.from({ length: strength?.max_score ?? 6 }, (_, i) => (
          <span
            key={i}
            className={cn('h-1.5 flex-1 rounded-pill', strength && i < strength.score ? style?.bar : 'bg-border')}
          />
        ))}
      </div>
      {strength && (strength.feedback?.length ?? 0) > 0 ? (
        <ul className="flex flex-col gap-1 text-sm" aria-label={t('auth.strength.improve')}>
          {(strength.feedback ?? []).map((f, i) => (
            <li key={f} className="flex items-center gap-2 text-fg-muted">
              <X aria-hidden="true" className="size-4 shrink-0 text-danger" />
              {feedbackText(f, i)}
            </li>
          ))}
        </ul>
      ) : null}
      {strength?.is_strong ? (
        <p className="flex items-center gap-2 text-sm text-savings-strong">
          <Check aria-hidden="true" className="size-4" />
          {t('auth.strength.meetsAll')}
        </p>
      ) : null}
    </div>
  );
}
