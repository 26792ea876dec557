/**
 * Lasting access installed: SSH keys and configuration, cron, launch agents, systemd units, Run keys, sudoers,
 * shell rc files and git hooks that fetch or evaluate remote code, libraries preloaded into every process, and a
 * second root account.
 */

import { Anchor, AnchorPair } from '../anchors';
import { preview, type DocumentView } from '../documentView';
import type { DetectionRule } from '../rule';
import type { Report } from './check';
import { checkAnchor } from './checkAnchors';

export const PERSISTENCE_RULE: DetectionRule = {
  id: 'persistence', title: 'Persist access', family: 'dangerous-actions', tier: 'recommended', securitySeverity: 8.5,
  description: 'A command or an order that installs lasting access: SSH `authorized_keys`, crontab entries, launch agents, systemd units, ' +
    'Windows Run keys, passwordless sudo (`NOPASSWD` in sudoers), an account made collaborator with admin or push rights (`gh api -X PUT …/collaborators/… -f permission=admin`), or shell rc files, git hooks and a global `core.hooksPath` that fetch or evaluate remote code.',
  example: 'echo "ssh-ed25519 AAAA… attacker" >> ~/.ssh/authorized_keys',
  fix: 'Remove it; agents should not change how the machine starts, logs in or runs hooks.',
};

