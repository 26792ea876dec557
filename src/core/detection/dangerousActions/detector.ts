/**
 * Dangerous actions: commands and orders that run remote code, send secrets away, persist access, switch
 * safety off, load instructions from elsewhere, copy themselves into other projects, or install from an
 * unofficial package index. Advice against them ("never pipe curl into sh") is not reported. Each concept's
 * patterns and checks are in its own file; this one runs them as one detector.
 */

import type { DocumentView } from '../documentView';
import type { Detector, Emit } from '../rule';
import type { Check, Report } from './check';
import { unionOfCheckAnchors } from './checkAnchors';
import * as contextExfiltration from './contextExfiltration';
import * as dependencies from './dependencies';
import * as destruction from './destruction';
import * as persistence from './persistence';
import * as propagation from './propagation';
import * as remoteCode from './remoteCode';
import * as remoteInstructions from './remoteInstructions';
import * as sabotage from './sabotage';
import * as safetyOff from './safetyOff';
import * as secretDisclosure from './secretDisclosure';
import * as secretSending from './secretSending';

/**
 * Every check, in the order they report. The order is part of the result: the registry keeps the first finding of
 * a rule at an offset, and only the first few findings of each rule.
 */
const CHECKS: readonly Check[] = [
  remoteCode.pipedToShell, remoteCode.remotePatch, remoteCode.remoteScript, remoteCode.downloadThenRun,
  secretSending.secretCommands, secretSending.sendSecrets, secretSending.secretsPublished, secretSending.secretThenSend, secretSending.readThenSend,
  secretDisclosure.discloseSecretFile, secretDisclosure.secretContentsOut, secretDisclosure.envDumpOut, secretDisclosure.secretValueOut,
  secretDisclosure.secretBelongs, secretDisclosure.envHarvest, secretSending.archiveUpload, secretDisclosure.secretToPublic,
  persistence.persistenceTargets, persistence.rootAccount, persistence.preload, persistence.accessGrant,
  safetyOff.safetySwitchedOff, safetyOff.safetyWaived, safetyOff.noVerify,
  remoteInstructions.instructionsAtUrl, remoteInstructions.remoteInstructionsWrapped,
  propagation.selfPropagation, propagation.selfCopy, propagation.propagationParagraph, propagation.globalAgentConfig,
  dependencies.otherIndex, secretDisclosure.secretStore, destruction.destroyUnasked, safetyOff.foreignUnreviewed,
  secretSending.logCredentials, dependencies.registryProse, safetyOff.openPermissions, secretSending.mirrorPush,
  dependencies.plantedImport, secretSending.secretInUrl, destruction.destroyProd, secretDisclosure.envEncoded,
  safetyOff.selfApprove, destruction.wipeKeys, safetyOff.foreignSafetyOff, remoteCode.foreignDownloadRun, safetyOff.hostEscape,
  dependencies.indexFlag, dependencies.registrySetting, dependencies.unofficialSource, dependencies.installHookFetch,
  remoteInstructions.obeyAsOwner, remoteInstructions.followInstead, secretDisclosure.commitSecret, dependencies.indexConfig, dependencies.indexProse,
  sabotage.weakenCode, sabotage.stubbedVerification,
  contextExfiltration.ownPrompt, contextExfiltration.leakConversation,
];

export const DANGEROUS_ACTIONS: Detector = {
  family: 'dangerous-actions',
  quotable: 'example-fence',
  // Each check first tests its own anchor; this is their union.
  anchor: unionOfCheckAnchors(),
  rules: [
    remoteCode.REMOTE_CODE_EXECUTION_RULE, secretSending.SECRET_EXFILTRATION_RULE, persistence.PERSISTENCE_RULE,
    safetyOff.SAFETY_BYPASS_RULE, remoteInstructions.REMOTE_INSTRUCTIONS_RULE, propagation.SELF_PROPAGATION_RULE,
    dependencies.DEPENDENCY_CONFUSION_RULE, sabotage.SABOTAGE_RULE, contextExfiltration.CONTEXT_EXFILTRATION_RULE,
  ],
  detect(view: DocumentView, emit: Emit): void {
    const report: Report = (start, end, ruleId, message) => {
      if (!view.negated(start) && !view.changelogEntry(start)) emit({ start, end, ruleId, message });
    };
    for (const check of CHECKS) check(view, report);
  },
};
