import * as path from 'node:path';
import { assemble, type AssembledPrompt, type AssembleOptions, type Layer } from './assemble';
import type { LayerId, TierId } from './layout';
import { OverlayFileSystem } from './overlayFs';
import { countTokens } from './tokens';

/** What replacing one source file's content would do to the cached prompt. */
export interface CacheImpact {
  path: string;
  /** The prompt bytes change at all. */
  changed: boolean;
  /** The change reaches the provider-cached prefix. */
  landsInPrefix: boolean;
  /** MEMORY.md / USER.md: a running session keeps its frozen snapshot; the change shows at the next session or rebuild. */
  frozenSnapshot: boolean;
  firstChangedLayer?: LayerId;
  /** Tiered layouts: the first tier whose cumulative prefix changes (its cache, and every later one's, is lost). */
  firstInvalidatedTier?: TierId;
  changedLayers: LayerId[];
  /** UTF-8 byte offset where the old and new prefixes first differ. */
  prefixDivergenceByte?: number;
  /** Tokens of the new prefix from the divergence point on: what the provider must process again. */
  rewrittenTokens: number;
  prefixTokensBefore: number;
  prefixTokensAfter: number;
  prefixHashBefore: string;
  prefixHashAfter: string;
  before: AssembledPrompt;
  after: AssembledPrompt;
}

/** Index of the first differing UTF-8 byte of two strings (their common length when one is a prefix of the other). */
export function firstDifferenceByte(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  // Step back to a code-point boundary so the byte count is of whole characters.
  if (i > 0 && i < n && a.charCodeAt(i - 1) >= 0xd800 && a.charCodeAt(i - 1) <= 0xdbff) i--;
  return Buffer.byteLength(a.slice(0, i), 'utf8');
}

function sliceFromByte(text: string, byte: number): string {
  return Buffer.from(text, 'utf8').subarray(byte).toString('utf8');
}

/**
 * Rebuilds with `newContent` in place of the file at `filePath` and compares: which layers change,
 * where the cached prefix first differs, and how many tokens after that point are re-written.
 * Bytes are read as Hermes reads the file (invalid UTF-8 makes it unreadable); text is an editor buffer.
 */
export function cacheImpact(opts: AssembleOptions, filePath: string, newContent: string | Uint8Array, before?: AssembledPrompt): CacheImpact {
  const base = before ?? assemble(opts);
  const overlay = new OverlayFileSystem(opts.fs, { [filePath]: newContent });
  const after = assemble({ ...opts, fs: overlay });
  const changedLayers = after.layers.filter((l, i) => l.hash !== base.layers[i]?.hash).map((l) => l.id);
  const landsInPrefix = base.prefixHash !== after.prefixHash;
  const divergence = landsInPrefix ? firstDifferenceByte(base.prefix, after.prefix) : undefined;
  const resolved = path.resolve(filePath);
  const firstInvalidatedTier = after.tierPrefixes.find((t, i) => t.hash !== base.tierPrefixes[i]?.hash)?.tier;
  const frozenSnapshot = [...base.layers, ...after.layers].some(
    (l: Layer) => (l.id === 'memory' || l.id === 'user_profile') && l.sources.some((s) => path.resolve(s.path) === resolved),
  );
  return {
    path: resolved,
    changed: base.prompt !== after.prompt,
    landsInPrefix,
    frozenSnapshot,
    firstChangedLayer: changedLayers[0],
    firstInvalidatedTier,
    changedLayers,
    prefixDivergenceByte: divergence,
    rewrittenTokens: divergence === undefined ? 0 : countTokens(sliceFromByte(after.prefix, divergence)),
    prefixTokensBefore: base.prefixTokens,
    prefixTokensAfter: after.prefixTokens,
    prefixHashBefore: base.prefixHash,
    prefixHashAfter: after.prefixHash,
    before: base,
    after,
  };
}
