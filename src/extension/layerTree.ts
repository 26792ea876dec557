/** The Layers view: folder → layer → source → finding, straight from the server's assembled prompt. */
import * as vscode from 'vscode';
import type { Finding } from '../core/types';
import type { LayerView, SourceView } from '../shared/protocol';
import { formatCount, type AssemblyStore } from './assemblies';

export type LayerNode = { kind: 'layer'; folder: vscode.WorkspaceFolder; layer: LayerView };
export type SourceNode = { kind: 'source'; layer: LayerView; source: SourceView };
export type FindingNode = { kind: 'finding'; source: SourceView; finding: Finding };
export type TierNode = { kind: 'tier'; folder: vscode.WorkspaceFolder; tier: string; layers: LayerView[] };
export type TreeNode =
  | { kind: 'folder'; folder: vscode.WorkspaceFolder }
  | TierNode
  | LayerNode
  | SourceNode
  | FindingNode
  | { kind: 'message'; text: string; icon: string };

const STATUS_ICONS: Record<SourceView['status'], vscode.ThemeIcon> = {
  loaded: new vscode.ThemeIcon('check', new vscode.ThemeColor('testing.iconPassed')),
  blocked: new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground')),
  truncated: new vscode.ThemeIcon('fold', new vscode.ThemeColor('list.warningForeground')),
  shadowed: new vscode.ThemeIcon('eye-closed'),
  empty: new vscode.ThemeIcon('circle-outline'),
  unreadable: new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')),
  missing: new vscode.ThemeIcon('question'),
};

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
      if (folders.length > 1) return folders.map((folder) => ({ kind: 'folder', folder }));
      const nodes = await this.layersOf(folders[0]);
      // An empty single-root tree lets the welcome view (package.json viewsWelcome) offer to create AGENTS.md.
      const nothing = !nodes.some((n) => n.kind !== 'layer' || n.layer.sources.some((s) => s.status !== 'missing'));
      void vscode.commands.executeCommand('setContext', 'hermesPromptLens.noContextFiles', nothing);
      return nothing ? [] : nodes;
    }
    switch (node.kind) {
      case 'folder':
        return this.layersOf(node.folder);
      case 'tier':
        return node.layers.map((layer): TreeNode => ({ kind: 'layer', folder: node.folder, layer }));
      case 'layer':
        return node.layer.sources.map((source) => ({ kind: 'source', layer: node.layer, source }));
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
    if (!layers.some((l) => l.tier)) return [...warnings, ...layers.map((layer): TreeNode => ({ kind: 'layer', folder, layer }))];
    // A tiered layout: the tiers are the top level, in order, with their layers under them.
    const tiers: TierNode[] = [];
    for (const layer of layers) {
      const tier = layer.tier ?? 'other';
      const last = tiers[tiers.length - 1];
      if (last?.tier === tier) last.layers.push(layer);
      else tiers.push({ kind: 'tier', folder, tier, layers: [layer] });
    }
    return [...warnings, ...tiers];
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    switch (node.kind) {
      case 'folder': {
        const item = new vscode.TreeItem(node.folder.name, vscode.TreeItemCollapsibleState.Expanded);
        item.iconPath = vscode.ThemeIcon.Folder;
        item.resourceUri = node.folder.uri;
        item.contextValue = 'folder';
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
        item.tooltip = node.text;
        return item;
      }
    }
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
