// The GroundingSwitch for a review, computed after the marks are shown: embedding the report and
// its evidence takes longer than judging, and the marks should not wait for it. The encoder loads
// on first use (never at activation); remote embeddings only in a trusted workspace, with consent.
import * as vscode from 'vscode';
import type { Encoder } from '../core/geometry/encoder';
import type { ReviewSwitch, SwitchNotComputed } from '../core/geometry/review-switch';
import type { EvidenceSource, ReportClaim } from '../core/review-types';
import { withoutFrontMatter } from '../core/front-matter';
import { ensureRemoteConsent } from './judgeChoice';
import { readApiKey } from './secrets';
import type { GroundingSettings } from './settings';

export interface GeometryInput {
  report: string;
  evidence: EvidenceSource[];
  question?: string;
  claims: readonly ReportClaim[];
  signal: AbortSignal;
}

export async function computeReviewSwitch(
  input: GeometryInput,
  settings: GroundingSettings,
  context: vscode.ExtensionContext,
  log: vscode.LogOutputChannel,
): Promise<ReviewSwitch | SwitchNotComputed> {
  const encoder = await chooseEncoder(settings, context, log);
  if ('reason' in encoder) return { computed: false, reason: encoder.reason };
  const { computeSwitch } = await import('../core/geometry/review-switch.js');
  const { acceptThresholdSgi, rejectThresholdSgi, acceptThresholdDgi, onReject } = settings.switch;
  const thresholds = {
    ...(acceptThresholdSgi !== null ? { sgi_strong_pass: acceptThresholdSgi } : {}),
    ...(rejectThresholdSgi !== null ? { sgi_review: rejectThresholdSgi } : {}),
    ...(acceptThresholdDgi !== null ? { dgi_pass: acceptThresholdDgi } : {}),
  };
  return computeSwitch({
    encoder: encoder.encoder,
    thresholds,
    onReject,
    // The report is the response: its front matter is metadata, not part of what was said.
    report: withoutFrontMatter(input.report),
    evidenceTexts: input.evidence.map((source) => source.text),
    question: input.question,
    // Every claim, split clauses included: a clause's parentId names its sentence, which is not itself a claim.
    claims: input.claims,
    signal: input.signal,
  });
}

async function chooseEncoder(settings: GroundingSettings, context: vscode.ExtensionContext, log: vscode.LogOutputChannel): Promise<{ encoder: Encoder } | { reason: string }> {
  if (settings.encoder.kind === 'openai' && vscode.workspace.isTrusted) {
    const { OpenAiEncoder, DEFAULT_EMBEDDINGS_MODEL } = await import('../core/geometry/openai-encoder.js');
    const { DEFAULT_OPENAI_BASE_URL } = await import('../core/judge/openai/client.js');
    const endpoint = settings.judge.baseUrl.trim() || DEFAULT_OPENAI_BASE_URL;
    const model = settings.encoder.model.trim() || DEFAULT_EMBEDDINGS_MODEL;
    const apiKey = await readApiKey(context.secrets);
    if (!apiKey && endpoint === DEFAULT_OPENAI_BASE_URL) return { reason: 'no API key set for the embeddings endpoint (Grounding: Set API Key)' };
    if (!(await ensureRemoteConsent(context, log, endpoint, model, 'the report, its question and evidence passages', 'to be embedded'))) {
      return { reason: 'remote embeddings declined' };
    }
    return { encoder: new OpenAiEncoder({ model, baseURL: endpoint, apiKey }) };
  }
  const { getEmbeddedEncoder } = await import('../core/geometry/embedded-encoder.js');
  return { encoder: getEmbeddedEncoder() };
}
