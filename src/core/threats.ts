/** Hermes' `scan_for_threats` / `first_threat_message` (tools/threat_patterns.py @00fd54f0) and the blocked-file text. */

import { codePointLabel, compiledPatterns, foldForMatching, INVISIBLE_CHARS, isScope, MAX_SCAN_CHARS, type PatternTable } from './threatPatterns';
import { cpHead } from './text';

const INVISIBLE_RE = new RegExp(`[${INVISIBLE_CHARS.map((c) => `\\u${c.toString(16).padStart(4, '0')}`).join('')}]`, 'g');

/** Hermes' invisible-character ids for `text`, one per distinct character, in order of first occurrence. */
export function invisibleIds(text: string): string[] {
  const seen = new Set<number>();
  INVISIBLE_RE.lastIndex = 0;
  for (let m = INVISIBLE_RE.exec(text); m && seen.size < INVISIBLE_CHARS.length; m = INVISIBLE_RE.exec(text)) {
    seen.add(m[0].charCodeAt(0));
  }
  return [...seen].map((c) => `invisible_unicode_${codePointLabel(c)}`);
}

/**
 * `scan_for_threats(content, scope)`: the matched ids. Invisible characters come first, from the raw text
 * capped at 65,536 code points; Python reports them in set order, which is arbitrary, so first occurrence
 * is used here. Then each pattern of the scope is searched in the NFKC form, ids appended in table order.
 */
export function scanForThreats(content: string, scope: string = 'context', table?: PatternTable): string[] {
  if (!content) return [];
  if (!isScope(scope)) throw new RangeError(`scan_for_threats: unknown scope '${scope}'`);
  const capped = cpHead(content, MAX_SCAN_CHARS);
  const findings = invisibleIds(capped);
  const normalized = foldForMatching(capped.normalize('NFKC'));
  for (const c of compiledPatterns(scope, table)) {
    if (c.test(normalized)) findings.push(c.pattern.id);
  }
  return findings;
}

/** `first_threat_message(content, scope)`: the user-facing error for the first finding, or null. */
export function firstThreatMessage(content: string, scope: string = 'strict'): string | null {
  const findings = scanForThreats(content, scope);
  if (!findings.length) return null;
  const id = findings[0];
  if (id.startsWith('invisible_unicode_')) {
    return `Blocked: content contains invisible unicode character ${id.slice('invisible_unicode_'.length)} (possible injection).`;
  }
  return (
    `Blocked: content matches threat pattern '${id}'. ` +
    'Content is injected into the system prompt and must not contain injection or exfiltration payloads.'
  );
}

/** What `_scan_context_content` puts in place of a blocked context file. */
export function blockedContextText(label: string, ids: readonly string[]): string {
  return `[BLOCKED: ${label} contained potential prompt injection (${ids.join(', ')}). Content not loaded.]`;
}
