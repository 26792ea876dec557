import type { AssembledPrompt, Layer } from '../core/assemble';
import type { CacheImpact } from '../core/cache';
import { sha256 } from '../core/hash';
import type { Source } from '../core/source';
import type { DirectoryHint } from '../core/hints/hintFile';
import { cpLength } from '../core/text';
import { countTokens } from '../core/tokens';
import type { AssembledPromptView, CacheImpactView, DirectoryHintView, LayerView, SourceView } from '../shared/protocol';
import { canonicalPath, pathToUri } from './uris';

/** Plain-data forms of the engine's results, as the shared protocol defines them. */

export function sourceView(s: Source): SourceView {
  const p = canonicalPath(s.path);
  return {
    uri: pathToUri(p), path: p, label: s.label, kind: s.kind, status: s.status,
    ...(s.shadowedBy ? { shadowedBy: s.shadowedBy } : {}),
    ...(s.message ? { message: s.message } : {}),
    ...(s.resolvesTo ? { resolvesTo: s.resolvesTo } : {}),
    findings: s.findings,
  };
}

function layerView(l: Layer): LayerView {
  return {
    id: l.id, title: l.title, ...(l.tier ? { tier: l.tier } : {}), text: l.text, chars: l.chars, tokens: l.tokens,
    estimatedTokens: l.estimatedTokens, cached: l.cached, bytes: l.bytes, hash: l.hash, provenance: l.provenance,
    notes: l.notes, sources: l.sources.map(sourceView),
  };
}

export function promptView(folderUri: string, a: AssembledPrompt): AssembledPromptView {
  return {
    folderUri, launchDir: a.inputs.cwd, layout: a.layout, prompt: a.prompt, prefixHash: a.prefixHash, prefixBytes: a.prefixBytes,
    prefixTokens: a.prefixTokens, totalTokens: a.totalTokens, layers: a.layers.map(layerView),
    perCall: a.perCall.map((p) => ({ ...p, sources: p.sources.map(sourceView) })), warnings: a.warnings,
  };
}

/** What a client shows for "did the assembly change": the prompt bytes and every source's verdict. */
export function promptSignature(view: AssembledPromptView): string {
  const sources = view.layers.flatMap((l) => l.sources.map((s) => [s.path, s.status, s.shadowedBy ?? '', s.message ?? '', s.findings.length]));
  const perCall = view.perCall.map((p) => [p.id, p.status, p.text, p.feeds, p.notes, p.sources.map((s) => [s.path, s.status, s.message ?? ''])]);
  return sha256(`${view.prompt}\u0000${JSON.stringify(sources)}\u0000${JSON.stringify(perCall)}\u0000${view.warnings.join('\n')}`);
}

export function impactView(uri: string, impact: CacheImpact, feedsPrompt: boolean, includePrompts: boolean): CacheImpactView {
  return {
    uri, feedsPrompt, changed: impact.changed, landsInPrefix: impact.landsInPrefix, frozenSnapshot: impact.frozenSnapshot,
    ...(impact.firstChangedLayer ? { firstChangedLayer: impact.firstChangedLayer } : {}),
    changedLayers: impact.changedLayers,
    ...(impact.prefixDivergenceByte !== undefined ? { prefixDivergenceByte: impact.prefixDivergenceByte } : {}),
    rewrittenTokens: impact.rewrittenTokens, prefixTokensBefore: impact.prefixTokensBefore, prefixTokensAfter: impact.prefixTokensAfter,
    ...(includePrompts ? { beforePrompt: impact.before.prompt, afterPrompt: impact.after.prompt } : {}),
  };
}

export function directoryHintView(d: DirectoryHint): DirectoryHintView {
  const appended = d.text ? `\n\n${d.text}` : '';
  const file = d.file ? canonicalPath(d.file) : undefined;
  return {
    directory: d.directory, relativeDirectory: d.relativeDirectory, status: d.status,
    ...(file ? { uri: pathToUri(file), path: file } : {}),
    ...(d.displayPath ? { displayPath: d.displayPath } : {}),
    text: d.text, appended, chars: cpLength(appended), tokens: countTokens(appended), threatIds: d.threatIds,
    ...(d.duplicateOf ? { duplicateOf: d.duplicateOf } : {}),
    message: d.message,
  };
}
