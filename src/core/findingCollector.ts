/**
 * The scanner's findings pipeline: what becomes of the matches before anyone sees them. A hostile file can
 * match millions of times (8 MB of `a` + U+200D is two million invisible characters), so runs of one rule are
 * grouped into one finding, and at most MAX_FINDINGS_PER_FILE findings are kept, plus one that counts the
 * rest. Memory stays bounded while matches stream in: messages are made only for the findings kept.
 */

import { formatThousands } from './text';
import type { Severity } from './types';

/** Findings listed per scanned file; more are counted in one `too_many_findings` finding. */
export const MAX_FINDINGS_PER_FILE = 1_000;

/**
 * Findings of one rule with at most this many UTF-16 units between them group into one: a line break (CRLF
 * too) between two matching lines. Findings further apart stay apart, each with its own message.
 */
export const GROUP_GAP = 2;

export const TOO_MANY_FINDINGS = 'too_many_findings';

/** A match as offsets into the scanned text; the message may be made on demand (most are never shown). */
export interface Hit {
  start: number;
  end: number;
  ruleId: string;
  severity: Severity;
  hermesBlocks: boolean;
  message: string | (() => string);
  /** A note about the whole file (one per file), listed whatever the cap. */
  fileNote?: boolean;
  /**
   * The range is exactly the characters to delete (a quick fix removes it), so it is never widened over the
   * text between two hits: such hits group only where they touch.
   */
  exact?: boolean;
}

/** A finished hit: the message is made, and `count` says how many matches it groups. */
export interface GroupedHit extends Omit<Hit, 'message'> {
  message: string;
  count: number;
}

interface Group extends Hit {
  count: number;
}

const RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

/** Which findings the cap keeps: what Hermes acts on, then the most severe, then the earliest. */
function keepFirst(a: Group, b: Group): number {
  return Number(b.hermesBlocks) - Number(a.hermesBlocks) || RANK[b.severity] - RANK[a.severity] || a.start - b.start || a.end - b.end;
}

/**
 * Collects hits in any order across rules; each rule's (and severity's) hits must come in ascending order
 * to be grouped, which every scanner pass does. `finish` returns them sorted by position.
 */
export class FindingCollector {
  /** The group each rule is extending, by rule, then by severity and verdict (`slot`). */
  private readonly open = new Map<string, (Group | undefined)[]>();
  private closed: Group[] = [];
  private readonly notes: Group[] = [];
  private omitted = 0;
  private readonly omittedByRule = new Map<string, number>();
  private firstOmitted?: Group;
  private worstOmitted: Severity = 'info';
  /** Once the cap is reached, the last finding kept: anything ranking after it is omitted on arrival. */
  private threshold?: Group;

  constructor(private readonly cap = MAX_FINDINGS_PER_FILE) {}

  add(hit: Hit): void {
    if (hit.fileNote) {
      this.notes.push({ ...hit, count: 1 });
      return;
    }
    let slots = this.open.get(hit.ruleId);
    if (!slots) this.open.set(hit.ruleId, (slots = []));
    const slot = RANK[hit.severity] * 2 + Number(hit.hermesBlocks);
    const group = slots[slot];
    if (group && hit.start >= group.start && hit.start <= group.end + (hit.exact ? 0 : GROUP_GAP)) {
      if (hit.end > group.end) group.end = hit.end;
      group.count++;
      return;
    }
    if (group) this.close(group);
    slots[slot] = {
      start: hit.start, end: hit.end, ruleId: hit.ruleId, severity: hit.severity, hermesBlocks: hit.hermesBlocks, message: hit.message, count: 1,
    };
  }

  finish(): GroupedHit[] {
    for (const slots of this.open.values()) for (const group of slots) if (group) this.close(group);
    this.open.clear();
    this.prune();
    const kept: GroupedHit[] = [...this.closed, ...this.notes]
      .sort((a, b) => a.start - b.start || a.end - b.end)
      .map((g) => ({ ...g, message: groupMessage(g) }));
    this.closed = [];
    const first = this.firstOmitted;
    if (first) {
      const byRule = [...this.omittedByRule].sort((a, b) => b[1] - a[1]);
      const shown = byRule.slice(0, 5).map(([id, n]) => `${id} ×${formatThousands(n)}`).join(', ');
      kept.push({
        start: first.start, end: first.end, ruleId: TOO_MANY_FINDINGS, severity: this.worstOmitted, hermesBlocks: false, count: this.omitted,
        message: `${formatThousands(this.omitted)} more finding${this.omitted === 1 ? ' is' : 's are'} not listed, from here on ` +
          `(${shown}${byRule.length > 5 ? ', …' : ''}): at most ${formatThousands(this.cap)} are listed per file.`,
      });
    }
    return kept;
  }

  private close(group: Group): void {
    if (this.threshold && keepFirst(group, this.threshold) > 0) {
      this.omit(group);
      return;
    }
    this.closed.push(group);
    if (this.closed.length >= 2 * this.cap) this.prune();
  }

  /** Keeps the `cap` findings that rank first; the set only grows, so a finding dropped now is never needed. */
  private prune(): void {
    if (this.closed.length <= this.cap) return;
    this.closed.sort(keepFirst);
    for (let i = this.cap; i < this.closed.length; i++) this.omit(this.closed[i]);
    this.closed.length = this.cap;
    this.threshold = this.closed[this.cap - 1];
  }

  private omit(g: Group): void {
    this.omitted++;
    this.omittedByRule.set(g.ruleId, (this.omittedByRule.get(g.ruleId) ?? 0) + 1);
    if (!this.firstOmitted || g.start < this.firstOmitted.start) this.firstOmitted = g;
    if (RANK[g.severity] > RANK[this.worstOmitted]) this.worstOmitted = g.severity;
  }
}

const GROUPS = ' This range groups ';

function groupMessage(g: Group): string {
  const message = typeof g.message === 'string' ? g.message : g.message();
  return g.count > 1 ? `${message}${GROUPS}${formatThousands(g.count)} such matches.` : message;
}

/** How many matches a finished finding stands for (its message says so when it groups several). */
export function groupedCount(message: string): number {
  const at = message.lastIndexOf(GROUPS);
  return at === -1 ? 1 : Number(message.slice(at + GROUPS.length).replace(/ such matches\.$/, '').replace(/,/g, '')) || 1;
}
