/** Domain types shared by the engine, the CLI, the language server and the extension. */

/** A zero-based position; `character` counts UTF-16 code units, as LSP and VS Code do. */
export interface Position {
  line: number;
  character: number;
}

/** A range in a file's text (BOM removed); the end is exclusive. */
export interface Range {
  start: Position;
  end: Position;
}

export type Severity = 'error' | 'warning' | 'info';

export interface Finding {
  /** Hermes' own id where Hermes has one (`prompt_injection`, `invisible_unicode_U+200B`); ours otherwise. */
  ruleId: string;
  severity: Severity;
  message: string;
  /** True only when Hermes' own scanner reports this for the file, so the user is never misled. */
  hermesBlocks: boolean;
  range: Range;
}
