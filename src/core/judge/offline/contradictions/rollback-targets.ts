// Where a rollback goes back to, stated otherwise: "the rollback command returns the property to
// policy version 40" while the change request's rollback is `cdnctl rollback … --to-version 41`;
// "run cfgctl rollback to revision r-3392" against `rollback_plan: "… --to r-3391"`. The claim
// names a rollback and its target (a command flag, or "to <kind> <target>"); the evidence's
// rollback records (a field or line naming a rollback) give their targets the same ways; when
// they agree on one target and it is not the claim's, the claim is contradicted. Wording is data
// (changes.json rollbackTarget).
import type { IndexedItem } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { escapePhrase } from '../vocabulary';
import changes from '../vocabulary/changes.json';

const { words, flags, kinds } = changes.rollbackTarget;
const ROLLBACK_RE = new RegExp(`(?<![\\p{L}])(?:${words.map((w) => escapePhrase(w).replace(/\\ /g, '[\\s_-]')).join('|')})(?![\\p{L}])`, 'iu');
const TARGET = String.raw`([A-Za-z]{0,3}[-.]?\d[\w.-]*\w|\d)`;
const FLAG_RE = new RegExp(`(?:${[...flags].sort((a, b) => b.length - a.length).map(escapePhrase).join('|')})[ =]+${TARGET}`, 'g');
const PROSE_RE = new RegExp(`\\bto\\s+(?:the\\s+)?(?:${[...kinds].sort((a, b) => b.length - a.length).map(escapePhrase).join('|')})\\s+${TARGET}`, 'gi');

/** The targets a text gives a rollback: by flag or in prose. */
function targetsIn(text: string): string[] {
  return [...text.matchAll(FLAG_RE), ...text.matchAll(PROSE_RE)].map((m) => m[1]!.toLowerCase());
}

export function contradictRollbackTarget(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const text = view.claim.text;
  if (view.wording.hedge || !ROLLBACK_RE.test(text)) return undefined;
  const claimed = [...new Set(targetsIn(text))];
  if (claimed.length !== 1) return undefined;
  const records = candidates.filter((unit) => unit.item.kind !== 'reasoning' && (ROLLBACK_RE.test(unit.text) || ROLLBACK_RE.test(unit.item.jsonPath ?? '')));
  const found = records.flatMap((unit) => targetsIn(unit.text).map((target) => ({ unit, target })));
  const targets = new Set(found.map((f) => f.target));
  if (targets.size !== 1 || targets.has(claimed[0]!)) return undefined;
  const record = found[0]!;
  return contradicted(record.unit, `claim says the rollback goes to ${claimed[0]}, ${record.unit.item.id} gives ${record.target}`);
}
