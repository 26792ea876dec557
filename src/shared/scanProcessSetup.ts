/**
 * Imported first by every entry point that scans (the language server, its engine, the CLI, the benchmarks), so
 * the settings hold before any other module runs a regex: a regex run once under the default settings stays
 * interpreted after they change.
 */
import { setFlagsFromString } from 'node:v8';
import { SCAN_PROCESS_V8_FLAGS } from './v8Flags';

for (const flag of SCAN_PROCESS_V8_FLAGS) setFlagsFromString(flag);
