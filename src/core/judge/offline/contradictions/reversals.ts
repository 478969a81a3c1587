// A statement a later document reverses: "Excel workbooks (.xlsx) are not accepted" while the
// release notes say "grade import now accepts Excel workbooks (.xlsx)"; "auto-borrow is off by
// default" against "auto-borrow is now turned on by default"; "the first 15 minutes are still
// free" against "the 15 free minutes are discontinued". The change sentence is in a document
// that announces changes (by its file name), is marked as a change, says most of what the
// claim's main clause says, and affirms what it denies (or the other way round), or gives the
// opposite state of the same set; or it says the claim's account is what the new one replaced
// ("hours now reset on your billing anniversary date instead of the 1st of the calendar month"
// against "hours reset on the 1st of each calendar month"). Words are data (changes.json, states.json).
import { canonicalStem, extractFeatures, isStopword, type EvidenceIndex, type IndexedItem } from '../../../retrieval/index';
import { quantityMatches } from '../derive/matching';
import { type ClaimVerdict, type ClaimView } from '../claim-view';
import { escapePhrase, statesIn } from '../vocabulary/index';
import { LIGHT_WORDS } from '../words';
import changes from '../vocabulary/changes.json';
import { perIndex } from '../records/per-index';
import { HISTORICAL_RE, changesIn } from '../records/changes';

const words = (list: readonly string[]): RegExp => new RegExp(`(?<![\\p{L}])(?:${list.map(escapePhrase).join('|')})(?![\\p{L}])`, 'iu');
const DOCUMENT_RE = new RegExp(`(?:^|[^a-z])(?:${changes.reversal.documents.map(escapePhrase).join('|')})(?:[^a-z]|$)`, 'i');
const MARKER_RE = words(changes.reversal.markers);
const CONDITION_RE = words(changes.reversal.conditions);
const UNCHANGED_RE = words(changes.reversal.unchanged);
const DENIAL_RE = new RegExp(`(?<![\\p{L}])(?:${changes.reversal.denials.filter((w) => w !== "n't").map(escapePhrase).join('|')})(?![\\p{L}])|n['’]t\\b`, 'iu');
// Where a claim's main clause ends: "…, so save your sheet as CSV", "…; …", "…, because …".
const CLAUSE_END_RE = /[,;:—–]\s*(?:so|because|but|which|while|whereas|and|as|starting|unless|since|though|although)\b|;|\s[—–]\s/i;
/** How much of the main clause's content the change sentence must say, and at least how many words. */
const MIN_SHARE = 0.6;
const MIN_WORDS = 3;

interface ChangeSentence {
  unit: IndexedItem;
  denies: boolean;
  states: Map<string, string>;
  /** "<new> instead of <old>": the content stems of each side, and of the whole sentence. */
  replaced?: { now: string[]; old: string[]; all: Set<string> };
}

const REPLACED_RE = new RegExp(`((?:[\\p{L}\\p{N}'’-]+\\s+){1,4})(?:${changes.reversal.replacedBy.map(escapePhrase).join('|')})\\s+((?:[\\p{L}\\p{N}'’-]+\\s*){1,6})`, 'iu');

/** The content stems of a phrase: its words that carry meaning, each once. */
export function contentStems(phrase: string): string[] {
  const found = (phrase.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’]*/gu) ?? []).filter((word) => !isStopword(word));
  return [...new Set(found.map(canonicalStem))].filter((stem) => !LIGHT_WORDS.has(stem));
}

function replacedIn(text: string): ChangeSentence['replaced'] {
  const match = REPLACED_RE.exec(text);
  if (!match) return undefined;
  const [now, old] = [contentStems(match[1]!), contentStems(match[2]!)];
  return now.length > 0 && old.length > 0 ? { now, old, all: new Set(contentStems(text)) } : undefined;
}

/** The sentences of change documents that mark a change, read once per index. */
export const changeSentencesOf = perIndex((index: EvidenceIndex): ChangeSentence[] =>
  index.items
    .filter((unit) => unit.item.kind === 'paragraph' && DOCUMENT_RE.test(unit.item.file.split(/[\\/]/).pop() ?? '') && MARKER_RE.test(unit.text))
    .map((unit) => ({ unit, denies: DENIAL_RE.test(unit.text), states: new Map(statesIn(withoutCompounds(unit.text)).map((s) => [s.set, s.state])), replaced: replacedIn(unit.text) })),
);

