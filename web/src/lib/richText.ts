import { ALLOWED_HTML_TAGS } from './formRules.generated';

/**
 * Rich text as the server keeps it (formrules.SanitizeHTML, the 03§5 allow-list: p, br, strong,
 * em, b, i, u, ul, ol, li, h1-h6, never an attribute). cleanRichText turns whatever an editable
 * area holds (a browser's <div> lines, <b> from Ctrl+B, <span style>, pasted markup) into that
 * shape, so what an author sees in the preview is what the server stores. It works on the string
 * alone, as sanitizeText does (lib/formRules.ts): parsing markup into a DOM could fetch an
 * <img src>. The server sanitises again on save; this is never the safety net.
 */

const ALLOWED = new Set(ALLOWED_HTML_TAGS);
/** Elements whose content goes with them (the server's dropped list). */
const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'title', 'svg', 'math']);
const VOID = new Set(['br', 'img', 'hr', 'input', 'meta', 'link', 'wbr', 'source', 'area', 'col', 'param', 'track', 'base']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const LISTS = new Set(['ul', 'ol']);
/** Elements that hold lines of their own: their content becomes paragraphs. */
const BLOCKISH = new Set([
  'div', 'section', 'article', 'aside', 'header', 'footer', 'main', 'nav', 'blockquote', 'pre', 'figure', 'figcaption',
  'address', 'dl', 'dt', 'dd', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'form', 'fieldset', 'details', 'summary', 'body', 'html',
]);
/** Inline tags kept, under one name each (b is strong, i is em). */
const INLINE: Record<string, string> = { strong: 'strong', b: 'strong', em: 'em', i: 'em', u: 'u' };

interface El {
  tag: string;
  kids: Node[];
}
type Node = El | string;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return NAMED[e.toLowerCase()] ?? m;
  });
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>|<\/([a-zA-Z][a-zA-Z0-9]*)\s*>|<[!?][^>]*>/g;

/** A forgiving tree of the markup: unknown and unclosed tags are tolerated, dropped ones skipped. */
function parse(html: string): El {
  const root: El = { tag: '#root', kids: [] };
  const stack: El[] = [root];
  const top = () => stack[stack.length - 1]!;
  const closeTo = (tag: string) => {
    for (let i = stack.length - 1; i > 0; i--) {
      if (stack[i]!.tag === tag) {
        stack.length = i;
        return;
      }
    }
  };
  let at = 0;
  const text = (s: string) => {
    if (s) top().kids.push(decode(s));
  };
  for (let m = TOKEN.exec(html); m; m = TOKEN.exec(html)) {
    text(html.slice(at, m.index));
    at = TOKEN.lastIndex;
    const open = m[1]?.toLowerCase();
    const close = m[2]?.toLowerCase();
    if (open) {
      if (DROPPED.has(open)) {
        // Skip to the element's end tag (its content is code or an embedded document).
        const end = new RegExp(`</${open}\\s*>`, 'ig');
        end.lastIndex = at;
        const found = end.exec(html);
        at = found ? end.lastIndex : html.length;
        TOKEN.lastIndex = at;
        continue;
      }
      if (VOID.has(open)) {
        if (open === 'br') top().kids.push({ tag: 'br', kids: [] });
        continue;
      }
      // A new paragraph, heading or list item ends an open paragraph (and an item its sibling).
      if ((open === 'p' || HEADINGS.has(open) || LISTS.has(open) || BLOCKISH.has(open)) && top().tag === 'p') stack.pop();
      if (open === 'li') {
        for (let i = stack.length - 1; i > 0 && !LISTS.has(stack[i]!.tag); i--) {
          if (stack[i]!.tag === 'li') {
            stack.length = i;
            break;
          }
        }
      }
      const el: El = { tag: open, kids: [] };
      top().kids.push(el);
      stack.push(el);
    } else if (close) {
      closeTo(close);
    }
  }
  TOKEN.lastIndex = 0;
  text(html.slice(at));
  return root;
}

