import { useTranslation } from 'react-i18next';
import { useMoney } from '../../lib/useMoney';
import type { NoticeView } from './api';

/** The title and body of a notice in the reader's language, from its message keys and parameters. */
export function useNoticeText(): (n: NoticeView) => { title: string; body: string } {
  const { t } = useTranslation();
  const money = useMoney();
  return (n) => {
    const p = (n.params ?? {}) as Record<string, unknown>;
    const vars = {
      vendor: String(p.vendor ?? ''),
      service: String(p.service ?? ''),
      split: Number(p.split ?? 0),
      note: typeof p.note === 'string' ? p.note : '',
      agentShare: money(Number(p.agent_share_cents ?? 0)),
      vendorShare: money(Number(p.vendor_share_cents ?? 0)),
    };
    const title = t(n.title_key, { ...vars, defaultValue: t('notifications.fallbackTitle') });
    let body = t(n.body_key, { ...vars, defaultValue: '' });
    if (vars.note) body = `${body} ${t('notifications.note', { note: vars.note })}`;
    return { title, body };
  };
}

export function noticeDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
