import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { defaultHermesHome } from '../core/assemble';
import { CHECK_LEVELS, isChecks } from '../core/detection/rule';
import { CONFIG_SECTION, DEFAULT_SETTINGS, type ServerSettings, type SeverityOverride } from '../shared/protocol';
import type { EngineOptions } from './engineProtocol';
import { realPath } from './uris';

const SEVERITIES: readonly SeverityOverride[] = ['error', 'warning', 'information', 'hint', 'off'];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Settings as the client sent them, checked field by field: a wrong type falls back to the default and is
 * reported, so one bad value never stops the server. `base` supplies fields the client left out.
 */
export function normalizeSettings(raw: unknown, base: ServerSettings = DEFAULT_SETTINGS): { settings: ServerSettings; problems: string[] } {
  const problems: string[] = [];
  const settings: ServerSettings = { ...base, beyondHermesChecks: { ...base.beyondHermesChecks }, severityOverrides: { ...base.severityOverrides } };
  if (raw === undefined || raw === null) return { settings, problems };
  if (!isRecord(raw)) return { settings, problems: ['settings must be an object'] };
  const str = (key: 'hermesHome' | 'hermesSource' | 'layout' | 'platform' | 'model' | 'cwd'): void => {
    const v = raw[key];
    if (v === undefined || v === null) return;
    if (typeof v === 'string') settings[key] = v.trim();
    else problems.push(`${key} must be a string`);
  };
  str('hermesHome');
  str('hermesSource');
  str('layout');
  str('platform');
  str('model');
  str('cwd');
  if (raw.contextLength !== undefined && raw.contextLength !== null) {
    const v = raw.contextLength;
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0) settings.contextLength = v;
    else problems.push('contextLength must be a whole number of tokens (0 = unknown)');
  }
  if (raw.cacheImpactDiagnostics !== undefined && raw.cacheImpactDiagnostics !== null) {
    if (typeof raw.cacheImpactDiagnostics === 'boolean') settings.cacheImpactDiagnostics = raw.cacheImpactDiagnostics;
    else problems.push('cacheImpactDiagnostics must be true or false');
  }
  if (raw.checks !== undefined && raw.checks !== null) {
    if (isChecks(raw.checks)) settings.checks = raw.checks;
    else problems.push(`checks must be one of ${CHECK_LEVELS.join(', ')}`);
  }
  if (raw.beyondHermesChecks !== undefined && raw.beyondHermesChecks !== null) {
    if (!isRecord(raw.beyondHermesChecks)) problems.push('beyondHermesChecks must map rule ids to true/false');
    else {
      settings.beyondHermesChecks = {};
      for (const [id, on] of Object.entries(raw.beyondHermesChecks)) {
        if (typeof on === 'boolean') settings.beyondHermesChecks[id] = on;
        else problems.push(`beyondHermesChecks.${id} must be true or false`);
      }
    }
  }
  if (raw.severityOverrides !== undefined && raw.severityOverrides !== null) {
    if (!isRecord(raw.severityOverrides)) problems.push('severityOverrides must map rule ids to a severity');
    else {
      settings.severityOverrides = {};
      for (const [id, sev] of Object.entries(raw.severityOverrides)) {
        if (typeof sev === 'string' && (SEVERITIES as readonly string[]).includes(sev)) settings.severityOverrides[id] = sev as SeverityOverride;
        else problems.push(`severityOverrides.${id} must be one of ${SEVERITIES.join(', ')}`);
      }
    }
  }
  return { settings, problems };
}

/** HERMES_HOME with symlinks resolved (editor paths are compared in that form): the setting, else $HERMES_HOME, else ~/.hermes. */
export function resolveHermesHome(settings: ServerSettings, env: NodeJS.ProcessEnv = process.env): string {
  return realPath(path.resolve(settings.hermesHome ? settings.hermesHome.replace(/^~(?=$|[\\/])/, os.homedir()) : defaultHermesHome(env)));
}

export function engineOptions(settings: ServerSettings): EngineOptions {
  return {
    home: resolveHermesHome(settings),
    hermesSource: settings.hermesSource.replace(/^~(?=$|[\\/])/, os.homedir()),
    layout: settings.layout || DEFAULT_SETTINGS.layout,
    platform: settings.platform || DEFAULT_SETTINGS.platform,
    model: settings.model || undefined,
    contextLength: settings.contextLength > 0 ? settings.contextLength : undefined,
  };
}

/** Settings fields whose change means every prompt must be rebuilt. */
export function assemblyInputsChanged(a: ServerSettings, b: ServerSettings): boolean {
  return JSON.stringify(engineOptions(a)) !== JSON.stringify(engineOptions(b));
}

/**
 * The launch directory of a folder: the `cwd` setting (`~` expanded) against the folder, symlinks resolved. A
 * setting that names no directory falls back to the folder itself, with the problem to log.
 */
export function launchDirectory(folderPath: string, setting: string): { path: string; problem?: string } {
  if (!setting) return { path: folderPath };
  const resolved = realPath(path.resolve(folderPath, setting.replace(/^~(?=$|[\\/])/, os.homedir())));
  try {
    if (fs.statSync(resolved).isDirectory()) return { path: resolved };
  } catch {
    // Reported below.
  }
  return { path: folderPath, problem: `Setting ${CONFIG_SECTION}.cwd: ${resolved} is not a directory; using the folder ${folderPath}.` };
}