/** The inline markup of nodes: kept inline tags, line breaks and escaped text. */
function inline(nodes: Node[]): string {
  let out = '';
  for (const n of nodes) {
    if (typeof n === 'string') {
      out += escape(n.replace(/[\s\u00a0]+/g, ' '));
    } else if (n.tag === 'br') {
      out += '<br>';
    } else if (LISTS.has(n.tag)) {
      out += list(n);
    } else if (n.tag === 'p' || HEADINGS.has(n.tag) || BLOCKISH.has(n.tag)) {
      // A block inside a line (a list item's paragraphs): its own line.
      out += `${inline(n.kids)}<br>`;
    } else {
      const inner = inline(n.kids);
      const tag = INLINE[n.tag];
      out += tag && inner.replace(/<br>/g, '').trim() ? `<${tag}>${inner}</${tag}>` : inner;
    }
  }
  return out;
}

/** Line text without the spaces and line breaks at its ends; '' when nothing is left. */
function trimLine(s: string): string {
  let t = s.replace(/^(?:\s|<br>)+/, '').replace(/(?:\s|<br>)+$/, '');
  // Spaces just inside an inline tag at either end.
  t = t.replace(/^(<(?:strong|em|u)>)\s+/, '$1').replace(/\s+(<\/(?:strong|em|u)>)$/, '$1');
  return t.replace(/<(strong|em|u)>(?:\s|<br>)*<\/\1>/g, '').trim() ? t : '';
}

function list(el: El): string {
  const items: string[] = [];
  let loose: Node[] = [];
  const flush = () => {
    const line = trimLine(inline(loose));
    if (line) items.push(`<li>${line}</li>`);
    loose = [];
  };
  for (const k of el.kids) {
    if (typeof k !== 'string' && k.tag === 'li') {
      flush();
      const line = trimLine(inline(k.kids));
      if (line) items.push(`<li>${line}</li>`);
    } else if (typeof k !== 'string' && LISTS.has(k.tag)) {
      flush();
      const nested = list(k);
      if (nested) items.push(`<li>${nested}</li>`);
    } else {
      loose.push(k);
    }
  }
  flush();
  return items.length ? `<${el.tag}>${items.join('')}</${el.tag}>` : '';
}

/** The blocks of nodes: paragraphs (loose inline content and <div> lines), headings and lists. */
function blocks(nodes: Node[], out: string[]): void {
  let run: Node[] = [];
  const flush = () => {
    const line = trimLine(inline(run));
    if (line) out.push(`<p>${line}</p>`);
    run = [];
  };
  for (const n of nodes) {
    if (typeof n === 'string' || n.tag === 'br' || INLINE[n.tag] || (!ALLOWED.has(n.tag) && !BLOCKISH.has(n.tag) && n.tag !== 'li')) {
      // A line break between blocks of a browser's editor (<div>a</div><br>) is no content.
      run.push(n);
    } else if (LISTS.has(n.tag)) {
      flush();
      const l = list(n);
      if (l) out.push(l);
    } else if (n.tag === 'p' || HEADINGS.has(n.tag)) {
      flush();
      // A paragraph holding a list or a heading (pasted markup): its parts become blocks.
      if (n.kids.some((k) => typeof k !== 'string' && (LISTS.has(k.tag) || HEADINGS.has(k.tag) || k.tag === 'p' || BLOCKISH.has(k.tag)))) {
        blocks(n.kids, out);
      } else {
        const line = trimLine(inline(n.kids));
        if (line) out.push(`<${n.tag}>${line}</${n.tag}>`);
      }
    } else {
      // div, li outside a list, and other containers: their lines are paragraphs.
      flush();
      blocks(n.kids, out);
    }
  }
  flush();
}

/** The allow-listed HTML of any markup: paragraphs, h1-h6, lists, strong, em, u and br, no attributes. */
export function cleanRichText(html: string): string {
  const out: string[] = [];
  blocks(parse(html).kids, out);
  return out.join('');
}

/** The words of rich text (for "is it empty" and counts): the text without its tags. */
export function richTextWords(html: string): string {
  return decode(html.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
}
