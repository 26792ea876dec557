import type { AssembledPrompt, Layer } from '../core/assemble';
import type { CacheImpact } from '../core/cache';
import { sha256 } from '../core/hash';
import type { Source } from '../core/source';
import type { AssembledPromptView, CacheImpactView, LayerView, SourceView } from '../shared/protocol';
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
    folderUri, layout: a.layout, prompt: a.prompt, prefixHash: a.prefixHash, prefixBytes: a.prefixBytes,
    prefixTokens: a.prefixTokens, totalTokens: a.totalTokens, layers: a.layers.map(layerView), warnings: a.warnings,
  };
}

/** What a client shows for "did the assembly change": the prompt bytes and every source's verdict. */
export function promptSignature(view: AssembledPromptView): string {
  const sources = view.layers.flatMap((l) => l.sources.map((s) => [s.path, s.status, s.shadowedBy ?? '', s.message ?? '', s.findings.length]));
  return sha256(`${view.prompt}\u0000${JSON.stringify(sources)}\u0000${view.warnings.join('\n')}`);
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
