/**
 * V8 settings for the processes that scan (the language server and its engine, the CLI, the benchmarks).
 *
 * `--no-regexp-tier-up`: by default V8 interprets a regex on its first run and compiles it on the next, and the code
 * compiled that way matches our large alternations 2–3 times slower than code compiled at once. Worse, once a
 * process holds more than 16 MB of executable code, regexes compiled by tier-up are no longer optimized at all
 * (5–8 times slower): a scanner with hundreds of rule regexes, each compiled for one-byte and two-byte text, passes
 * that mark after a few hundred varied files, so every rule first met later ran slow for the rest of the session.
 * Compiling at first use costs a little more memory for regexes that run once, which a scanner has few of.
 */
export const SCAN_PROCESS_V8_FLAGS: readonly string[] = ['--no-regexp-tier-up'];
