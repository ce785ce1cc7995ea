import {
  Component,
  Suspense,
  use,
  useDeferredValue,
  useEffect,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/documentTitle';
import { loadLegalContent, resolveLegalLocale } from './loadLegalContent';
import type { LegalBlock, LegalDoc, LegalLocale } from './types';

export type { LegalDoc } from './types';

interface StatusText {
  loading: string;
  failed: string;
  retry: string;
}

/** The only strings needed before a language chunk has loaded. */
const STATUS_TEXT: Record<LegalLocale, StatusText> = {
  en: {
    loading: 'Loading…',
    failed: 'This document could not be loaded. Check your connection and try again.',
    retry: 'Try again',
  },
  es: {
    loading: 'Cargando…',
    failed: 'No se pudo cargar este documento. Compruebe su conexión e inténtelo de nuevo.',
    retry: 'Reintentar',
  },
  fr: {
    loading: 'Chargement…',
    failed: 'Impossible de charger ce document. Vérifiez votre connexion et réessayez.',
    retry: 'Réessayer',
  },
};

/**
 * Renders one legal document in the current i18next language (English when the
 * language has no translation). Each language's text is loaded lazily.
 */
export default function LegalPage({ doc }: { doc: LegalDoc }) {
  const { i18n } = useTranslation();
  const locale = resolveLegalLocale(i18n.language);
  // While another language loads, keep showing the current text instead of a spinner.
  const shownLocale = useDeferredValue(locale);
  const status = STATUS_TEXT[locale];

  return (
    <LoadErrorBoundary text={status}>
      <Suspense fallback={<LegalStatus>{status.loading}</LegalStatus>}>
        <LegalDocumentView doc={doc} locale={shownLocale} />
      </Suspense>
    </LoadErrorBoundary>
  );
}

function LegalDocumentView({ doc, locale }: { doc: LegalDoc; locale: LegalLocale }) {
  const content = use(loadLegalContent(locale));
  const { ui } = content;
  const { title, updated, sections } = content.docs[doc];

  // The document's own title names the tab ("Prohibited Items and Services"), whatever the link said.
  useDocumentTitle(title);

  // The text arrives after the browser tried to scroll to a #section link: retry once it is there.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView?.();
  }, []);

  return (
    <article
      lang={content.locale}
      className="mx-auto max-w-3xl space-y-8 px-4 py-10 text-slate-700 sm:px-6 print:max-w-none print:space-y-6 print:p-0 print:text-black"
    >
      <header className="space-y-3 border-b border-slate-200 pb-6">
        <h1 id="legal-top" className="text-3xl font-bold tracking-tight text-slate-900 print:text-black">
          {title}
        </h1>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-500 print:text-black">
            {ui.lastUpdated} <time dateTime={updated}>{formatDate(updated, content.locale)}</time>
          </p>
          <button
            type="button"
            onClick={() => window.print()}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-slate-400 print:hidden"
          >
            {ui.print}
          </button>
        </div>
      </header>

      <nav
        aria-label={ui.contents}
        className="rounded-lg border border-slate-200 bg-slate-50 p-5 print:border-0 print:bg-transparent print:p-0"
      >
        <p className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500 print:text-black">
          {ui.contents}
        </p>
        <ol className="list-decimal space-y-1 pl-5 text-sm marker:text-slate-400">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="text-slate-700 underline-offset-2 hover:text-slate-900 hover:underline print:no-underline"
              >
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-heading`}
          className="scroll-mt-24 space-y-4"
        >
          <h2
            id={`${section.id}-heading`}
            className="text-xl font-semibold text-slate-900 print:break-after-avoid print:text-black"
          >
            {index + 1}. {section.heading}
          </h2>
          {section.blocks.map((block, blockIndex) => (
            <Block key={blockIndex} block={block} />
          ))}
        </section>
      ))}

      <footer className="border-t border-slate-200 pt-6 text-sm print:hidden">
        <a href="#legal-top" className="text-slate-500 underline-offset-2 hover:text-slate-900 hover:underline">
          {ui.backToTop}
        </a>
      </footer>
    </article>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (block.type === 'list') {
    return (
      <ul className="list-disc space-y-2 pl-6 leading-7 marker:text-slate-400">
        {block.items.map((item, index) => (
          <li key={index}>
            <TextWithLinks text={item} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <p className="leading-7">
      <TextWithLinks text={block.text} />
    </p>
  );
}

const EMAIL = /([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})/;

/** Plain text in which e-mail addresses become mailto: links (no HTML is ever parsed). */
function TextWithLinks({ text }: { text: string }) {
  const parts = text.split(EMAIL);
  if (parts.length === 1) return text;
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <a
        key={index}
        href={`mailto:${part}`}
        className="font-medium text-slate-900 underline underline-offset-2 print:font-normal print:no-underline"
      >
        {part}
      </a>
    ) : (
      part
    ),
  );
}

function formatDate(isoDate: string, locale: LegalLocale): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

function LegalStatus({ children }: { children: ReactNode }) {
  return (
    <div role="status" aria-live="polite" className="mx-auto max-w-3xl px-4 py-10 text-slate-500 sm:px-6">
      {children}
    </div>
  );
}

interface BoundaryProps {
  text: StatusText;
  children: ReactNode;
}

/** Shows a retry button when a language chunk cannot be downloaded (e.g. after a deploy or offline). */
class LoadErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { text } = this.props;
    return (
      <div role="alert" className="mx-auto max-w-3xl space-y-4 px-4 py-10 text-slate-700 sm:px-6">
        <p>{text.failed}</p>
        <button
          type="button"
          onClick={() => this.setState({ failed: false })}
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-slate-400"
        >
          {text.retry}
        </button>
      </div>
    );
  }
}
