/**
 * Hermes' `SEARCH_PRUNE_DIR_NAMES` (agent/search_policy.py), which subdirectory hints share: these directories
 * hold copies of context files (dependencies, build output, caches, backups), never authoritative ones.
 */
export const PRUNE_DIR_NAMES: ReadonlySet<string> = new Set([
  '.git', '.hg', '.svn',
  'node_modules', 'venv', '.venv', 'site-packages', 'dist-packages', 'vendor', 'third_party',
  'build', 'dist', 'target', 'out', 'coverage', '.next', '.turbo', '.parcel-cache', '.nuxt', '.svelte-kit',
  '.archive',
  '__pycache__', '.cache', '.Trash', '.tox', '.nox', '.mypy_cache', '.pytest_cache', '.ruff_cache', '.npm', '.yarn',
  '.pnpm-store', '.gradle', '.m2', '.nuget',
  'backups', 'backup', '.backups',
]);
