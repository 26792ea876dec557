/** Where a layer's text (or the scanner's table) came from, so the preview never passes an approximation off as Hermes' own text. */
export interface Provenance {
  origin: 'workspace' | 'hermes_home' | 'config' | 'builtin' | 'installation' | 'none';
  /** True when the text is our reconstruction, not Hermes' exact bytes. */
  approximate: boolean;
  detail: string;
}

export const BUILTIN_APPROXIMATION: Provenance = {
  origin: 'builtin',
  approximate: true,
  detail: "Built-in text from Hermes' design note; your Hermes release may word it differently.",
};
