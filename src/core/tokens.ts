import { cpLength } from './text';
import { CHARS_PER_TOKEN } from './truncate';

/** Hermes' own budget estimate: characters / 4 (agent/model_metadata.py's CHARS_PER_TOKEN). */
export function estimateTokens(text: string): number {
  return Math.ceil(cpLength(text) / CHARS_PER_TOKEN);
}

type Encoder = { countTokens(text: string): number };
let encoder: Encoder | undefined;

/**
 * A real BPE count (o200k_base, the encoding of current OpenAI models; other providers' tokenizers
 * differ by a few percent). The encoder's tables are large, so they load on first use only.
 */
export function countTokens(text: string): number {
  if (!text) return 0;
  if (!encoder) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    encoder = require('gpt-tokenizer/cjs/encoding/o200k_base') as Encoder;
  }
  return encoder.countTokens(text);
}
