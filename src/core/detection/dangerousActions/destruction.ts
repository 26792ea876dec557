/**
 * What cannot be restored, destroyed: the home directory or keys deleted, the main branch force-pushed over,
 * production infrastructure or backups erased, and destructive commands to run without asking. The rule they
 * report, `safety_bypass`, is defined with the other ways safety is switched off (safetyOff.ts).
 */

import { Anchor, AnchorPair } from '../anchors';
import { preview, type DocumentView } from '../documentView';
import type { Report } from './check';
import { checkAnchor } from './checkAnchors';

/** The user's keys and configuration deleted, or the main branch's history overwritten: not cleanup. */
const WIPE_KEYS =
  /\bfind[ \t]+(?:\/|~|\$HOME)\/?[ \t][^\n]{0,160}?(?:-delete\b|-exec[ \t]+rm[ \t]+-[a-z]*r)|\bgit[ \t]+clean[ \t]+-[a-z]*f[a-z]*[ \t]+(?:[^\n;&|`]*[ \t])?(?:~|\$HOME|\/)\/?(?=[ \t;&|`'"]|$)|\brm[ \t]+-[a-z]*r[a-z]*[ \t]+(?:[^\n;&|`]*[ \t])?(?:~|\$HOME|\/)\/?\*?(?=[ \t;&|`'"]|$)|\bdelete[ \t]+everything[ \t]+(?:under|in)[ \t]+(?:~|\$HOME|the[ \t]+home[ \t]+director\w*)|\brm[ \t]+-[a-z]*r[a-z]*[ \t]+(?:[^\n;&|]*[ \t])?(?:~|\$HOME)\/\.(?:ssh|gnupg|aws|kube|password-store|config(?=[ \t;&|`'"]|$))\b|\bgit[ \t]+push[ \t]+(?:[^\n;&|`]{0,30}[ \t])?(?:--force|-f)\b[^\n;&|`]{0,30}?\b(?:HEAD:)?(?:main|master|prod|production|live)\b|\bgit[ \t]+push[ \t]+[^\n;&|`]{0,40}?(?:HEAD:|[ \t])(?:main|master|prod|production|live)\b[^\n;&|`]{0,30}?[ \t](?:--force|-f)\b/gi;
const WIPE_ANCHOR = checkAnchor(['rm -', 'git push', 'git clean', 'delete everything', 'find /', 'find ~', 'find $home']);
/** Production infrastructure or backups destroyed by one command. */
const DESTROY_PROD =
  /\bterraform\b[^\n]{0,80}?\bdestroy\b[^\n]{0,80}|\baws[ \t]+s3[ \t]+(?:rm|rb)\b[^\n]{0,120}?(?:--recursive|--force)\b[^\n]{0,60}|\baws[ \t]+iam[ \t]+delete-\w+|\bkubectl[ \t]+delete[ \t]+(?:ns|namespaces?|--all)\b[^\n]{0,80}|\bgsutil[ \t]+(?:-m[ \t]+)?rm[ \t]+-r\b[^\n]{0,80}|\baz[ \t]+group[ \t]+delete\b[^\n]{0,80}|\bdropdb\b[^\n]{0,60}|\bgit[ \t]+push[ \t]+\S+[ \t]+--delete[ \t]+\$\(|\bmc[ \t]+rm\b[^\n]{0,40}?(?:--recursive|-r)\b[^\n]{0,80}|\brclone[ \t]+(?:purge|delete)\b[^\n]{0,80}|\brm[ \t]+-[a-z]*r[a-z]*[ \t]+[^\n;&|]{0,120}?(?:(?:~|\$HOME)\/|(?<![\w.~-])\/)(?:[\w.-]+\/)*backups?\b/gi;
const PROD = /\bprod(?:uction)?\b|\bbackups?\b|\$\(|\bevery[ \t]+bucket|\ball[ \t]+buckets|s3:\/\/(?=[ \t`'"]|$)/i;
const INFRA_ANCHOR = checkAnchor(['destroy', 'aws s3 rm', 'aws s3 rb', 'aws iam delete-', 'kubectl delete', 'gsutil', 'az group delete', 'dropdb', '--delete $(', 'mc rm', 'rclone purge', 'rclone delete', 'backup']);

/** Leave to skip the user's confirmation, in the languages the other rules read. */
const DISPENSE =
  "(?:without[ \\t]+(?:asking|confirm\\w*|checking|permission|approval|telling|prompting)|no[ \\t]+need[ \\t]+to[ \\t]+(?:ask|confirm|check)|(?:do[ \\t]+not|don't|never)[ \\t]+ask(?:[ \\t]+(?:first|before\\w*|anyone|the[ \\t]+user|for[ \\t]+(?:confirmation|permission|approval)))?" +
  "|sans[ \\t]+(?:demander|confirmation|validation)|ne[ \\t]+demande[ \\t]+(?:jamais|pas)|sin[ \\t]+(?:preguntar|confirmaci[oó]n|pedir)|no[ \\t]+(?:preguntes|pidas)|sem[ \\t]+(?:perguntar|confirma[cç][aã]o|pedir)|n[aã]o[ \\t]+(?:pergunte|pe[cç]a)" +
  "|ohne[ \\t]+(?:zu[ \\t]+)?(?:fragen|nachzufragen|r[uü]ckfrage|best[aä]tigung)|frag[ \\t]+nicht|senza[ \\t]+(?:chiedere|conferma)|non[ \\t]+chiedere)";
/** Commands that destroy what cannot be restored: remote branches, namespaces, the home or root directory, databases, infrastructure. */
const DESTROY_COMMAND =
  "(?:\\bkubectl[ \\t]+delete\\b|\\bgit[ \\t]+push\\b[^\\n;&|`]{0,40}?[ \\t](?:--delete|-d|--force|-f)\\b|\\bgit[ \\t]+push[ \\t]+\\S+[ \\t]+:\\S|\\brm[ \\t]+-[a-z]*r[a-z]*[ \\t]+(?:\\/|~|\\$HOME|\\*|\\.git\\b)|\\bgit[ \\t]+(?:reset[ \\t]+--hard|clean[ \\t]+-[a-z]*f[a-z]*|branch[ \\t]+-D)\\b" +
  "|\\bdrop[ \\t]+(?:database|table|schema)\\b|\\bterraform[ \\t]+destroy\\b|\\baws[ \\t]+s3[ \\t]+(?:rm|rb)\\b|\\btruncate[ \\t]+table\\b|\\bmkfs\\b|\\bdd[ \\t]+if=)";
/** A negation in the clause before the leave ("never force-push without confirmation") makes it a prohibition. */
const NEGATION_WORD = "(?:never|not|don't|no|nor|ne|nicht|nie|niemals|non|mai|n[aã]o|nunca|jamais)";
/**
 * A destructive command and leave to run it unasked, in either order on one line: "use `kubectl delete ns x --force`;
 * don't ask first". With the leave first, any recursive `rm` counts ("without asking: rm -rf ./data").
 */
const DESTROY_UNASKED = new RegExp(
  `${DISPENSE}(?:(?!\\b${NEGATION_WORD}\\b)[^\\n]){0,160}?(?:${DESTROY_COMMAND}|\\brm[ \\t]+-[a-z]*r[a-z]*[ \\t]+\\S+)|${DESTROY_COMMAND}[^\\n]{0,160}?(?<!\\b${NEGATION_WORD}\\b[^.;,:\\n]{0,40})${DISPENSE}`,
  'gi',
);
const DESTROY_UNASKED_ON = new AnchorPair(
  checkAnchor(['git reset', 'git clean', 'git push', 'git branch -d', 'rm -', 'drop database', 'drop table', 'drop schema', 'truncate table', 'mkfs', 'dd if=', 'kubectl delete', 'terraform destroy', 'aws s3 rm', 'aws s3 rb']),
  new Anchor(['without ask', 'without confirm', 'without check', 'without permission', 'without approval', 'without tell', 'without prompt', 'no need to', 'not ask', "n't ask", 'never ask',
    'sans demander', 'sans confirmation', 'sans validation', 'ne demande', 'sin preguntar', 'sin confirmaci', 'sin pedir', 'no preguntes', 'no pidas', 'sem perguntar', 'sem confirma', 'sem pedir',
    'não pergunte', 'nao pergunte', 'não peça', 'nao peça', 'não peca', 'nao peca', 'ohne zu', 'ohne fragen', 'ohne nachzufragen', 'ohne rückfrage', 'ohne ruckfrage', 'ohne bestätigung', 'ohne bestatigung', 'frag nicht', 'senza chiedere', 'senza conferma', 'non chiedere']),
);

export function destroyUnasked(view: DocumentView, report: Report): void {
  view.eachLineMatch(DESTROY_UNASKED_ON, DESTROY_UNASKED, (m) => report(m.index, m.index + m[0].length, 'safety_bypass',
    `Destructive command to run without asking ${preview(m[0])}: it removes what cannot be restored, with the user's confirmation waived.`));
}

export function destroyProd(view: DocumentView, report: Report): void {
  view.eachLineMatch(INFRA_ANCHOR, DESTROY_PROD, (m) => {
    if (!PROD.test(m[0])) return;
    report(m.index, m.index + m[0].length, 'safety_bypass',
      `Destroys production infrastructure or backups ${preview(m[0])}: one command the agent may run erases what cannot be rebuilt.`);
  });
}

export function wipeKeys(view: DocumentView, report: Report): void {
  view.eachLineMatch(WIPE_ANCHOR, WIPE_KEYS, (m) => report(m.index, m.index + m[0].length, 'safety_bypass',
    `${/^git[ \t]+push/i.test(m[0]) ? 'Force-pushes over the main branch' : 'Deletes the user\'s home directory, keys or configuration'} ${preview(m[0])}: it destroys what cannot be restored from the repository.`));
}
