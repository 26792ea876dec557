/**
 * The Layers view: folder → layer → source → finding, straight from the server's assembled prompt, then the
 * "Discovered during the session" group: the subdirectory hints Hermes would append to tool results.
 */
import * as vscode from 'vscode';
import type { Finding } from '../core/types';
import type { DirectoryHintView, HintStatusView, LayerView, PerCallLayerView, SourceView } from '../shared/protocol';
import { formatCount, launchDirLabel, type AssemblyStore, type Hints } from './assemblies';

export type LayerNode = { kind: 'layer'; folder: vscode.WorkspaceFolder; layer: LayerView };
export type SourceNode = { kind: 'source'; source: SourceView };
export type FindingNode = { kind: 'finding'; source: SourceView; finding: Finding };
export type TierNode = { kind: 'tier'; folder: vscode.WorkspaceFolder; tier: string; layers: LayerView[] };
/** The layers Hermes sends with each API call, outside the cached prompt. */
export type PerCallGroupNode = { kind: 'perCallGroup'; folder: vscode.WorkspaceFolder; layers: PerCallLayerView[] };
export type PerCallNode = { kind: 'perCall'; folder: vscode.WorkspaceFolder; layer: PerCallLayerView };
export type HintGroupNode = { kind: 'hintGroup'; folder: vscode.WorkspaceFolder; hints: Hints };
export type HintNode = { kind: 'hint'; folder: vscode.WorkspaceFolder; hint: DirectoryHintView };
export type TreeNode =
  | { kind: 'folder'; folder: vscode.WorkspaceFolder; launchDir?: string }
  | PerCallGroupNode
  | PerCallNode
  | HintGroupNode
  | HintNode
  | TierNode
  | LayerNode
  | SourceNode
  | FindingNode
  | { kind: 'message'; text: string; icon: string; tooltip?: string };

const PER_CALL_STATUS: Record<PerCallLayerView['status'], string> = {
  active: 'sent each call',
  inactive: 'not used',
  runtime: 'written at run time',
  unreadable: 'not loadable',
};

export function perCallDescription(layer: PerCallLayerView): string {
  return layer.text ? `${PER_CALL_STATUS[layer.status]} · ${formatCount(layer.tokens)} tokens` : PER_CALL_STATUS[layer.status];
}

const FEED_ICONS: Record<PerCallLayerView['feeds'][number]['kind'], string> = { env: 'symbol-variable', config: 'settings-gear', file: 'file', runtime: 'pulse' };

const STATUS_ICONS: Record<SourceView['status'], vscode.ThemeIcon> = {
  loaded: new vscode.ThemeIcon('check', new vscode.ThemeColor('testing.iconPassed')),
  blocked: new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground')),
  truncated: new vscode.ThemeIcon('fold', new vscode.ThemeColor('list.warningForeground')),
  shadowed: new vscode.ThemeIcon('eye-closed'),
  empty: new vscode.ThemeIcon('circle-outline'),
  unreadable: new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')),
  missing: new vscode.ThemeIcon('question'),
};

const HINT_ICONS: Record<HintStatusView, vscode.ThemeIcon> = {
  loaded: new vscode.ThemeIcon('check', new vscode.ThemeColor('testing.iconPassed')),
  blocked: new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground')),
  truncated: new vscode.ThemeIcon('fold', new vscode.ThemeColor('list.warningForeground')),
  duplicate: new vscode.ThemeIcon('copy'),
  empty: new vscode.ThemeIcon('circle-outline'),
  none: new vscode.ThemeIcon('circle-outline'),
  pruned: new vscode.ThemeIcon('filter'),
  outside: new vscode.ThemeIcon('circle-slash'),
};

/** Statuses whose directory puts text into a tool result. */
const SENDS: readonly HintStatusView[] = ['loaded', 'blocked', 'truncated'];

export function hintDescription(hint: DirectoryHintView): string {
  return SENDS.includes(hint.status) ? `${hint.status} · ${formatCount(hint.chars)} chars · ${formatCount(hint.tokens)} tokens` : hint.status;
}

