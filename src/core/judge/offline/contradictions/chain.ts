// The contradiction checks in the order they run: the first that finds the claim contradicted
// decides. Each is decided from structure (the records' fields, tables, times and actors), never
// from text similarity; one concern a file in this folder. Checks that need the support found
// first (a figure no record holds: row-values.ts, change-ends.ts) run after it, in ../rules.ts.
import type { IndexedItem } from '../../../retrieval/index';
import type { ClaimVerdict, ClaimView } from '../claim-view';
import { contradictPinnedFigure, contradictQuantity } from './quantities';
import { contradictPeak, contradictPeakMoment } from './peaks';
import { contradictHeldBound, contradictPersistence } from './persistence';
import { contradictFirstAttempt, contradictState } from './states';
import { contradictUnfinishedItem } from './unfinished-items';
import { contradictCurrentVersion, contradictFieldValue, contradictLevel, contradictRole } from './field-values';
import { contradictPercentChange, contradictShare } from './shares-and-changes';
import { contradictOwnShare } from './own-shares';
import { contradictAlertMoment, contradictActMoment, contradictMoment, contradictSpan } from './moments';
import { contradictTrend } from './trends';
import { contradictRank } from './ranks';
import { contradictRankedRate } from './ranked-rates';
import { contradictComparison } from './comparisons';
import { contradictTableTrend } from './table-trends';
import { contradictTableBound } from './table-bounds';
import { contradictThresholdCount } from './threshold-counts';
import { contradictSubsetValue } from './subset-values';
import { contradictEventOrder } from './event-order';
import { contradictMemberOrder } from './member-order';
import { contradictKindredRecord, contradictOtherMember } from './other-members';
import { contradictAlertResolution } from './alert-resolution';
import { contradictSiblingScope } from './sibling-scopes';
import { contradictClaimedDuration } from './claimed-durations';
import { contradictAckLatency } from './ack-latency';
import { contradictFractionCount } from './fraction-counts';
import { contradictUniversalSuccess } from './universal-success';
import { contradictViolationCount } from './violation-counts';
import { contradictTableMultiple } from './table-multiples';
import { contradictRowValue } from './row-values';
import { contradictPeriodFigure } from './period-figures';
import { contradictActTime } from './act-times';
import { contradictActDate } from './act-dates';
import { contradictActor } from './actors';
import { contradictActMode } from './act-modes';
import { contradictActingRole } from './acting-roles';
import { contradictSiblingColumn } from './sibling-columns';
import { contradictEntryComparison } from './entry-comparisons';
import { contradictStayedValue } from './stayed-values';
import { contradictHeldValue } from './held-values';
import { contradictMemberVersion } from './member-versions';
import { contradictMemberStateCount } from './member-state-counts';
import { contradictFieldChange } from './field-changes';
import { contradictFirstOfSeveral } from './firsts';
import { contradictRecordMember } from './record-members';
import { contradictEventSpan } from './event-spans';
import { contradictMemberSpan } from './member-spans';
import { contradictSpanComparison } from './span-comparisons';
import { contradictOtherChange } from './other-changes';
import { contradictSuperseded } from './superseded';
import { contradictUnreleasedValue } from './unreleased-values';
import { contradictTierFeature } from './tier-features';
import { contradictOverriddenDefault } from './overridden-defaults';
import { contradictTierRow } from './tier-rows';
import { contradictSwappedFigures } from './swapped-figures';
import { contradictSwappedRates } from './swapped-rates';
import { contradictReversedEnds } from './reversed-ends';
import { contradictSeriesEnd } from './series-ends';
import { contradictOnlyMover } from './only-movers';
import { contradictOnlyHolder } from './only-holders';
import { contradictGroupRank } from './group-ranks';
import { contradictGroupShare } from './group-shares';
import { contradictStateSpan } from './state-spans';
import { contradictCountedAbsence } from './counted-absence';
import { contradictReversal } from './reversals';
import { contradictWidenedScope } from './widened-scope';
import { contradictRollbackTarget } from './rollback-targets';
import { contradictFailedAct, contradictUndoneAct } from './failed-acts';
import { contradictTableChange } from './table-changes';
import { contradictAlertAbsence } from './alert-absence';
import { contradictWindowFit } from './window-fit';
import { contradictFlagField } from './flag-fields';
import { contradictSwitchField } from './switch-fields';
import { contradictPinnedField } from './pinned-fields';
import { contradictOpposite, contradictPolarity, contradictScope } from './opposites';
import { contradictMomentReading } from './moment-readings';
import { contradictGroupMultiple } from './group-multiples';
import { contradictHeldCategory } from './held-categories';
import { contradictGroupFigure } from './group-figures';

