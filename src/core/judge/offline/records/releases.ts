// Which release a document sentence belongs to, and which release the user's system runs: release
// notes put each change under a version heading ("## 7.5.0 (4 November 2024)"), and a system's
// record gives its version (software_version=7.4.1). A change of a later release than the one
// installed is not in effect yet: the value before it still holds.
import type { EvidenceIndex, IndexedItem } from '../../../retrieval/index';
import { perIndex } from './per-index';
import { VERSION_RE } from '../claim-view';

/** A field that gives the version a system runs (software_version, firmware_version, version). */
const VERSION_KEY_RE = /(?:^|[._])(?:(?:software|firmware|app|application|installed|current|running|platform|product|client|agent)[._])?version$/i;
/** Words of a version field that name another version than the one running (to_version, min_version, latest_version). */
const OTHER_VERSION_RE = /(?:^|[._])(?:from|to|target|previous|prev|old|new|min|minimum|max|required|latest|available|next|planned|rollback|baseline)(?:[._]|$)/i;
/** A section heading that opens with a version: "7.5.0 (4 November 2024)", "Release 4.2", "v3.1.0 — …". */
const HEADING_VERSION_RE = /^\s*(?:release\s+|version\s+)?v?(\d+(?:\.\d+){1,3})\b/i;

/** The one version the evidence's records say the system runs, if they name exactly one. */
export const installedVersion = perIndex((index: EvidenceIndex): number[] | undefined => {
  const found = new Set<string>();
  for (const unit of index.items) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    for (const [key, value] of Object.entries(unit.item.fields)) {
      if (!VERSION_KEY_RE.test(key) || OTHER_VERSION_RE.test(key)) continue;
      // A version as records write it (7.4.1, v3.2, 11.4.2-hotfix), its number alone.
      if (VERSION_RE.test(value.trim())) found.add(value.trim().replace(/^v/i, '').split(/[-+]/)[0]!);
    }
  }
  if (found.size !== 1) return undefined;
  const installed = parts([...found][0]!);
  // Another product's version (slurm_version=23.11 beside release notes of 2024.1 … 2024.4) says
  // nothing of which release notes are in effect: the notes' series must share its first number.
  const headings = index.items.map((unit) => (unit.item.kind === 'paragraph' ? releaseOf(unit) : undefined)).filter((v) => v !== undefined);
  return headings.length === 0 || headings.some((v) => v[0] === installed[0]) ? installed : undefined;
});

/** The version of the release a document sentence is listed under (its section heading), if any. */
export function releaseOf(unit: IndexedItem): number[] | undefined {
  const heading = unit.item.context?.split(' · ').at(-1);
  const version = heading === undefined ? undefined : HEADING_VERSION_RE.exec(heading)?.[1];
  return version ? parts(version) : undefined;
}

/** Whether a document sentence is of a release later than the one the system runs. */
export function notYetInstalled(index: EvidenceIndex, unit: IndexedItem): { release: string; installed: string } | undefined {
  const installed = installedVersion(index);
  const release = installed && unit.item.kind === 'paragraph' ? releaseOf(unit) : undefined;
  return release && compareVersions(release, installed!) > 0 ? { release: release.join('.'), installed: installed!.join('.') } : undefined;
}

function parts(version: string): number[] {
  return version.split('.').map(Number);
}

/** Compares two versions part by part: a missing part is 0 (7.4 = 7.4.0). */
export function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}
