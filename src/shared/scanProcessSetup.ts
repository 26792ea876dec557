/**
 * Imported first by every entry point that scans (the language server, its engine, the CLI, the benchmarks), so
 * the settings hold before any other module runs a regex: a regex run once under the default settings stays
 * interpreted after they change.
 */
import { tuneScanProcess } from './v8Flags';

tuneScanProcess();
