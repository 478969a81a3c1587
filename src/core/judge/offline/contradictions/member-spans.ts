// A bound a claim puts on every member's time out of use: "Every gauge was back online within the
// 20-minute offline limit" while TK-3 went offline at 22:58:02 and came back at 23:21:05; "every
// cabinet was back in service within the 20-minute limit" while ICU2-ADC-02 was locked at 21:23:10
// and returned at 21:47:02. A member's span runs from the record that takes it out to the first
// after it that brings it back (vocabulary/spans.json memberOut, memberBack); the members are the
// identifiers of one family (AAP-A1, AAP-A3) with both records, at least two of them. A claim that
// leaves some members out ("the other chillers", "apart from") or gives more than one length is
// left alone, as is one that names a part of them ("every Block A panel"): the records need not
// say which members are in it.
import type { IndexedItem, Quantity } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { momentOf, spanText, type Moment } from '../records/events';
import { familyOf } from './record-members';
import { phrasePattern } from '../vocabulary/index';
import spans from '../vocabulary/spans.json';

const OUT_RE = phrasePattern(spans.memberOut);
const BACK_RE = phrasePattern(spans.memberBack);
/** Every member of the kind, unscoped: "every gauge was", "all upgraded guns were" (not "every Block A panel", "every cabinet in waves 1 and 2"). */
const EVERY_RE = /\b(?:[Ee]very|[Ee]ach|[Aa]ll(?:\s+the)?)\s+(?:(?:upgraded|updated|flashed|affected)\s+)?\p{Ll}[\p{Ll}-]+\s+(?:was|were|had|came|went|got|stayed|remained|returned|spent)\b/u;
const SOME_LEFT_OUT_RE = /\b(?:other|others|apart from|except|besides|but one|but two)\b/i;
/** The wording that makes a length a bound on each span: "within the 20-minute limit", "no more than the planned 30 minutes". */
const BOUND_BEFORE_RE = /\b(?:within|inside|in\s+under|in\s+less\s+than|no\s+more\s+than|not\s+more\s+than|at\s+most|under|less\s+than)\s+(?:(?:the|its|their|a|an|our)\s+)?(?:[\p{L}'’-]+\s+){0,2}$/iu;
/** A span past the bound by more than this share of it (and half a minute) is past it, not a rounding. */
const SLACK = 0.05;

type Mark = 'out' | 'back' | undefined;
/** A member's record that takes it out or brings it back, with its moment. */
type Marked = { moment: Moment; mark: Mark };

export function contradictMemberSpan(view: ClaimView): ClaimVerdict | undefined {
  const { wording } = view;
  const text = view.claim.text;
  if (wording.hedge || wording.negated.length > 0 || !EVERY_RE.test(text) || SOME_LEFT_OUT_RE.test(text)) return undefined;
  const lengths = view.features.quantities.filter((q) => q.dimension === 'duration' && q.hasUnit);
  if (lengths.length !== 1 || !BOUND_BEFORE_RE.test(text.slice(0, lengths[0]!.start))) return undefined;
  const bound = lengths[0]!;
  const families = membersByFamily(view.index.items);
  if (families.size !== 1) return undefined;
  const [members] = [...families.values()];
  let worst: { member: string; out: Moment; back: Moment; span: number } | undefined;
  for (const [member, moments] of members!) {
    const span = firstSpan(moments);
    if (span && (!worst || span.span > worst.span)) worst = { member, ...span };
  }
  if (!worst || !pastBound(worst.span, bound)) return undefined;
  return contradicted(worst.back.unit, `claim bounds every member's time out at ${bound.raw.trim()}; ${worst.member} was out from ${worst.out.unit.item.id} (${worst.out.raw}) to ${worst.back.unit.item.id} (${worst.back.raw}), ${spanText(worst.span)}`);
}

function pastBound(span: number, bound: Quantity): boolean {
  return span > bound.value * (1 + SLACK) + 30;
}

/**
 * The members of each family with a record taking them out and one bringing them back, each
 * member's marked records in time order; families with fewer than two such members are no
 * several members of one kind.
 */
function membersByFamily(items: readonly IndexedItem[]): Map<string, Map<string, Marked[]>> {
  const byMember = new Map<string, Marked[]>();
  for (const unit of items) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning' || unit.features.times.length === 0) continue;
    const mark = markOf(unit);
    if (!mark) continue;
    // One member per record: a record naming two of one family is about both, not one's outage.
    const ids = [...unit.identifierSet].filter((id) => /\d/.test(id) && familyOf(id) !== undefined);
    const byFamily = new Map<string, string[]>();
    for (const id of ids) byFamily.set(familyOf(id)!, [...(byFamily.get(familyOf(id)!) ?? []), id]);
    for (const [, members] of byFamily) {
      if (members.length !== 1) continue;
      byMember.set(members[0]!, [...(byMember.get(members[0]!) ?? []), { moment: momentOf(unit), mark }]);
    }
  }
  const families = new Map<string, Map<string, Marked[]>>();
  for (const [member, marks] of byMember) {
    if (!marks.some((m) => m.mark === 'out') || !marks.some((m) => m.mark === 'back')) continue;
    const family = familyOf(member)!;
    const members = families.get(family) ?? new Map();
    members.set(member, marks.sort((a, b) => a.moment.at - b.moment.at));
    families.set(family, members);
  }
  for (const [family, members] of families) if (members.size < 2) families.delete(family);
  return families;
}

/** Whether a record takes its member out or brings it back: its prose, or a field named by a back word set false or true (gauge_online=false). */
function markOf(unit: IndexedItem): Mark {
  for (const [key, value] of Object.entries(unit.item.fields)) {
    if (!BACK_RE.test(key.replace(/_/g, ' '))) continue;
    if (/^(?:false|no|0)$/i.test(value)) return 'out';
    if (/^(?:true|yes|1)$/i.test(value)) return 'back';
  }
  const prose = unit.text.replace(/[\w.-]+\s?=\s?/g, ' ');
  const back = BACK_RE.test(prose);
  const out = OUT_RE.test(prose);
  return out === back ? undefined : out ? 'out' : 'back';
}

/** The first span out of use: the first out record, then the first back record after it. */
function firstSpan(marks: readonly Marked[]): { out: Moment; back: Moment; span: number } | undefined {
  const out = marks.find((m) => m.mark === 'out');
  if (!out) return undefined;
  const back = marks.find((m) => m.mark === 'back' && m.moment.at > out.moment.at);
  return back ? { out: out.moment, back: back.moment, span: back.moment.at - out.moment.at } : undefined;
}