export function hintGroupDescription(hints: Hints): string {
  if (!hints.ok) return 'unavailable';
  if (!hints.view.hintsEnabled) return 'off: home directory';
  const sent = hints.view.directories.filter((d) => SENDS.includes(d.status));
  const chars = sent.reduce((n, d) => n + d.chars, 0);
  const tokens = sent.reduce((n, d) => n + d.tokens, 0);
  return `${sent.length} hint${sent.length === 1 ? '' : 's'} · ${formatCount(chars)} chars · ${formatCount(tokens)} tokens · not cached`;
}

const SEVERITY_ICONS: Record<Finding['severity'], vscode.ThemeIcon> = {
  error: new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground')),
  warning: new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')),
  info: new vscode.ThemeIcon('info'),
};

export function layerDescription(layer: LayerView): string {
  if (!layer.text) return 'empty';
  return `${formatCount(layer.chars)} chars · ${formatCount(layer.tokens)} tokens${layer.cached ? ' · cached' : ''}`;
}

export function sourceDescription(source: SourceView): string {
  return source.status === 'shadowed' && source.shadowedBy ? `shadowed by ${source.shadowedBy}` : source.status;
}

/** Under a per-call layer: what feeds it (used first), its file, and why it stays out of the cached prefix. */
function perCallChildren(layer: PerCallLayerView): TreeNode[] {
  const feeds = [...layer.feeds].sort((a, b) => Number(b.used) - Number(a.used)).map((f): TreeNode => ({
    kind: 'message', icon: FEED_ICONS[f.kind],
    text: `${f.name}: ${f.value === undefined ? (f.kind === 'runtime' ? (f.used ? 'in use' : 'not in use') : 'not set') : f.value}${f.used ? ' (used)' : ''}`,
  }));
  const sources = layer.sources.map((source): TreeNode => ({ kind: 'source', source }));
  return [...feeds, ...sources, { kind: 'message', icon: 'info', text: `Why not cached: ${layer.whyNotCached}`, tooltip: `${layer.placement}\n${layer.whyNotCached}` }];
}

