import { FORM_RULE_KEYS, FORM_RULES, type FormRule, type FormRuleKind } from './formRules.generated';

/**
 * The 03§5 rule table on the client. The table itself is generated from the server's
 * (internal/formrules, `go run ./cmd/circle formrules`); this file only applies it, the same
 * way formrules.Validate does, so the client and the server refuse the same values with the
 * same messages (keys of the formRules namespace; {{field}} is the field's label).
 */

export interface RuleSpec {
  kind: FormRuleKind;
  /** The table's rule made optional (an optional e-mail or URL). */
  optional?: boolean;
  /** The rule made required (a required free text). */
  required?: boolean;
  min?: number;
  max?: number;
}

export interface RuleError {
  key: string;
  values: { n?: number };
}

export function ruleOf(spec: RuleSpec): FormRule {
  const base: FormRule = FORM_RULES[spec.kind];
  return {
    ...base,
    required: spec.required ? true : spec.optional ? false : base.required,
    min: spec.min && spec.min > 0 ? spec.min : base.min,
    max: spec.max && spec.max > 0 ? spec.max : base.max,
  };
}

const compiled = new Map<string, RegExp>();
function re(pattern: string): RegExp {
  let r = compiled.get(pattern);
  if (!r) {
    r = new RegExp(pattern);
    compiled.set(pattern, r);
  }
  return r;
}

/** The first rule the value breaks, or null. Blank optional values pass; length counts characters. */
export function checkRule(value: string, spec: RuleSpec): RuleError | null {
  const rule = ruleOf(spec);
  const v = value.trim();
  if (v === '') return rule.required ? { key: FORM_RULE_KEYS.required, values: {} } : null;
  const n = [...v].length;
  if (rule.min > 0 && n < rule.min) return { key: rule.minKey ?? FORM_RULE_KEYS.min, values: { n: rule.min } };
  if (rule.max > 0 && n > rule.max) return { key: FORM_RULE_KEYS.max, values: { n: rule.max } };
  for (const c of rule.checks) if (!re(c.pattern).test(v)) return { key: c.key, values: {} };
  return null;
}

const DROPPED = /<(script|style|iframe|object|embed|template|noscript|textarea|title|svg|math)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/gi;
const TAG = /<\/?[a-zA-Z][^>]*>?|<!--[\s\S]*?(-->|$)|<[!?][^>]*>/g;
const JS_SCHEME = /j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*:/gi;
const HANDLER = /\bon[a-z]+\s*=/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return NAMED[e.toLowerCase()] ?? m;
  });
}

/**
 * What the server's text sanitiser (formrules.SanitizeText) leaves of a text, for previews:
 * script and style elements with their content and every other tag removed, entities decoded,
 * 'javascript:' and inline handlers stripped, again until nothing changes. The server sanitises
 * again on save; this is never the safety net. It works on the string alone: parsing the text
 * into a DOM, even a <template> or a DOMParser document, makes Chromium fetch an <img src=x>
 * and try its onerror handler.
 */
export function sanitizeText(input: string): string {
  let s = input;
  for (let i = 0; i < 8; i++) {
    let out = decodeEntities(s.replace(DROPPED, '').replace(TAG, ''));
    for (;;) {
      const next = out.replace(JS_SCHEME, '').replace(HANDLER, '');
      if (next === out) break;
      out = next;
    }
    if (out === s) break;
    s = out;
  }
  return s.trim();
}
