/** Reads the extension's settings (the keys the server also reads, plus the client-only ones). */
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { CONFIG_SECTION } from '../shared/protocol';

export type CacheWarningKind = 'statusBar' | 'codeLens' | 'notification';

export function config(scope?: vscode.ConfigurationScope): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(CONFIG_SECTION, scope);
}

export function cacheWarningEnabled(kind: CacheWarningKind, scope?: vscode.ConfigurationScope): boolean {
  return config(scope).get<boolean>(`cacheWarnings.${kind}`, true);
}

/**
 * HERMES_HOME as the server resolves it (setting, then $HERMES_HOME, then ~/.hermes). The server is a child
 * of this extension host, so it sees the same environment.
 */
export function hermesHome(scope?: vscode.ConfigurationScope): vscode.Uri {
  const setting = config(scope).get<string>('hermesHome', '').trim();
  const env = process.env.HERMES_HOME?.trim();
  const home = setting ? setting.replace(/^~(?=$|[\\/])/, os.homedir()) : env || path.join(os.homedir(), '.hermes');
  return vscode.Uri.file(path.resolve(home));
}

/** The `enum` of a setting as declared in package.json, so pickers and the manifest cannot disagree. */
export function declaredEnum(extension: vscode.Extension<unknown>, key: string): string[] {
  const properties = extension.packageJSON?.contributes?.configuration?.properties ?? {};
  const values = properties[`${CONFIG_SECTION}.${key}`]?.enum;
  return Array.isArray(values) ? values.map(String) : [];
}
