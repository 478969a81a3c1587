// A value a later release brings, said of a system that runs an earlier one: "On your version, a
// new radiation-sum condition defaults to 120 J/cm²" while the notes of 7.5.0 change the default
// from 150 to 120 J/cm² and the site's record gives software_version=7.4.1. The claim names the
// changed thing (two of its words in the change's item) and gives the new value, not the old; a
// claim that names the release or a later one, or speaks of an upgrade to come, is about it.
import type { IndexedItem } from '../../../retrieval/index';
import { quantityMatches } from '../derive/matching';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { LIGHT_WORDS } from '../words';
import { changesOf, sharedWithItem } from '../records/changes';
import { compareVersions, notYetInstalled } from '../records/releases';

/** Wording of a release still to come: the claim speaks of what an upgrade will bring. */
const TO_COME_RE = /\b(?:will|would|once\s+(?:you|the\s+\w+)\s+(?:upgrade|update)|after\s+(?:the\s+|an?\s+|you\s+)?(?:upgrade|update)\w*|upgrad(?:e|ing)\s+to|next\s+(?:release|version)|newer\s+(?:release|version)|latest\s+(?:release|version))\b/i;
const VERSION_IN_TEXT_RE = /(?<![\d.])v?(\d+\.\d+(?:\.\d+)?)(?![\d.]*\d)/gi;

export function contradictUnreleasedValue(view: ClaimView, _candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (view.wording.hedge || TO_COME_RE.test(view.claim.text)) return undefined;
  const figures = view.features.quantities.filter((q) => q.qualifier !== 'delta');
  if (figures.length === 0) return undefined;
  const words = [...view.words.keys()].filter((word) => !LIGHT_WORDS.has(word));
  const named = [...view.claim.text.matchAll(VERSION_IN_TEXT_RE)].map((m) => m[1]!.split('.').map(Number));
  for (const change of changesOf(view.index)) {
    const pending = notYetInstalled(view.index, change.unit);
    if (!pending) continue;
    const claimed = figures.find((q) => quantityMatches(q, change.now));
    if (!claimed || figures.some((q) => quantityMatches(q, change.old))) continue;
    // "From 7.5.0 the default is 120 J/cm²": the claim speaks of that release.
    const release = pending.release.split('.').map(Number);
    if (named.some((version) => compareVersions(version, release.slice(0, version.length)) >= 0)) continue;
    if (sharedWithItem(change.unit, words) < 2) continue;
    return contradicted(change.unit, `claim says ${claimed.raw.trim()}, which release ${pending.release} brings (${change.unit.item.id}); the system runs ${pending.installed}, where it is still ${change.old.raw.trim()}`);
  }
  return undefined;
}
