// Who did what, in documents: a claim that names someone else for what a document says another
// did ("Neil Gaiman directed Beowulf" against "directed by Robert Zemeckis") has every word in
// evidence but not the relation.
import { canonicalStem, extractFeatures, type IndexedItem } from '../../../retrieval/index';
import type { ClaimView } from '../claim-view';

// "directed by Robert Zemeckis and written by Neil Gaiman": who did what, in documents.
const NAME = "\\p{Lu}[\\p{L}'’.-]*(?:\\s+(?:(?:de|la|del|y|of|the|van|von|da|di|le)\\s+)*\\p{Lu}[\\p{L}'’.-]*)*";
const AGENT_RE = new RegExp(`\\b(\\p{L}+(?:ed|en)|wrote|sung|sang|built|made|won|led|drawn|shot|held|owned|run|founded)\\s+by\\s+((?:the\\s+)?${NAME}(?:(?:,\\s*|\\s+and\\s+)${NAME})*)`, 'gu');
const ACTIVE_RE = /^((?:\p{Lu}[\p{L}'’.-]*\s+){0,3}\p{Lu}[\p{L}'’.-]*)\s+(?:also\s+|first\s+|originally\s+)?(\p{L}+(?:ed|en)|wrote|sang|built|made|won|led|founded)\b/u;

/** The verb and agent a claim states: "X directed Y" (active) or "Y was directed by X" (passive). */
function claimedAgent(text: string, question?: string): { verb: string; agent: string } | undefined {
  const passive = [...text.matchAll(AGENT_RE)][0];
  if (passive) return { verb: canonicalStem(passive[1]!), agent: passive[2]! };
  const active = ACTIVE_RE.exec(text.trim());
  if (active) return { verb: canonicalStem(active[2]!), agent: active[1]! };
  // A bare name answering "…, directed by who?".
  const asked = question ? /(\p{L}+(?:ed|en)|wrote|founded)\s+by\s+(?:who|whom)\b/iu.exec(question) : null;
  if (asked && /^\s*(?:\p{Lu}[\p{L}'’.-]*\s*){1,4}[.!]?\s*$/u.test(text)) return { verb: canonicalStem(asked[1]!), agent: text.trim().replace(/[.!]$/, '') };
  return undefined;
}

/**
 * A document that names who did what ("directed by Robert Zemeckis") and a claim that names
 * someone else for it ("Neil Gaiman directed Beowulf"): the words are all there, the relation is not.
 */
export function agentMismatch(view: ClaimView, units: readonly IndexedItem[], question?: string): string | undefined {
  const claimed = claimedAgent(view.claim.text, question);
  if (!claimed) return undefined;
  const claimedWords = new Set(extractFeatures(claimed.agent).words);
  if (claimedWords.size === 0) return undefined;
  for (const unit of units) {
    if (unit.item.kind !== 'paragraph') continue;
    const matches = [...unit.text.matchAll(AGENT_RE)];
    for (const [i, match] of matches.entries()) {
      if (canonicalStem(match[1]!) !== claimed.verb) continue;
      // The agents are everything from "by" to the sentence's end or the next "… by" ("directed by
      // Robert Zemeckis and written by …"), so a long list of co-founders is read whole.
      const from = match.index + match[0].length - match[2]!.length;
      // It ends at the sentence's end, the next "… by", or a comma before another participle (", administered jointly by").
      const end = /[.;](?:\s|$)|,\s+(?:\p{L}+\s+)?\p{L}+(?:ed|en)\b/u.exec(unit.text.slice(from));
      const to = Math.min(matches[i + 1]?.index ?? unit.text.length, end ? from + end.index : unit.text.length);
      const agents = new Set(extractFeatures(unit.text.slice(from, to)).words);
      if ([...claimedWords].filter((word) => agents.has(word)).length * 2 >= claimedWords.size) return undefined;
      return `${unit.item.id} says ${match[1]} by ${match[2]!.trim()}, not ${claimed.agent.trim()}`;
    }
  }
  return undefined;
}