export class LayerTreeProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;
  /** performance.now() when the tree first received an assembled prompt (the activation-time measurement). */
  firstAssemblyAt?: number;

  constructor(private readonly store: AssemblyStore) {
    // Folder nodes are rebuilt objects, so a partial refresh could not find them; refresh the whole tree.
    this.subscription = store.onDidChange(() => this.changed.fire(undefined));
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    const folders = vscode.workspace.workspaceFolders ?? [];
    if (!node) {
      if (folders.length === 0) return [];
      if (folders.length > 1) {
        return Promise.all(folders.map(async (folder): Promise<TreeNode> => {
          const assembly = await this.store.get(folder);
          return { kind: 'folder', folder, launchDir: assembly.ok ? assembly.view.launchDir : undefined };
        }));
      }
      const nodes = await this.layersOf(folders[0]);
      const group = await this.hintGroupOf(folders[0]);
      // An empty single-root tree lets the welcome view (package.json viewsWelcome) offer to create AGENTS.md.
      const nothing = !nodes.some((n) => n.kind !== 'perCallGroup' && (n.kind !== 'layer' || n.layer.sources.some((s) => s.status !== 'missing')))
        && !(group.hints.ok && group.hints.view.directories.length);
      void vscode.commands.executeCommand('setContext', 'hermesPromptLens.noContextFiles', nothing);
      return nothing ? [] : [...nodes, group];
    }
    switch (node.kind) {
      case 'folder':
        return [...(await this.layersOf(node.folder)), await this.hintGroupOf(node.folder)];
      case 'hintGroup':
        return this.hintsOf(node);
      case 'tier':
        return node.layers.map((layer): TreeNode => ({ kind: 'layer', folder: node.folder, layer }));
      case 'layer':
        return node.layer.sources.map((source): TreeNode => ({ kind: 'source', source }));
      case 'perCallGroup':
        return node.layers.map((layer): TreeNode => ({ kind: 'perCall', folder: node.folder, layer }));
      case 'perCall':
        return perCallChildren(node.layer);
      case 'source':
        return node.source.findings.map((finding) => ({ kind: 'finding', source: node.source, finding }));
      default:
        return [];
    }
  }

  private async layersOf(folder: vscode.WorkspaceFolder): Promise<TreeNode[]> {
    const assembly = await this.store.get(folder);
    if (!assembly.ok) return [{ kind: 'message', text: `Could not assemble the prompt: ${assembly.error}`, icon: 'error' }];
    this.firstAssemblyAt ??= performance.now();
    const { stale } = assembly.view;
    const warnings: TreeNode[] = [
      ...(stale ? [{ kind: 'message' as const, text: `Prompt out of date: the latest rebuild failed (${stale.reason})`, icon: 'error' }] : []),
      ...assembly.view.warnings.map((text): TreeNode => ({ kind: 'message', text, icon: 'warning' })),
    ];
    const layers = assembly.view.layers;
    const perCall: TreeNode[] = assembly.view.perCall.length ? [{ kind: 'perCallGroup', folder, layers: assembly.view.perCall }] : [];
    if (!layers.some((l) => l.tier)) return [...warnings, ...layers.map((layer): TreeNode => ({ kind: 'layer', folder, layer })), ...perCall];
    // A tiered layout: the tiers are the top level, in order, with their layers under them.
    const tiers: TierNode[] = [];
    for (const layer of layers) {
      const tier = layer.tier ?? 'other';
      const last = tiers[tiers.length - 1];
      if (last?.tier === tier) last.layers.push(layer);
      else tiers.push({ kind: 'tier', folder, tier, layers: [layer] });
    }
    return [...warnings, ...tiers, ...perCall];
  }

  private async hintGroupOf(folder: vscode.WorkspaceFolder): Promise<HintGroupNode> {
    return { kind: 'hintGroup', folder, hints: await this.store.hints(folder) };
  }

  private hintsOf(node: HintGroupNode): TreeNode[] {
    const { hints } = node;
    if (!hints.ok) return [{ kind: 'message', text: `Could not work out the subdirectory hints: ${hints.error}`, icon: 'error' }];
    const { view } = hints;
    // The home-directory guard is Hermes' answer to "why did the agent not see ~/x/AGENTS.md": say it.
    if (!view.hintsEnabled) return [{ kind: 'message', text: `Hermes sends no subdirectory hints: ${view.disabledReason ?? 'disabled'}.`, icon: 'home' }];
    const nodes: TreeNode[] = view.directories.map((hint) => ({ kind: 'hint', folder: node.folder, hint }));
    if (!nodes.length) nodes.push({ kind: 'message', text: 'No AGENTS.md, CLAUDE.md or .cursorrules below the launch directory.', icon: 'info' });
    if (view.incomplete) nodes.push({ kind: 'message', text: 'Only the first 20,000 directories were searched.', icon: 'warning' });
    return nodes;
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    switch (node.kind) {
      case 'folder': {
        const item = new vscode.TreeItem(node.folder.name, vscode.TreeItemCollapsibleState.Expanded);
        item.iconPath = vscode.ThemeIcon.Folder;
        item.resourceUri = node.folder.uri;
        item.contextValue = 'folder';
        if (node.launchDir) item.description = `launched from ${launchDirLabel(node.folder, node.launchDir)}`;
        return item;
      }
      case 'hintGroup': {
        const item = new vscode.TreeItem('Discovered during the session', vscode.TreeItemCollapsibleState.Expanded);
        item.id = `${node.folder.uri.toString()}#hints`;
        item.description = hintGroupDescription(node.hints);
        item.iconPath = new vscode.ThemeIcon('telescope');
        item.tooltip = 'Subdirectory hints: AGENTS.md, CLAUDE.md or .cursorrules of directories below the launch directory, appended once to the result of ' +
          'the first tool call that touches the directory. Not in the cached system prompt.';
        item.contextValue = 'hintGroup';
        return item;
      }
      case 'hint': {
        const { hint } = node;
        const item = new vscode.TreeItem(hint.displayPath ?? hint.relativeDirectory, vscode.TreeItemCollapsibleState.None);
        item.id = `${node.folder.uri.toString()}#hint:${hint.directory}`;
        item.description = hintDescription(hint);
        item.iconPath = HINT_ICONS[hint.status];
        item.tooltip = [hint.directory, hint.message].join('\n');
        item.contextValue = hint.text ? 'hint.sent' : 'hint';
        if (hint.text) item.command = { command: 'hermesPromptLens.showHintText', title: 'Show Appended Text', arguments: [node] };
        else if (hint.uri) item.command = { command: 'vscode.open', title: 'Open', arguments: [vscode.Uri.parse(hint.uri)] };
        return item;
      }
      case 'tier': {
        const chars = node.layers.reduce((n, l) => n + l.chars, 0);
        const tokens = node.layers.reduce((n, l) => n + l.tokens, 0);
        const cached = node.layers.some((l) => l.cached && l.text);
        const item = new vscode.TreeItem(`${node.tier[0].toUpperCase()}${node.tier.slice(1)} tier`, vscode.TreeItemCollapsibleState.Expanded);
        item.id = `${node.folder.uri.toString()}#tier:${node.tier}`;
        item.description = `${formatCount(chars)} chars · ${formatCount(tokens)} tokens${cached ? ' · cached prefix' : ''}`;
        item.iconPath = new vscode.ThemeIcon(cached ? 'lock' : 'layers');
        item.contextValue = 'tier';
        return item;
      }
      case 'perCallGroup': {
        const tokens = node.layers.reduce((n, l) => n + l.tokens, 0);
        const used = node.layers.filter((l) => l.status === 'active' || l.status === 'runtime').length;
        const item = new vscode.TreeItem('Per call (not cached)', vscode.TreeItemCollapsibleState.Collapsed);
        item.id = `${node.folder.uri.toString()}#perCall`;
        item.description = `${used} of ${node.layers.length} in use · ${formatCount(tokens)} tokens known`;
        item.iconPath = new vscode.ThemeIcon('debug-step-over');
        item.tooltip = 'Sent with each API call but never part of the cached system prompt (ephemeral prompt, prefill messages, gateway session context, memory-provider recall).';
        item.contextValue = 'perCallGroup';
        return item;
      }
      case 'perCall': {
        const { layer } = node;
        const item = new vscode.TreeItem(layer.title, vscode.TreeItemCollapsibleState.Collapsed);
        item.id = `${node.folder.uri.toString()}#perCall:${layer.id}`;
        item.description = perCallDescription(layer);
        item.iconPath = new vscode.ThemeIcon(layer.status === 'unreadable' ? 'warning' : layer.status === 'inactive' ? 'circle-outline' : 'arrow-right');
        item.tooltip = [layer.title, layer.placement, `Why not cached: ${layer.whyNotCached}`, ...layer.notes].join('\n');
        item.contextValue = 'perCall';
        return item;
      }
      case 'layer': {
        const { layer } = node;
        const item = new vscode.TreeItem(layer.title, layer.sources.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
        item.id = `${node.folder.uri.toString()}#${layer.id}`;
        item.description = layerDescription(layer);
        item.iconPath = new vscode.ThemeIcon(layer.cached ? 'lock' : 'layers');
        item.tooltip = [layer.title, layerDescription(layer), layer.provenance.detail, ...layer.notes].filter(Boolean).join('\n');
        item.contextValue = layer.sources.some((s) => s.status !== 'missing') ? 'layer.withSource' : 'layer';
        return item;
      }
      case 'source': {
        const { source } = node;
        const uri = vscode.Uri.parse(source.uri);
        const item = new vscode.TreeItem(source.label, source.findings.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
        item.description = sourceDescription(source);
        item.iconPath = STATUS_ICONS[source.status];
        item.tooltip = [source.path, source.message].filter(Boolean).join('\n');
        if (source.status !== 'missing') {
          item.command = { command: 'vscode.open', title: 'Open', arguments: [uri] };
          item.contextValue = 'source';
        }
        return item;
      }
      case 'finding': {
        const { finding, source } = node;
        const item = new vscode.TreeItem(finding.message, vscode.TreeItemCollapsibleState.None);
        item.description = `${finding.ruleId} · line ${finding.range.start.line + 1}`;
        item.iconPath = SEVERITY_ICONS[finding.severity];
        item.tooltip = finding.hermesBlocks ? `${finding.message}\nHermes blocks this file.` : finding.message;
        const { start, end } = finding.range;
        const selection = new vscode.Range(start.line, start.character, end.line, end.character);
        item.command = { command: 'vscode.open', title: 'Reveal', arguments: [vscode.Uri.parse(source.uri), { selection } satisfies vscode.TextDocumentShowOptions] };
        item.contextValue = 'finding';
        return item;
      }
      case 'message': {
        const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
        item.iconPath = new vscode.ThemeIcon(node.icon);
        item.tooltip = node.tooltip ?? node.text;
        return item;
      }
    }
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
