import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { LabelledControl } from '../../../components/form/LabelledControl';
import { SEARCH_DEBOUNCE_MS } from '../model/filters';

/**
 * A search box that commits 300 ms after the last keystroke (03§9) or at once on Enter; it
 * follows the committed value when that changes elsewhere (a chip, clear all, back button).
 */
export function SearchBox({
  value,
  onCommit,
  label,
  placeholder,
  clearLabel,
}: {
  value: string;
  onCommit: (text: string) => void;
  label: string;
  placeholder: string;
  clearLabel: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (committed !== value) {
    setCommitted(value);
    setText(value);
  }
  const commitRef = useRef(onCommit);
  useEffect(() => {
    commitRef.current = onCommit;
  }, [onCommit]);

  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => commitRef.current(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <LabelledControl id={id} label={label} className="relative flex-1" labelClassName="sr-only">
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted" />
      <input
        id={id}
        type="search"
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        maxLength={200}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (text !== value) onCommit(text);
          }
        }}
        className="h-10 w-full rounded-control border border-border-strong bg-surface pr-9 pl-9 text-sm text-fg placeholder:text-fg-muted [&::-webkit-search-cancel-button]:hidden"
      />
      {text ? (
        <button
          type="button"
          aria-label={clearLabel}
          onClick={() => {
            setText('');
            onCommit('');
          }}
          className="absolute top-1/2 right-2 flex size-7 -translate-y-1/2 items-center justify-center rounded-control text-fg-muted hover:bg-surface-sunken"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </LabelledControl>
  );
}