export function findContradiction(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  return (
      contradictPeak(view) ??
      contradictPeakMoment(view) ??
      contradictSwappedFigures(view, candidates) ??
      contradictSwappedRates(view) ??
      contradictReversedEnds(view) ??
      contradictSeriesEnd(view) ??
      contradictGroupRank(view) ??
      contradictGroupShare(view) ??
      contradictGroupFigure(view) ??
      contradictStateSpan(view) ??
      contradictCountedAbsence(view) ??
      contradictQuantity(view, candidates) ??
      contradictPinnedFigure(view, candidates) ??
      contradictHeldBound(view, candidates) ??
      contradictPersistence(view, candidates) ??
      contradictFirstAttempt(view, candidates) ??
      contradictRole(view, candidates) ??
      contradictCurrentVersion(view, candidates) ??
      contradictShare(view, candidates) ??
      contradictOwnShare(view, candidates) ??
      contradictWindowFit(view) ??
      contradictFlagField(view, candidates) ??
      contradictSwitchField(view, candidates) ??
      contradictPinnedField(view, candidates) ??
      contradictActMoment(view, candidates) ??
      contradictActTime(view) ??
      contradictActDate(view) ??
      contradictMoment(view, candidates) ??
      contradictAlertMoment(view, candidates) ??
      contradictState(view, candidates) ??
      contradictUnfinishedItem(view, candidates) ??
      contradictTrend(view, candidates) ??
      contradictSpan(view) ??
      contradictPolarity(view, candidates) ??
      contradictOpposite(view, candidates) ??
      contradictScope(view, candidates) ??
      contradictFieldValue(view, candidates) ??
      contradictLevel(view, candidates) ??
      contradictPercentChange(view, candidates) ??
      contradictTableChange(view) ??
      contradictRank(view) ??
      contradictRankedRate(view) ??
      contradictComparison(view) ??
      contradictHeldValue(view) ??
      contradictHeldCategory(view) ??
      contradictEntryComparison(view) ??
      contradictTableTrend(view) ??
      contradictOnlyMover(view) ??
      contradictOnlyHolder(view) ??
      contradictTableBound(view) ??
      contradictThresholdCount(view) ??
      contradictSubsetValue(view) ??
      contradictGroupMultiple(view) ??
      contradictTableMultiple(view) ??
      contradictRowValue(view) ??
      contradictPeriodFigure(view) ??
      contradictSiblingScope(view) ??
      contradictSiblingColumn(view, candidates) ??
      contradictActor(view, candidates) ??
      contradictActingRole(view, candidates) ??
      contradictActMode(view, candidates) ??
      contradictEventOrder(view, candidates) ??
      contradictMemberOrder(view) ??
      contradictFirstOfSeveral(view) ??
      contradictRecordMember(view, candidates) ??
      contradictClaimedDuration(view, candidates) ??
      contradictAckLatency(view) ??
      contradictFractionCount(view) ??
      contradictEventSpan(view) ??
      contradictMemberSpan(view) ??
      contradictSpanComparison(view) ??
      contradictOtherChange(view, candidates) ??
      contradictOtherMember(view, candidates) ??
      contradictKindredRecord(view, candidates) ??
      contradictUniversalSuccess(view, candidates) ??
      contradictViolationCount(view, candidates) ??
      contradictMemberVersion(view) ??
      contradictMemberStateCount(view) ??
      contradictAlertAbsence(view) ??
      contradictAlertResolution(view) ??
      contradictSuperseded(view, candidates) ??
      contradictUnreleasedValue(view, candidates) ??
      contradictTierFeature(view, candidates) ??
      contradictOverriddenDefault(view, candidates) ??
      contradictTierRow(view, candidates) ??
      contradictFieldChange(view) ??
      contradictStayedValue(view) ??
      contradictReversal(view) ??
      contradictWidenedScope(view) ??
      contradictRollbackTarget(view, candidates) ??
      contradictFailedAct(view, candidates) ??
      contradictUndoneAct(view) ??
      contradictMomentReading(view, true)
  );
}