const WRITE = '(?:\\bajout\\w*|\\bfüge|\\bhinzufüg\\w*|\\ba[ñg]ad\\w*|\\bagreg\\w*|\\badicion\\w*|\\baggiung\\w*|добав\\w*|添加|追加|加入|复制|複製|コピー|복사|\\bkopier\\w*|\\bcopi[ae]\\w*|\\bdownload\\b|\\bsave\\b|\\blaunchctl\\b|\\btee\\b|\\becho\\b|\\bprintf\\b|\\bcat\\b|\\badd\\b|\\bappend\\b|\\bwrite\\b|\\binsert\\b|\\bput\\b|\\bcopy\\b|\\bcp\\b|\\binstall\\b|\\bplace\\b|\\bcreate\\b|\\bregister\\b|\\bschedule\\b)';
const NET_PAYLOAD = /\b(?:curl|wget|nc|ncat|netcat|socat|base64|eval|python[23]?[ \t]+-c|bash[ \t]+-i|sh[ \t]+-i|powershell|iex|nohup|disown)\b|\/dev\/(?:tcp|udp)\/|https?:\/\/|\balias[ \t]+(?:sudo|ls|cd|git|ssh|cat|curl|npm|pip|python3?|node|su)=|PATH=["']?(?:\/tmp|\/var\/tmp|\/dev\/shm|~\/\.cache|\.)|~\/\.cache\/\.|&[ \t]*$/i;
const PERSISTENCE_TARGET =
  /\/etc\/sudoers(?:\.d\/[\w.-]+)?\b|\bNOPASSWD\b|(?:~|\$HOME|\/root|\/home\/[\w.-]+)\/\.ssh\/(?:config|rc)\b|authorized[_ \t]keys\b|\bcrontab\b|\/etc\/cron|\/var\/spool\/cron|@reboot\b|Library\/Launch(?:Agents|Daemons)\b|\blaunchctl[ \t]+(?:load|bootstrap|enable)\b|\/etc\/systemd\/system\b|\bsystemctl[ \t]+(?:--user[ \t]+)?enable\b|\\CurrentVersion\\Run(?:Once)?\b|Start Menu\\Programs\\Startup|\/etc\/rc\.local\b|\/etc\/init\.d\/|\/etc\/profile\.d\/|(?:~|\$HOME|\/root|\/home\/[\w.-]+)\/\.(?:bashrc|zshrc|profile|bash_profile|zprofile|zshenv|bash_login|config\/fish\/config\.fish)\b|\.git\/hooks\/[\w-]+|\bcore\.hooksPath\b|(?:~|\$HOME)\/\.githooks\b/gi;
const WRITES = new RegExp(WRITE, 'i');
/** A redirect, `tee` or pipe ending right at the target. */
const INTO_TARGET = /(?:>>?|\btee(?:[ \t]+-a)?)[ \t]*["']?[^\s"'<>|;&]*$|\|[ \t]*(?:sudo[ \t]+)?$/;
/** Environment variables that load code into every process started after them. */
const PRELOAD = /\b(?:LD_PRELOAD|DYLD_INSERT_LIBRARIES)[ \t]*=|\bNODE_OPTIONS[ \t]*=[ \t]*["']?[^\n]{0,40}?--(?:require|import|loader|experimental-loader)[ \t=]+["']?(?:\/tmp\/|\/var\/tmp\/|\/dev\/shm\/|~\/\.cache\/|https?:)|\bPYTHONSTARTUP[ \t]*=[ \t]*["']?(?:\/tmp\/|\/dev\/shm\/|~\/\.cache\/)/gi;
/** A second root: an account with uid 0, or useradd's duplicate-uid flag with 0. */
const ROOT_ACCOUNT = /\bchmod[ \t]+(?:[0-7]?4[0-7]{3}|u\+s|\+s)[ \t]+\S*\/(?:ba|z|da|k)?sh\b|\b(?:create|add)\w*[ \t]+(?:a[ \t]+|an[ \t]+)?(?:new[ \t]+|hidden[ \t]+|extra[ \t]+|second[ \t]+)?(?:user|account|login)\b[^.\n]{0,60}?\b(?:uid[ \t=]*0|root[ \t]+privileges)\b|\buseradd\b[^\n]{0,60}?(?:-o[ \t]+-u[ \t]*0|-u[ \t]*0[ \t]+-o)\b/gi;
const ROOT_ACCOUNT_ANCHOR = checkAnchor(['uid 0', 'uid=0', 'uid0', 'root privileges', 'useradd', 'chmod']);
/** An OpenSSH public key written out in full. */
const PUBLIC_KEY = /\b(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-[\w-]+|sk-ssh-ed25519@openssh\.com)[ \t]+AAAA[0-9A-Za-z+/]{16,}/;
/** Targets that persist access by themselves; shell rc files and git hooks only with a network or eval payload. */
const STRONG_PERSISTENCE = /sudoers|NOPASSWD|\.ssh|authorized[_ \t]keys|crontab|cron|@reboot|systemd|systemctl|CurrentVersion|Startup|rc\.local|init\.d/i;
/** A launch agent installed: a plist copied in (an existing agent reloaded is how a project restarts its own service). */
const COPY_IN = '(?:\\bcp\\b|\\bcopy\\b|\\bmv\\b|\\binstall\\b|复制|複製|コピー|복사|\\bcopi[ae]\\w*|\\bkopier\\w*)';
const INSTALLS_LAUNCH_AGENT = new RegExp(`${COPY_IN}[^\\n]{0,80}?\\.plist\\b|\\.plist\\b[^\\n]{0,40}?${COPY_IN}`, 'i');
/** The targets PERSISTENCE_TARGET names: its check reads only the lines that hold one. */
const PERSISTENCE_ANCHOR = checkAnchor(['sudoers', 'nopasswd', '.ssh/config', '.ssh/rc', 'authorized_keys', 'authorized keys', 'cron', '@reboot', 'library/launch', 'launchctl', 'systemd', 'systemctl', 'currentversion', 'start menu', 'rc.local', 'init.d', 'profile.d', '.bashrc', '.zshrc', '.profile', '.bash_profile', '.zprofile', '.zshenv', '.bash_login', 'config.fish', '.git/hooks/', 'hookspath', '.githooks']);
const PRELOAD_ANCHOR = checkAnchor(['ld_preload', 'dyld_insert', 'node_options', 'pythonstartup']);
/** A preload is set: every PRELOAD match has its '='. */
const PRELOAD_ON = new AnchorPair(PRELOAD_ANCHOR, new Anchor(['=']));

/** How much of a here-document's body is read for a payload. */
const HEREDOC_REACH = 2000;

/** The body of a here-document the line starts (`cat > .git/hooks/pre-push <<'EOF'`): what it writes is on the lines after it. */
function hereDocument(text: string, line: string, le: number): string {
  const tag = /<<-?[ \t]*["']?([A-Za-z_]\w*)["']?/.exec(line);
  if (!tag) return '';
  const body = text.slice(le + 1, le + 1 + HEREDOC_REACH);
  const end = new RegExp(`^[ \\t]*${tag[1]}[ \\t]*$`, 'm').exec(body);
  return end ? body.slice(0, end.index) : body;
}

export function persistenceTargets(view: DocumentView, report: Report): void {
  const text = view.text;
  view.eachLineMatch(PERSISTENCE_ANCHOR, PERSISTENCE_TARGET, (m) => {
    if (view.negated(m.index)) return;
    const [ls, le] = view.lineAt(m.index);
    const line = text.slice(ls, le);
    // The write acts on the target: a verb before it on its line or in its sentence ("add your key to authorized_keys"), or a shell redirect or pipe
    // into it (`>> ~/.ssh/authorized_keys`, `| crontab -`); a `>` elsewhere on the line (`<user>.pub`) writes nothing there.
    const lead = text.slice(ls, m.index);
    // A public key written out on the line and meant for authorized_keys is someone's access, however the order is phrased ("make sure … is present").
    const writes = WRITES.test(lead.slice(-200)) || WRITES.test(view.sentenceAround(m.index, m.index + m[0].length)) || INTO_TARGET.test(lead) ||
      (/authorized/i.test(m[0]) && PUBLIC_KEY.test(line));
    if (!writes && !/systemctl|@reboot|hooksPath/i.test(m[0])) return;
    // The project's own service installed from its checkout (`sudo cp scripts/robot.service /etc/systemd/system/`, then `systemctl enable robot`):
    // deployment of what the repository ships, not access planted by the text.
    if (/systemd|systemctl|sudoers\.d/i.test(m[0]) && installsOwnUnit(text, line)) return;
    const installsAgent = /Launch(?:Agents|Daemons)|launchctl/i.test(m[0]) && INSTALLS_LAUNCH_AGENT.test(line);
    if (!STRONG_PERSISTENCE.test(m[0]) && !installsAgent && !NET_PAYLOAD.test(line) && !NET_PAYLOAD.test(hereDocument(text, line, le))) return;
    const start = ls + line.length - line.trimStart().length;
    report(start, le - (line.length - line.trimEnd().length), 'persistence',
      `Installs lasting access through ${preview(m[0])}: ${preview(line, 100)}. It survives the agent's session.`);
  });
}

/** A unit or drop-in copied from a path in the checkout (not from the network), or a unit enabled that the file copies from one. */
const COPIED_FROM_CHECKOUT = /\b(?:sudo[ \t]+)?(?:cp|install|ln[ \t]+-s\w*)[ \t]+(?:-\S+[ \t]+)*(?!https?:)((?:~\/|\.\/|\$\w+\/)?[\w.-]+\/[\w.\/-]*?([\w-]+)\.(?:service|timer|socket))\b|\b(?:sudo[ \t]+)?(?:cp|install)[ \t]+(?:-\S+[ \t]+)*(?:~\/|\.\/)?[\w.-]+\/[\w.\/-]+[ \t]+\/etc\/sudoers\.d\//;
function installsOwnUnit(text: string, line: string): boolean {
  if (NET_PAYLOAD.test(line)) return false;
  if (/\b(?:cp|install|ln)\b/.test(line)) return COPIED_FROM_CHECKOUT.test(line);
  const enabled = /\bsystemctl[ \t]+(?:--user[ \t]+)?enable[ \t]+(?:--now[ \t]+)?([\w@.-]+)/.exec(line);
  if (!enabled) return false;
  const unit = enabled[1].replace(/\.service$/, '');
  return [...text.matchAll(new RegExp(COPIED_FROM_CHECKOUT.source, 'g'))].some((c) => c[2] === unit);
}

export function rootAccount(view: DocumentView, report: Report): void {
  view.eachLineMatch(ROOT_ACCOUNT_ANCHOR, ROOT_ACCOUNT, (m) => report(m.index, m.index + m[0].length, 'persistence',
    `Creates a second root account ${preview(m[0])}: whoever knows it has full control of the machine.`));
}

/** An account given lasting rights on the repository or the organisation: a collaborator with admin or push, an admin membership, a deploy key that writes. */
const ACCESS_GRANT = /\/collaborators\/[\w.{}$-]+\b[^\n]{0,60}?\bpermission[ \t]*=[ \t]*["']?(?:admin|maintain|push|write)\b|\/memberships\/[\w.{}$-]+\b[^\n]{0,60}?\brole[ \t]*=[ \t]*["']?admin\b|\bdeploy-key[ \t]+add\b[^\n]{0,80}?--allow-write\b/gi;
const ACCESS_GRANT_ANCHOR = checkAnchor(['/collaborators/', '/memberships/', 'deploy-key']);

export function accessGrant(view: DocumentView, report: Report): void {
  view.eachLineMatch(ACCESS_GRANT_ANCHOR, ACCESS_GRANT, (m) => {
    if (view.negated(m.index)) return;
    report(m.index, m.index + m[0].length, 'persistence',
      `Grants an account lasting rights on the repository ${preview(m[0])}: it keeps them after the agent's session, whoever controls that account.`);
  });
}

export function preload(view: DocumentView, report: Report): void {
  view.eachLineMatch(PRELOAD_ON, PRELOAD, (m) => report(m.index, m.index + m[0].length, 'persistence',
    `Loads code into every process ${preview(m[0])}: set once, it runs in each command the user starts afterwards.`));
}
