import * as path from 'node:path';

/** Container homes Hermes refuses to treat as a project (`_CONTAINER_HOMES`). */
export const CONTAINER_HOMES: readonly string[] = ['/home', '/root', '/workspace'];
const HOME_MOUNT_PARTS: readonly string[] = ['.home', 'host-home', 'host_home'];

/**
 * Hermes' `_is_home_like_working_dir`: why a launch directory looks like a home directory (then subdirectory
 * hints are off for the whole session, or every AGENTS.md/CLAUDE.md under ~ would reach the agent), or
 * undefined for a real project. `dir` and `home` are resolved absolute paths.
 */
export function homeLikeReason(dir: string, home: string): string | undefined {
  if (dir === home) return `it is your home directory (${home})`;
  if (CONTAINER_HOMES.includes(dir)) return `it is ${dir}, a container home`;
  const parent = path.dirname(dir);
  if (CONTAINER_HOMES.includes(parent)) return `it is directly inside ${parent}, where container and user homes live`;
  const part = dir.split(/[\\/]+/).find((p) => HOME_MOUNT_PARTS.includes(p));
  if (part) return `its path has a "${part}" component, the mount of a host home directory`;
  return undefined;
}
