// "All writes went through on the first attempt" against a write_tag call that failed with
// ACCESS_DENIED; "All of the queued results were delivered successfully" against ack=AE … moved
// to error queue. The claim says each of a kind of thing went well; a record of one of them (its
// head noun among the record's words) that shows trouble or failure contradicts it. Wording is
// data (vocabulary/universal-success.json).
import { canonicalStem, type IndexedItem } from '../../../retrieval/index';
import { troubleReason } from '../../../omissions';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { escapePhrase, phrasePattern } from '../vocabulary';
import words from '../vocabulary/universal-success.json';

const SUCCESS_RE = phrasePattern(words.success);
// "All (of the) (four) (queued) writes were …": the head noun is the last word before the verb.
const EVERY_RE = /^\s*(?:all|every|each)\s+(?:of\s+the\s+|the\s+)?(?:\d+\s+|two\s+|three\s+|four\s+|five\s+|six\s+)?((?:[\p{L}-]+\s+){0,3}?)([\p{L}-]+?)\s+(?:were|was|went|have|has|had|got|completed|succeeded|passed|ran|reported|finished|applied|landed)\b/iu;
const FAILURE_RE = new RegExp(`(?<![\\p{L}])(?:${words.failure.map(escapePhrase).join('|')})(?![\\p{L}])`, 'u');

export function contradictUniversalSuccess(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const { wording } = view;
  if (wording.hedge || wording.negated.length > 0 || wording.absent.length > 0) return undefined;
  const text = view.claim.text;
  const every = EVERY_RE.exec(text);
  if (!every || !SUCCESS_RE.test(text)) return undefined;
  const noun = canonicalStem(every[2]!.toLowerCase());
  if (noun.length < 3) return undefined;
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    // One of the things: the noun among its words or its tool's name (write_tag for "writes").
    const ofKind = unit.wordSet.has(noun) || (unit.item.tool ?? '').toLowerCase().split(/[^a-z]+/).some((part) => canonicalStem(part) === noun);
    if (!ofKind) continue;
    const trouble = troubleReason(unit.item) ?? (FAILURE_RE.test(unit.text) ? 'a failure' : undefined);
    if (trouble) return contradicted(unit, `claim says every ${every[2]} went well, ${unit.item.id} shows ${trouble}`);
  }
  return undefined;
}
