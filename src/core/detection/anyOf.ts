/**
 * A pretest for a list of regexes tried in turn on short texts (comments, alt texts, decoded runs): one regex per
 * set of flags, the alternation of the list's regexes with those flags. Most such texts match none of them, and one
 * run of an alternation costs less than a run of each regex; only a text the pretest passes is tried regex by regex.
 */

export class AnyOf {
  private readonly alternations: RegExp[];

  constructor(res: readonly RegExp[]) {
    const byFlags = new Map<string, string[]>();
    for (const re of res) {
      // Numbered backreferences would point at other groups once the sources are joined.
      if (/\\[1-9]|\\k</.test(re.source)) throw new Error(`AnyOf: /${re.source}/ has a backreference`);
      const flags = re.flags.replace(/[gy]/g, '');
      byFlags.set(flags, [...(byFlags.get(flags) ?? []), `(?:${re.source})`]);
    }
    this.alternations = [...byFlags].map(([flags, sources]) => new RegExp(sources.join('|'), flags));
  }

  /** Whether one of the regexes matches somewhere in `text`. */
  test(text: string): boolean {
    return this.alternations.some((re) => re.test(text));
  }
}