export function contradictReversal(view: ClaimView): ClaimVerdict | undefined {
  const text = view.claim.text;
  if (view.wording.hedge || HISTORICAL_RE.test(text)) return undefined;
  const sentences = changeSentencesOf(view.index);
  if (sentences.length === 0) return undefined;
  const end = CLAUSE_END_RE.exec(text);
  const main = end ? text.slice(0, end.index) : text;
  // A main clause that reports a change itself ("now accepts") is no old account; a clause after it
  // (", starting with the most recent") marks nothing.
  if (MARKER_RE.test(main)) return undefined;
  // "The crane limits were not changed": a claim about the change itself, not an old account.
  if (UNCHANGED_RE.test(main)) return undefined;
  const content = [...new Set((main.toLowerCase().match(/[\p{L}][\p{L}\p{N}'’-]*/gu) ?? []).flatMap((w) => w.split('-')).map(canonicalStem))].filter((stem) => view.words.has(stem) && !LIGHT_WORDS.has(stem));
  // Every word of the main clause, units and months among them, for the side of a replacement it says.
  const said = new Set(contentStems(main));
  if (content.length < MIN_WORDS && !sentences.some((sentence) => sentence.replaced)) return undefined;
  const denies = DENIAL_RE.test(main);
  const figures = extractFeatures(main).quantities;
  const states = statesIn(withoutCompounds(main));
  for (const sentence of sentences) {
    // The claim's own words from the document that announces the change are no reversal of it.
    if (sentence.unit.text.toLowerCase().includes(main.toLowerCase().trim())) continue;
    // The claim says what the change replaced (the old side's words, two of them when it has two),
    // nothing of what replaced it, and three words of the sentence.
    const { replaced } = sentence;
    if (
      replaced !== undefined &&
      replaced.old.filter((stem) => said.has(stem)).length >= Math.min(2, replaced.old.length) &&
      !replaced.now.some((stem) => said.has(stem)) &&
      [...said].filter((stem) => replaced.all.has(stem)).length >= MIN_WORDS
    )
      return superseded(sentence);
    const shared = content.filter((stem) => sentence.unit.wordSet.has(stem)).length;
    if (content.length < MIN_WORDS || shared < MIN_WORDS || shared < MIN_SHARE * content.length) continue;
    // A figure of the claim the sentence does not give: the claim is about something else of the
    // same subject ("members pay €0.12 a minute" against "the 15 free minutes are discontinued").
    // Unless the sentence denies the very thing the figure measures ("a gap of about 10 seconds"
    // against "so there is no data gap").
    const measuresDenied = sentence.denies && !denies && figures.some((q) => q.key.some((word) => deniedWords(sentence.unit.text).has(word)));
    if (figures.length > 0 && !measuresDenied && !figures.some((q) => sentence.unit.features.quantities.some((e) => quantityMatches(q, e)))) continue;
    // The claim gives the value the change makes new ("can stay offline for up to 24 hours" against
    // "can now stay offline for up to 24 hours (previously 12 hours)"): it says what holds now.
    if (changesIn(sentence.unit).some((change) => figures.some((q) => quantityMatches(q, change.now)))) continue;
    const opposite = states.find((s) => sentence.states.has(s.set) && sentence.states.get(s.set) !== s.state);
    if (sentence.denies === denies && !opposite) continue;
    // "No one can override a rejection" against "overriding a rejection now requires the
    // qa_supervisor role": a change that adds a condition reverses no outright denial.
    if (!opposite && denies && !sentence.denies && CONDITION_RE.test(sentence.unit.text)) continue;
    // "316L and IN718 powder are accepted" against "Ti-6Al-4V powder is no longer accepted": each
    // names a thing the other does not, so the change is about another thing.
    if (namesOtherThing(view, sentence.unit)) continue;
    // A change that denies something must deny what the claim says, in the words beside the denial
    // ("the 15 free minutes are discontinued"), not another part of its own sentence.
    if (!opposite && sentence.denies && !denies) {
      const beside = wordsAroundDenials(sentence.unit.text);
      if (!content.some((stem) => beside.has(stem))) continue;
    }
    // A claim that denies something must be answered on that very thing: the first word its denial
    // governs ("don't earn points": earn) is in the change ("the reward now costs 1,200 points" is not about earning).
    if (!opposite && denies && !sentence.denies) {
      const governed = [...deniedWords(main)].find((stem) => !isStopword(stem) && stem.length > 2);
      if (governed !== undefined && !sentence.unit.wordSet.has(governed)) continue;
    }
    return superseded(sentence);
  }
  return undefined;
}

function superseded(sentence: ChangeSentence): ClaimVerdict {
  const quoted = sentence.unit.text.replace(/\s+/g, ' ').trim();
  const excerpt = quoted.length > 90 ? `${quoted.slice(0, 87)}…` : quoted;
  return { partition: 'contradicted', type: 'domain', evidence_refs: [sentence.unit.item.id], reason: `superseded: ${sentence.unit.item.id} says "${excerpt}"` };
}

/** A text without its hyphenated compounds: "off-cycle runs" and "auto-borrow" name things, not states. */
function withoutCompounds(text: string): string {
  return text.replace(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu, ' ');
}

const DENIED_WORDS_RE = new RegExp(`(?:${DENIAL_RE.source})((?:\\s+[\\p{L}-]+){1,3})`, 'giu');

/** Stems of the words a denial governs, up to three after it ("no data gap" → data, gap). */
function deniedWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const match of text.matchAll(DENIED_WORDS_RE)) {
    for (const word of match[1]!.trim().split(/\s+/)) out.add(canonicalStem(word.toLowerCase()));
  }
  return out;
}

const DENIALS_RE = new RegExp(DENIAL_RE.source, 'giu');

/** The words a denial stands beside: up to three after it ("no longer issues guest cards") and four before it in its clause ("the 15 free minutes are discontinued"). */
function wordsAroundDenials(text: string): Set<string> {
  const out = deniedWords(text);
  for (const match of text.matchAll(DENIALS_RE)) {
    // (Back to the clause's start: in "the guest receives a pass at registration and does not collect a card" the denial is the second clause's.)
    const before = text.slice(0, match.index).split(/[,;:]|\b(?:and|but|or|while|whereas|which|that)\b/i).pop() ?? '';
    for (const word of (before.match(/[\p{L}][\p{L}'’-]*/gu) ?? []).slice(-4)) out.add(canonicalStem(word.toLowerCase()));
  }
  return out;
}

/** Whether the claim and the sentence each name a coded thing (an identifier with a digit) the other does not. */
function namesOtherThing(view: ClaimView, unit: IndexedItem): boolean {
  const coded = (ids: readonly string[]): string[] => ids.filter((id) => /\d/.test(id) && /\p{L}/u.test(id));
  const mine = coded(view.features.identifiers);
  const theirs = coded(unit.features.identifiers);
  return mine.length > 0 && theirs.length > 0 && !mine.some((id) => theirs.includes(id));
}
