import { Bold, Heading2, Heading3, Italic, List, ListOrdered, Pilcrow, Underline, type LucideIcon } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanRichText } from '../../lib/richText';
import { cn } from '../ui/cn';
import { FieldNotes, RequiredMark } from './Field';

/** A formatting command of the toolbar: its document.execCommand name and value. */
interface Tool {
  id: string;
  icon: LucideIcon;
  command: string;
  value?: string;
  /** A block format: pressed when the caret's block is this one. */
  block?: string;
}

const TOOLS: readonly Tool[] = [
  { id: 'bold', icon: Bold, command: 'bold' },
  { id: 'italic', icon: Italic, command: 'italic' },
  { id: 'underline', icon: Underline, command: 'underline' },
  { id: 'heading', icon: Heading2, command: 'formatBlock', value: 'h2', block: 'h2' },
  { id: 'subheading', icon: Heading3, command: 'formatBlock', value: 'h3', block: 'h3' },
  { id: 'paragraph', icon: Pilcrow, command: 'formatBlock', value: 'p', block: 'p' },
  { id: 'bullets', icon: List, command: 'insertUnorderedList' },
  { id: 'numbers', icon: ListOrdered, command: 'insertOrderedList' },
];

/** Runs an editing command where the browser has them (not in jsdom). */
function exec(command: string, value?: string): boolean {
  return typeof document.execCommand === 'function' && document.execCommand(command, false, value);
}

function queryState(tool: Tool): boolean {
  if (typeof document.queryCommandState !== 'function') return false;
  try {
    if (tool.block) return document.queryCommandValue('formatBlock').toLowerCase() === tool.block;
    return document.queryCommandState(tool.command);
  } catch {
    return false;
  }
}

export interface RichTextEditorProps {
  label: string;
  /** Allow-listed HTML (lib/richText.ts); the editor hands back the same shape. */
  value: string;
  onChange: (html: string) => void;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  /** The editable area's id (an error summary focuses it). */
  id?: string;
  className?: string;
}

/**
 * A small rich-text editor for the 03§5 allow-list (paragraphs, two heading levels, bold, italic,
 * underline, bulleted and numbered lists): an editable area with a toolbar (the WAI-ARIA toolbar
 * pattern, arrow keys between its buttons; Ctrl+B, Ctrl+I and Ctrl+U work in the area). Pasted and
 * dropped content comes in as plain text. Every change is cleaned to the allow-list
 * (cleanRichText), so what the author sees is what the server keeps; the server sanitises again.
 */
export function RichTextEditor({ label, value, onChange, hint, error, required, id, className }: RichTextEditorProps) {
  const { t } = useTranslation();
  const base = useId();
  const areaId = id ?? `${base}-area`;
  const labelId = `${base}-label`;
  const hintId = `${base}-hint`;
  const errorId = `${base}-error`;
  const area = useRef<HTMLDivElement>(null);
  // The last value this editor handed out: a value coming back unchanged leaves the caret alone.
  const emitted = useRef<string | null>(null);
  const [active, setActive] = useState<Record<string, boolean>>({});
  const [focusTool, setFocusTool] = useState(0);
  const toolRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    const el = area.current;
    if (!el || value === emitted.current) return;
    // Only allow-listed markup without attributes is ever put in the area.
    el.innerHTML = cleanRichText(value);
    emitted.current = value;
  }, [value]);

  const emit = () => {
    const el = area.current;
    if (!el) return;
    const html = cleanRichText(el.innerHTML);
    if (html === emitted.current) return;
    emitted.current = html;
    onChange(html);
  };

  const refreshActive = useCallback(() => {
    const el = area.current;
    const sel = typeof window.getSelection === 'function' ? window.getSelection() : null;
    if (!el || !sel?.anchorNode || !el.contains(sel.anchorNode)) return;
    setActive(Object.fromEntries(TOOLS.map((tool) => [tool.id, queryState(tool)])));
  }, []);

  useEffect(() => {
    document.addEventListener('selectionchange', refreshActive);
    return () => document.removeEventListener('selectionchange', refreshActive);
  }, [refreshActive]);

  const run = (tool: Tool) => {
    const el = area.current;
    if (!el) return;
    el.focus();
    exec('defaultParagraphSeparator', 'p');
    // A heading pressed again goes back to a paragraph.
    const value = tool.block && tool.block !== 'p' && queryState(tool) ? 'p' : tool.value;
    exec(tool.command, value);
    emit();
    refreshActive();
  };

  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    e.preventDefault();
    const text = e.clipboardData.getData('text/plain');
    if (!exec('insertText', text)) {
      // No editing commands (tests): the text goes in at the end.
      area.current?.append(document.createTextNode(text));
    }
    emit();
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    const text = e.dataTransfer.getData('text/plain');
    if (text) {
      area.current?.focus();
      exec('insertText', text);
      emit();
    }
  };

  const onToolKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const n = TOOLS.length;
    const to = e.key === 'ArrowRight' ? (focusTool + 1) % n : e.key === 'ArrowLeft' ? (focusTool - 1 + n) % n : e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : -1;
    if (to < 0) return;
    e.preventDefault();
    setFocusTool(to);
    toolRefs.current[to]?.focus();
  };

  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <span id={labelId} className="text-sm font-medium text-fg">
        {label}
        {required ? <RequiredMark /> : null}
      </span>
      <div className={cn('flex flex-col rounded-control border bg-surface', error ? 'border-danger' : 'border-border-strong')}>
        <div
          role="toolbar"
          aria-label={t('richText.toolbar', { field: label })}
          aria-controls={areaId}
          onKeyDown={onToolKey}
          className="flex flex-wrap gap-0.5 border-b border-border p-1"
        >
          {TOOLS.map((tool, i) => {
            const Icon = tool.icon;
            return (
              <button
                key={tool.id}
                ref={(el) => {
                  toolRefs.current[i] = el;
                }}
                type="button"
                tabIndex={i === focusTool ? 0 : -1}
                aria-pressed={active[tool.id] ?? false}
                aria-label={t(`richText.tools.${tool.id}`)}
                title={t(`richText.tools.${tool.id}`)}
                // Keeps the selection in the area while the button is pressed.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  setFocusTool(i);
                  run(tool);
                }}
                className={cn(
                  'flex size-11 items-center justify-center rounded-control text-fg-muted hover:bg-surface-sunken hover:text-fg sm:size-9',
                  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
                  active[tool.id] && 'bg-primary-soft text-primary-strong',
                )}
              >
                <Icon aria-hidden="true" className="size-4" />
              </button>
            );
          })}
        </div>
        <div
          ref={area}
          id={areaId}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          contentEditable
          suppressContentEditableWarning
          tabIndex={0}
          data-testid="rich-text-area"
          onInput={emit}
          onBlur={emit}
          onKeyUp={refreshActive}
          onMouseUp={refreshActive}
          onPaste={onPaste}
          onDrop={onDrop}
          className={cn(
            'min-h-40 max-h-[32rem] overflow-y-auto rounded-b-control px-3 py-2 text-base text-fg',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
            '[&_h2]:mt-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-2 [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-2 [&_ul]:list-disc',
          )}
        />
      </div>
      <FieldNotes hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}
