/**
 * Whether a piece of text (hidden, collapsed or decoded) gives the model instructions: Hermes' own patterns,
 * the beyond-Hermes text checks, and general cues of orders aimed at an agent.
 */

import { compiledPatterns, foldForMatching, mayMatch, neededLiteralsIn } from '../threatPatterns';
import { AnyOf } from './anyOf';
import { CONDITIONAL_TRIGGER } from './conditionalTrigger';
import { DANGEROUS_ACTIONS } from './dangerousActions/detector';
import { DocumentView } from './documentView';
import { EXFIL_RENDERING } from './exfilRendering';
import { FAKE_STRUCTURE } from './fakeStructure';
import { OTHER_LANGUAGES } from './otherLanguages';
import { EVERY_RULE, type Detection, type Detector } from './rule';

const TEXT_DETECTORS: readonly Detector[] = [FAKE_STRUCTURE, CONDITIONAL_TRIGGER, DANGEROUS_ACTIONS, OTHER_LANGUAGES, EXFIL_RENDERING];

/** Shell commands that fetch, delete the home or root directory, open a shell to the network, skip hooks, grant root (sudoers, a SUID bit) or drop a database. */
const SHELL_COMMAND = /\b(?:curl|wget)[ \t]+\S*https?:\/\/|\bgit[ \t]+push\b[^\n]{0,40}?[ \t](?:-f|--force(?:-with-lease)?)\b|\brm[ \t]+-rf[ \t]+[~/]|\bbash[ \t]+-i\b|\/dev\/tcp\/|\bbase64[ \t]+(?:-d|--decode)\b|\bnc[ \t]+-[el]|--no-verify\b|\bNOPASSWD\b|\/etc\/sudoers\b|\bchmod[ \t]+(?:[0-7]?4[0-7]{3}|u\+s)\b|\b(?:database[ \t]+drop|drop[ \t]+database)\b/i;

