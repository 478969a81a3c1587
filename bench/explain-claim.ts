// `npm run explain -- <case> "<words of a claim>"`: how the offline judge reads one claim of a dev
// or test case — the rules' proposal, the proposition's entities and figures, each slot's outcome
// and the records it was aligned with, the decision model's probabilities and, with --features,
// the non-zero features. For working on a miss; never for a case of a held-out blind batch
// (reading one is the first step of tuning on it), which it refuses.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evalSplit, loadCases } from './corpus.eval';
import { capture } from './train/data';
import { buildEvidenceIndex } from '../src/core/retrieval/index';
import { proposeVerdicts } from '../src/core/judge/offline/propose';
import { gatherClaimEvidence, partitionProbabilities } from '../src/core/judge/offline/pipeline';
import { FEATURE_NAMES, featureVector } from '../src/core/judge/offline/decide/features';
import { judgeableEvidence } from '../src/core/judge/offline/output';
import { shippedModel } from '../src/core/judge/offline/decide/model';

async function main(): Promise<void> {
  const [caseName, words, flag] = process.argv.slice(2);
  const found = loadCases().find((c) => c.name === caseName);
  if (!found || !words) throw new Error('usage: npm run explain -- <case folder> "<words of a claim>" [--features]');
  if (evalSplit(found.name, found.labels) === 'blind') throw new Error(`${caseName} is in a held-out blind batch: not read until it is released`);
  const report = readFileSync(join(found.dir, 'report.md'), 'utf8');
  const evidence = found.labels.evidence.map((file) => ({ file, text: readFileSync(join(found.dir, file), 'utf8') }));
  const input = await capture(report, 'report.md', evidence, found.labels.question);
  const judgeable = judgeableEvidence(input);
  if ('abstain' in judgeable) throw new Error('the judge abstains on this case (no usable evidence)');
  const index = buildEvidenceIndex(judgeable.usable);
  const label = found.labels.claims.find((c) => c.text.includes(words));
  for (const proposal of proposeVerdicts(input, index)) {
    if (!proposal.text.includes(words)) continue;
    const claim = gatherClaimEvidence(proposal, index, input.question, proposal);
    const out: string[] = [
      `claim     ${proposal.text}`,
      `label     ${label ? `${label.partition}/${label.type}${label.why ? ` — ${label.why}` : ''}` : '(no label holds these words)'}`,
      `proposed  ${proposal.partition}/${proposal.type} — ${proposal.reason} [${proposal.evidence_refs.join(', ')}]`,
      `entities  ${[...claim.prop.identifiers, ...claim.prop.names.map((g) => g.join(' '))].join(', ') || '—'}`,
      `figures   ${claim.prop.features.quantities.map((q) => `${q.raw.trim()} (${q.dimension}${q.qualifier ? `, ${q.qualifier}` : ''}; key ${q.key.join(' ')})`).join('; ') || '—'}`,
      ...claim.slots.map((s) => `slot      ${s.slot} ${s.outcome} "${s.claimed}"${s.unit ? ` ${s.unit.item.id}` : ''}${s.found ? ` says ${s.found}` : ''}${s.conflict ? ' (conflict)' : ''}`),
      ...claim.alignment.records.slice(0, 6).map((r) => `aligned   ${r.unit.item.id} entities ${r.entityShare.toFixed(2)} words ${r.wordShare.toFixed(2)}: ${r.unit.text.replace(/\s+/g, ' ').slice(0, 120)}`),
      `decision  ${Object.entries(partitionProbabilities(claim, shippedModel())).map(([k, p]) => `${k} ${p.toFixed(3)}`).join(', ')}`,
    ];
    if (flag === '--features') {
      const x = featureVector(claim);
      out.push(...FEATURE_NAMES.flatMap((name, i) => (x[i] ? [`feature   ${name} ${x[i]}`] : [])));
    }
    process.stdout.write(`${out.join('\n')}\n\n`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
