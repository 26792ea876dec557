/**
 * What changes per turn in a running Hermes session, in words for cache-impact explanations. Hermes' exact
 * note texts vary by version, so none is reproduced here. Kept free of imports: the extension shows it too.
 */
export const PER_TURN_NOTE =
  'Per-turn additions never rewrite the cached prompt: Hermes puts memory-provider recall, plugin context, /steer rows, ' +
  'and notes such as the current time or a switch to another platform or interface into the user message or tool results, so they cost no cache.';