/** Orders to an agent that the specific rules do not name. */
const CUES: readonly [RegExp, string][] = [
  [/\b(?:ignore|disregard|forget|override|bypass|skip)\b[^.\n]{0,40}?\b(?:instructions?|rules|guidelines|guardrails|prompts?|polic(?:y|ies)|restrictions|safety|directives|constraints)\b/i,
    'tells the model to set its instructions aside'],
  [/\b(?:ignore|disregard|forget|override)[ \t]+(?:the[ \t]+)?user'?s?[ \t]+(?:requests?|questions?|instructions?|task|messages?|wishes)\b/i,
    'tells the model to set the user\'s request aside'],
  [/\b(?:ignore|disregard|forget|override)\b[^.\n]{0,20}?\b(?:earlier|previous|prior|above|all|any|other)[ \t]+(?:guidance|directions)\b/i,
    'tells the model to set its instructions aside'],
  [/\b(?:you|the[ \t]+(?:ai|assistant|agent|model))[ \t]+(?:must|should|shall|will|are[ \t]+(?:required|instructed|to))\b[^.\n]{0,60}?\b(?:run|execute|send|upload|post|delete|remove|install|download|curl|wget|reveal|share|output|print|include|write|call|open|read|add|push|commit|disable|ignore|obey|follow)\b/i,
    'gives the agent orders'],
  [/\b(?:ai|llm|assistants?|agents?|language[ \t]+models?|claude|gpt|chatgpt|copilot|cursor|gemini|hermes|codex)\b[^.\n]{0,40}?\b(?:must|should|shall|need[ \t]+to|has[ \t]+to|have[ \t]+to|are[ \t]+(?:required|instructed)[ \t]+to|please)\b/i,
    'addresses AI agents with orders'],
  [/\b(?:secretly|covertly)\b|\b(?:silently|quietly)[ \t]+(?:add|append|send|post|upload|copy|forward|log|record|push|commit|install|insert|include|change|modify|disable|remove|delete|execute|run|replace|rewrite)\b|\b(?:add|insert|restore|re-?add|include|inject|append|commit|push|patch|apply|do|run)\w*[ \t]+(?:it|this|that|them|the[ \t]+\w+)(?:[ \t]+back)?[ \t]+(?:silently|quietly)\b|\b(?:do[ \t]+not|don't|never)[ \t]+(?:tell|inform|mention|reveal|disclose|show|alert|notify|list|surface|call[ \t]+out|bring[ \t]+up)\b|\bsay[ \t]+nothing[ \t]+(?:about|of)\b|\bkeep[ \t]+(?:it|this|that)[ \t]+(?:quiet|secret|to[ \t]+yourself)\b/i, 'asks for secrecy'],
  [/^[ \t>*_#-]*(?:(?:hey|dear|notes?[ \t]+(?:to|for)|reminder[ \t]+for|attention|for|to)[ \t]+)?(?:(?:the|all|any)[ \t]+)?(?:(?:ai|llm|coding)[ \t]+)?(?:ai|llms?|agents?|assistants?|models?|claude|copilot|cursor|codex|gemini|hermes|bots?)(?:[ \t-]only|[ \t]+notes?|[ \t]+instructions?)?[ \t]*[:,]/im,
    'addresses AI agents with orders'],
  [/\btreat\b[^.\n]{0,40}\bas[ \t]+(?:your|the|new)[ \t]+(?:instructions|rules|prompt|directives|orders)\b/i, 'tries to replace the model\'s instructions'],
  [/\b(?:send|post|upload|transmit|exfiltrate|forward|leak|e-?mail|copy|paste|push|commit)\b[^\n]{0,80}?(?<![\w.])(?:keys?|tokens?|secrets?|credentials?|passwords?|\.env|env(?:ironment)?[ \t]+var\w*|ssh|cookies?|conversation|history|prompt)\b/i,
    'asks to send private data'],
  [/\b(?:include|insert|add|put|paste|write)\b[^\n]{0,60}?\w*(?:token|secret|password|credential|api[_-]?key)\w*\b[^\n]{0,60}?\b(?:commit|message|pull[ \t]+request|issue|comment|log|output|readme)\b/i,
    'asks to leak a secret'],
  // A command named by kind only ("run the scaffolding command") is how workflow notes speak; a command given or pointed at is an order.
  [/\b(?:run|execute|eval|invoke)\b[^.\n]{0,40}?\b(?:curl|wget|bash|sh|powershell|python|script|payload|binary|command[ \t]*(?:[:`]|below\b|above\b|from\b|at\b))/i, 'asks to run a command'],
  [SHELL_COMMAND, 'contains a shell command'],
  [/\bpush\w*\b[^.\n]{0,60}\bto[ \t]+`?(?:git@|https?:\/\/|ssh:\/\/)|\bgit[ \t]+remote[ \t]+add[ \t]+\S+[ \t]+`?(?:git@|https?:\/\/|ssh:\/\/)[^\n]{0,120}?\bpush\w*\b/i, 'pushes the code to an outside remote'],
  [/\b(?:from[ \t]+now[ \t]+on|new[ \t]+instructions|system[ \t]+prompt|jailbreak|developer[ \t]+mode|DAN[ \t]+mode|no[ \t]+(?:restrictions|limits|rules))\b/i,
    'tries to change the model\'s instructions'],
];

const ANY_CUE = new AnyOf(CUES.map(([re]) => re));

/**
 * Texts up to this long (most comments, alt texts and decoded runs) are first tested against one alternation of
 * Hermes' patterns: one regex run where there would be one per pattern. A longer text goes straight to the patterns'
 * own matchers, which stay linear where a window pattern inside an alternation would not.
 */
const ONE_PASS_LIMIT = 512;
let anyStrictPattern: RegExp | undefined;

/** Whether one of Hermes' strict-scope patterns matches the (folded) text. */
function hermesPatternCue(folded: string): string | undefined {
  const patterns = compiledPatterns('strict');
  if (folded.length <= ONE_PASS_LIMIT) {
    anyStrictPattern ??= new RegExp(patterns.map((c) => `(?:${c.global.source})`).join('|'), 'iu');
    if (!anyStrictPattern.test(folded)) return undefined;
  }
  // A longer text runs each pattern; as past the cap, only those whose literals it holds (most hold none).
  const present = folded.length > ONE_PASS_LIMIT ? neededLiteralsIn(folded) : undefined;
  for (const c of patterns) {
    if ((!present || mayMatch(c, present)) && c.test(folded)) return `matches Hermes' "${c.pattern.id}" pattern (${c.pattern.description})`;
  }
  return undefined;
}

/** A short description of the first instruction found in `text`, or undefined. */
export function instructionCue(text: string): string | undefined {
  const hermes = hermesPatternCue(foldForMatching(text.normalize('NFKC')));
  if (hermes) return hermes;
  const view = new DocumentView(text);
  let found: Detection | undefined;
  for (const d of TEXT_DETECTORS) {
    if (!view.present(d.anchor)) continue;
    d.detect(view, (x) => {
      found ??= x;
    }, EVERY_RULE);
    if (found) {
      const rule = d.rules.find((r) => r.id === found!.ruleId);
      return `is a "${found.ruleId}" instruction (${rule ? rule.title.toLowerCase() : found.ruleId})`;
    }
  }
  if (!ANY_CUE.test(text)) return undefined;
  for (const [re, what] of CUES) if (re.test(text)) return what;
  return undefined;
}

/** A short description of the dangerous command in `text` (a dangerous-actions finding or a risky shell command), or undefined. */
export function dangerousCommandCue(text: string): string | undefined {
  const view = new DocumentView(text);
  let found: Detection | undefined;
  if (view.present(DANGEROUS_ACTIONS.anchor)) {
    DANGEROUS_ACTIONS.detect(view, (x) => {
      found ??= x;
    }, EVERY_RULE);
  }
  if (found) return `is a "${found.ruleId}" command`;
  return SHELL_COMMAND.test(text) ? 'contains a shell command' : undefined;
}
