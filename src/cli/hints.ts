/** `hermes-prompt hints`: a hint session replayed from the command line, and its JSON contract. */
import type { ReadEnv } from '../core/contextFiles';
import type { DirectoryHint } from '../core/hints/hintFile';
import { surveyHints } from '../core/hints/survey';
import { HintTracker, type TrackerOptions } from '../core/hints/tracker';
import { cpLength } from '../core/text';
import { countTokens } from '../core/tokens';

export interface HintCall {
  tool: string;
  arguments: Record<string, string>;
}

export interface HintSession {
  launchDir: string;
  disabledReason?: string;
  /** Every directory the session considered, in discovery order. */
  directories: DirectoryHint[];
  /** Per tool call, the text Hermes appends to its result (only when calls were given). */
  calls: (HintCall & { appended: string })[];
}

/** Replays `calls` through one tracker; with no calls, surveys every hint directory below the launch directory. */
export function runHintSession(env: ReadEnv, options: TrackerOptions, calls: readonly HintCall[]): HintSession {
  if (!calls.length) {
    const survey = surveyHints(env, { ...options, root: options.launchDir });
    return { launchDir: survey.launchDir, disabledReason: survey.disabledReason, directories: survey.directories, calls: [] };
  }
  const tracker = new HintTracker(env, options);
  const session: HintSession = { launchDir: tracker.launchDir, disabledReason: tracker.disabledReason, directories: [], calls: [] };
  for (const call of calls) {
    const result = tracker.checkToolCall(call.tool, call.arguments);
    session.directories.push(...result.directories);
    session.calls.push({ ...call, appended: result.appended });
  }
  return session;
}

/** The `hints --json` contract (README "JSON output"): change a field only with a CHANGELOG entry. */
export function hintsJson(s: HintSession): object {
  return {
    launchDir: s.launchDir,
    hintsEnabled: !s.disabledReason,
    disabledReason: s.disabledReason ?? null,
    calls: s.calls,
    directories: s.directories.map((d) => ({
      directory: d.directory,
      relativeDirectory: d.relativeDirectory,
      status: d.status,
      file: d.file ?? null,
      displayPath: d.displayPath ?? null,
      text: d.text,
      chars: cpLength(d.text),
      tokens: countTokens(d.text),
      threatIds: d.threatIds,
      duplicateOf: d.duplicateOf ?? null,
      message: d.message,
    })),
  };
}
