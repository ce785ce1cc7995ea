import i18n from './i18n';
import { listLang } from './localize';

/**
 * The JSON a server-rendered page carries for the app in `<script type="application/json" id=..
 * data-lang=..>` (internal/httpapi/first_screen.go appData), parsed: the data the server drew the
 * page from. Undefined when the page has none, when it is in another language than the app's
 * (the server drew it for that language), or when it does not parse.
 */
export function readPageData(id: string, doc: Document = document): unknown {
  const el = doc.getElementById(id);
  if (!el?.textContent) return undefined;
  if ((el.dataset.lang ?? 'en') !== (listLang(i18n.language) ?? 'en')) return undefined;
  try {
    return JSON.parse(el.textContent) as unknown;
  } catch {
    return undefined;
  }
}
