import { ALL_RULES } from './ruleLinks';
import type { RuleInfo } from './scanner';

const FIX: Record<string, string> = {
  invisible_unicode: 'Run **Hermes Prompt: Remove Invisible Characters** (or the quick fix on the diagnostic), then check that the visible text still says what you meant.',
  unicode_tag_characters: 'Delete the characters; the diagnostic shows the hidden text they spell. Emoji flag sequences that use tags are the one legitimate use.',
  bidi_mark: 'Delete the mark unless the file really mixes right-to-left and left-to-right text.',
  soft_hyphen: 'Delete soft hyphens; they hide words from Hermes\' patterns without showing in the editor.',
  variation_selector_run: 'Delete the selectors; a single VS16 after an emoji is normal, runs of them can smuggle data.',
  invisible_format_character: 'Delete the character; nothing in a context file needs it.',
  scan_cap_exceeded: 'Split the file or move reference material elsewhere, so that everything Hermes loads is also checked.',
  invalid_utf8: 'Re-save the file as UTF-8 (most editors: "Save with Encoding").',
  unreadable_file: 'Make it a readable regular file under 256 MiB, or delete it if Hermes is not meant to load it.',
  unlistable_directory: 'Give the scan permission to list the directory, or move the project files out of it.',
  symlink_outside_root: 'Replace the link with the file or directory it points to if Hermes should read it; remove it if not.',
  too_many_findings: 'Fix the findings listed first and scan again; a file with this many is most likely generated or hostile.',
  memory_entry_too_large: 'Remove the entry with `memory(action=remove)` or edit MEMORY.md/USER.md so the entry is a short fact.',
};

const PATTERN_FIX = 'Reword or remove the text. Hermes matches case-insensitively anywhere in the file, including code blocks and quotations, so documentation *about* such phrases triggers it too: paraphrase it.';

export function ruleAnchor(rule: RuleInfo): string {
  return `rule-${rule.id.replace(/_/g, '-').toLowerCase()}`;
}

/** The README's rule reference, generated so it cannot drift from the scanner's table. */
export function renderRuleDocs(rules: readonly RuleInfo[] = ALL_RULES): string {
  return rules
    .map((r) => {
      const blocks = r.hermesBlocks ? 'yes' : 'no (reported by Hermes Prompt Lens only)';
      return [
        `#### <a id="${ruleAnchor(r)}"></a>\`${r.id}\` — ${r.title}`,
        '',
        r.description,
        '',
        `- Hermes blocks it: ${blocks}${r.scope ? ` (scope: ${r.scope})` : ''}`,
        `- Fix: ${FIX[r.id] ?? PATTERN_FIX}`,
      ].join('\n');
    })
    .join('\n\n');
}
