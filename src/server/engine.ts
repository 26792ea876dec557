/**
 * The engine process (dist/engine.js), forked by the language server: builds prompts from disk and measures
 * the cache impact of unsaved text. Requests are handled one at a time in arrival order; the server keeps at
 * most one request per folder or document in flight, so nothing piles up here.
 */
// First, so V8's settings hold before any other module runs a regex.
import '../shared/scanProcessSetup';
import { assemble, type AssembledPrompt, type AssembleOptions } from '../core/assemble';
import { cacheImpact } from '../core/cache';
import * as os from 'node:os';
import * as path from 'node:path';
import { resolveHermesTexts, type ResolvedTexts } from '../core/hermesSource/installation';
import { NodeFileSystem } from '../core/nodeFs';
import { countTokens } from '../core/tokens';
import type { FileHintsView, HintsView } from '../shared/protocol';
import type { EngineMethods, EngineOptions, EngineRequestMessage, EngineResponseMessage, FolderAssembly, FolderImpact } from './engineProtocol';
import { truncationCuts } from './truncation';
import { canonicalPath } from './uris';
import { directoryHintView, impactView, promptSignature, promptView, sourceView } from './views';
import { fileReach } from '../core/hints/fileReach';
import { surveyHints } from '../core/hints/survey';

const disk = new NodeFileSystem();
let options: EngineOptions | undefined;
/** Hermes' own texts, read once per configuration (the installation does not change under a session). */
let texts: ResolvedTexts | undefined;
/** Disk builds per folder path: the "before" of every cache-impact comparison. */
const builds = new Map<string, AssembledPrompt>();

function assembleOptions(launchDir: string): AssembleOptions {
  if (!options) throw new Error('engine not configured');
  return {
    fs: disk, cwd: launchDir, home: options.home, layout: options.layout, platform: options.platform, model: options.model, contextLength: options.contextLength,
    texts: texts?.texts, textsProvenance: texts?.provenance, textFallbacks: texts?.fallbacks, table: texts?.table,
  };
}

function diskBuild(launchDir: string): AssembledPrompt {
  let build = builds.get(launchDir);
  if (!build) {
    build = assemble(assembleOptions(launchDir));
    builds.set(launchDir, build);
  }
  return build;
}

type Handlers = { [M in keyof EngineMethods]: (params: EngineMethods[M]['params']) => EngineMethods[M]['result'] };

const handlers: Handlers = {
  configure(params) {
    options = params;
    const source = params.hermesSource;
    texts = resolveHermesTexts(disk, {
      configured: source && source !== 'builtin' ? source : undefined,
      disabled: source === 'builtin',
      hermesHome: params.home, userHome: os.homedir(), pathDirs: (process.env.PATH ?? '').split(path.delimiter).filter(Boolean),
    });
    builds.clear();
    return null;
  },
  invalidate({ folders }) {
    for (const f of folders) builds.delete(f);
    return null;
  },
  assemble({ folderUri, launchDir }): FolderAssembly {
    builds.delete(launchDir);
    const build = diskBuild(launchDir);
    const view = promptView(folderUri, build);
    return { view, signature: promptSignature(view), maxChars: build.inputs.maxChars, cuts: truncationCuts(view) };
  },
  cacheImpact({ folderUri, launchDir, uri, filePath, text, includePrompts }): FolderImpact {
    const impact = cacheImpact(assembleOptions(launchDir), filePath, text, diskBuild(launchDir));
    const target = canonicalPath(filePath);
    const after = promptView(folderUri, impact.after);
    const sources = after.layers.flatMap((l) => l.sources).filter((s) => s.path === target);
    const feeds = sources.length > 0 || impact.before.layers.some((l) => l.sources.some((s) => sourceView(s).path === target));
    return {
      folderUri, view: impactView(uri, impact, feeds, includePrompts), sources,
      cut: truncationCuts(after)[target], maxChars: impact.after.inputs.maxChars,
    };
  },
  tokens({ text }) {
    return countTokens(text);
  },
  hints({ folderUri, folderPath, launchDir }): HintsView {
    const survey = surveyHints({ fs: disk, table: texts?.table }, { launchDir, root: folderPath, home: os.homedir() });
    return {
      folderUri, launchDir: survey.launchDir, hintsEnabled: !survey.disabledReason,
      ...(survey.disabledReason ? { disabledReason: survey.disabledReason } : {}),
      directories: survey.directories.map(directoryHintView), incomplete: survey.incomplete,
    };
  },
  fileHints({ folderUri, launchDir, uri, filePath, startup }): FileHintsView {
    const r = fileReach({ fs: disk, table: texts?.table }, { launchDir, home: os.homedir() }, filePath);
    const base = { uri, folderUri, launchDir: path.resolve(launchDir), appended: r.firstRead.appended, directories: r.firstRead.directories.map(directoryHintView) };
    if (startup) return { ...base, reach: 'startup', reason: startup };
    return { ...base, reach: r.reach === 'hint' ? 'hint' : 'never', reason: r.reason };
  },
};

function handle(msg: EngineRequestMessage): EngineResponseMessage {
  try {
    const handler = handlers[msg.method] as ((p: unknown) => unknown) | undefined;
    if (!handler) throw new Error(`unknown engine method '${String(msg.method)}'`);
    return { id: msg.id, result: handler(msg.params) };
  } catch (err) {
    return { id: msg.id, error: err instanceof Error ? err.message : String(err) };
  }
}

process.on('message', (msg: EngineRequestMessage) => process.send?.(handle(msg)));
// The server went away: nothing else would ever talk to this process.
process.on('disconnect', () => process.exit(0));
