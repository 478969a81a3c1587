// The offline rules' settings: how much of a claim's wording evidence must hold, and how many
// candidates retrieval gives each claim.

export interface RuleOptions {
  /** Share of a claim's content words that records (logs, rows, fields) must contain (default 0.3). */
  minWordCoverage: number;
  /** The same share when the support is prose (documents, runbooks): words are its content. */
  minProseCoverage: number;
  /** The share for prose when the claim has `longClaimWords` content words or more (default 0.5). */
  minLongProseCoverage: number;
  longClaimWords: number;
  /** With a question, the share of the words a long answer adds to it that prose must contain. */
  minAddedCoverage: number;
  /** Candidates taken from retrieval per claim (default 16). */
  candidates: number;
}

export const DEFAULT_RULE_OPTIONS: RuleOptions = {
  minWordCoverage: 0.3,
  minProseCoverage: 0.9,
  minLongProseCoverage: 0.5,
  longClaimWords: 8,
  minAddedCoverage: 0.6,
  candidates: 16,
};
