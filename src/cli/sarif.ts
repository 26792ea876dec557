import * as path from 'node:path';
import { PROJECT_URL, ruleHelpUri, ruleInfo } from '../core/ruleLinks';
import type { FileScan } from '../core/scanFiles';
import type { RuleInfo } from '../core/scanner';
import type { Severity } from '../core/types';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

/**
 * SARIF 2.1.0 as GitHub code scanning accepts it: relative URIs, 1-based UTF-16 columns, one rule per id.
 * For `writeJson`: results are made file by file as `scans` yields them, and the rules they use follow them.
 */
export function toSarif(scans: Iterable<FileScan>, baseDir: string, version: string): object {
  const ruleIndex = new Map<string, number>();
  const indexOf = (id: string): number => {
    let i = ruleIndex.get(id);
    if (i === undefined) ruleIndex.set(id, (i = ruleIndex.size));
    return i;
  };
  function* results(): Generator<object> {
    for (const s of scans) {
      const uri = toUri(s.path, baseDir);
      for (const f of s.findings) {
        yield {
          ruleId: f.ruleId,
          ruleIndex: indexOf(f.ruleId),
          level: LEVEL[f.severity],
          message: { text: f.message },
          locations: [{
            physicalLocation: {
              artifactLocation: { uri, uriBaseId: '%SRCROOT%' },
              region: {
                startLine: f.range.start.line + 1,
                startColumn: f.range.start.character + 1,
                endLine: f.range.end.line + 1,
                endColumn: f.range.end.character + 1,
              },
            },
          }],
          properties: { hermesBlocks: f.hermesBlocks },
        };
      }
    }
  }
  const rules = () => [...ruleIndex.keys()].map((id) => {
    const info = ruleInfo(id);
    return {
      id,
      name: info.title.replace(/[^A-Za-z0-9]+(.)?/g, (_m: string, c: string | undefined) => (c ? c.toUpperCase() : '')),
      shortDescription: { text: info.title },
      fullDescription: { text: info.description },
      helpUri: ruleHelpUri(id),
      help: { text: info.fix ? `${info.description}\n\nFix: ${info.fix}` : info.description },
      properties: {
        hermesBlocks: info.hermesBlocks,
        'security-severity': securitySeverity(info),
        ...(info.family ? { family: info.family } : {}),
        tags: ['security', 'prompt-injection', ...(info.family ? [info.family] : [])],
      },
    };
  });
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{
      columnKind: 'utf16CodeUnits',
      originalUriBaseIds: { '%SRCROOT%': { uri: 'file://' + encodeURI(path.resolve(baseDir).split(path.sep).join('/')) + '/' } },
      results: results(),
      tool: () => ({ driver: { name: 'hermes-prompt-lens', informationUri: PROJECT_URL, semanticVersion: version, version, rules: rules() } }),
    }],
  };
}

/**
 * GitHub's `security-severity` (a CVSS-like score as a string): a beyond-Hermes rule's own score; 8.0 (high)
 * for what Hermes blocks, since it decides whether a whole file reaches the prompt; 2.0 for notes about the file.
 */
function securitySeverity(info: RuleInfo): string {
  return (info.securitySeverity ?? (info.hermesBlocks ? 8 : 2)).toFixed(1);
}

function toUri(file: string, baseDir: string): string {
  const rel = path.relative(baseDir, path.resolve(file));
  const posix = (rel.startsWith('..') ? path.resolve(file) : rel).split(path.sep).join('/');
  return posix.split('/').map(encodeURIComponent).join('/');
}
