/**
 * The anchors of the dangerous-actions checks. Each concept file creates its checks' anchors with `checkAnchor`,
 * and the detector's anchor is their union: a check whose anchor were left out of it would never run.
 */

import { Anchor } from '../anchors';

const CHECK_ANCHORS: Anchor[] = [];

/** A check's anchor, registered so that the detector's anchor holds its literals. */
export function checkAnchor(literals: readonly string[]): Anchor {
  const anchor = new Anchor(literals);
  CHECK_ANCHORS.push(anchor);
  return anchor;
}

/** The union of every check's anchor, for the detector, which imports every concept file before it builds this. */
export function unionOfCheckAnchors(): Anchor {
  return new Anchor(CHECK_ANCHORS.flatMap((a) => a.literals));
}
