// An act the claim says was done that its record shows failing: "I resumed the reconciliation
// job" while `ops_cli action=resume job=eod-reconcile … exit_ok=false`; "the catalog entry for
// orders-prod has been updated" while `catalog_update service=orders-prod … 403 Forbidden`; "the
// one from fs-man-03 also restored cleanly" against `restore_test server=fs-man-03 status=failed`.
// The act is a verb of the claim in the past whose stem names the record's tool or action; the
// record is of the claim's object (one of its identifiers, else one of its words); a record of
// the same act on the same object that went well leaves the claim alone (a retry).
import { canonicalStem, type IndexedItem } from '../../../retrieval/index';
import { failedStatusField, troubleReason } from '../../../omissions';
import { type ClaimVerdict, type ClaimView, contradicted, hasIdentifier } from '../claim-view';
import { LIGHT_WORDS, pastVerbStems } from '../words';
import modes from '../vocabulary/act-modes.json';
import { escapePhrase } from '../vocabulary';
import { perIndex } from '../records/per-index';

const ACT_FIELDS = new Set(['action', 'step', 'operation', 'op', 'task', 'command', 'cmd']);
/** A claim that reports trouble itself is no claim that the act went well. */
const TROUBLE_RE = /\b(?:fail(?:ed|s|ure)?|error(?:ed|s)?|unable|could\s+not|couldn['’]t|did\s+not|didn['’]t|not\s+(?:yet\s+)?(?:been\s+)?\p{L}+ed|blocked|denied|rejected|tried|attempted)\b/iu;

/** Stems of the names a record gives its act: its tool's name, its action field. */
function actStems(unit: IndexedItem): Set<string> {
  const names = [unit.item.tool ?? '', ...Object.entries(unit.item.fields).filter(([key]) => ACT_FIELDS.has(key.toLowerCase().split('.').pop()!)).map(([, value]) => value)];
  return new Set(names.flatMap((name) => name.toLowerCase().split(/[^a-z]+/)).filter((part) => part.length >= 4).map(canonicalStem));
}

export function contradictFailedAct(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const text = view.claim.text;
  const { wording } = view;
  if (wording.hedge || wording.negated.length > 0 || wording.absent.length > 0 || TROUBLE_RE.test(text)) return undefined;
  const verbs = pastVerbStems(text);
  if (verbs.size === 0) return undefined;
  const objectWords = [...view.words.keys()].filter((word) => !verbs.has(word) && !LIGHT_WORDS.has(word));
  const ofObject = (unit: IndexedItem): boolean =>
    view.features.identifiers.length > 0 ? view.features.identifiers.some((id) => hasIdentifier(unit, id)) : objectWords.some((word) => unit.wordSet.has(word));
  const records = candidates.filter((unit) => unit.item.kind !== 'paragraph' && unit.item.kind !== 'reasoning' && [...actStems(unit)].some((stem) => verbs.has(stem)) && ofObject(unit));
  const failed = records.filter((unit) => failing(unit) !== undefined);
  if (failed.length === 0 || failed.length < records.length) return undefined;
  const record = failed[0]!;
  return contradicted(record, `claim says it was done, ${record.item.id} shows it failing (${failing(record)})`);
}

/** Why a record shows its act failing: trouble it reports, or a status field of a document's step ("status": "failed"). */
function failing(unit: IndexedItem): string | undefined {
  const status = failedStatusField(unit.item.fields);
  // A log level is how grave what the record reports is ("ERROR … 48 °C deviation between TC1
  // and TC2" is the deviation logged), not the record's act failing.
  const trouble = troubleReason(unit.item);
  return (trouble?.startsWith('log level') ? undefined : trouble) ?? (status ? `${status[0]}=${status[1]}` : undefined);
}

const DONE_FIELDS = new Set(modes.doneFields);
/** Each act's forms in the past ("rolled back", "restarted"), as the claim writes them. */
const PAST_ACTS: Array<{ act: string; re: RegExp }> = Object.entries(modes.acts).map(([act, forms]) => ({
  act,
  re: new RegExp(`\\b(?:${forms.filter((form) => /\p{L}+ed\b|\bran\b/u.test(form)).map((form) => escapePhrase(form).replace(/\s+/g, '\\s+')).join('|') || '(?!)'})\\b`, 'iu'),
}));

/**
 * An act the claim says was done whose own JSON object says it was not: "R-03 was then rolled back
 * to v3" against `"rollback": {"method": "…", "executed": false}`. Only when every such object of
 * the act says so (one that says it happened leaves the claim alone).
 */
export function contradictUndoneAct(view: ClaimView): ClaimVerdict | undefined {
  const { wording } = view;
  const text = view.claim.text;
  if (wording.hedge || wording.negated.length > 0 || wording.absent.length > 0 || TROUBLE_RE.test(text)) return undefined;
  const act = PAST_ACTS.find(({ re }) => re.test(text))?.act;
  if (!act) return undefined;
  const records = doneRecordsOf(view.index).filter(({ path }) => path.slice(0, -1).some((segment) => segment === act || segment === `${act}s`)).map(({ unit }) => unit);
  if (records.length === 0) return undefined;
  // (A JSON leaf's fields hold its own key beside its siblings': rollback.executed is fields.executed.)
  const value = (unit: IndexedItem): string => (unit.item.fields[unit.item.jsonPath!.split('.').pop()!] ?? '').trim().toLowerCase();
  if (!records.every((unit) => /^(?:false|no|0)$/.test(value(unit)))) return undefined;
  return contradicted(records[0]!, `claim says the ${act} was done, ${records[0]!.item.id} says ${records[0]!.item.jsonPath} = ${value(records[0]!)}`);
}

/** The JSON fields that say whether an act happened (rollback.executed), with their paths: read once per index. */
const doneRecordsOf = perIndex((index): Array<{ unit: IndexedItem; path: string[] }> =>
  index.items.flatMap((unit) => {
    if (unit.item.kind !== 'json_field' || !unit.item.jsonPath) return [];
    const path = unit.item.jsonPath.toLowerCase().split(/[.[\]"]+/).filter(Boolean);
    return path.length >= 2 && DONE_FIELDS.has(path.at(-1)!) ? [{ unit, path }] : [];
  }),
);
