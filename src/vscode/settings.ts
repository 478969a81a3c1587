// The extension's settings, read once per change and validated as a whole. An invalid value or
// combination (τ_regenerate ≥ τ_proceed, refill ≥ cap, …) is reported once and the last valid
// settings stay in force, so a half-typed value never breaks an open review.
import * as vscode from 'vscode';
import { z } from 'zod';
import {
  DEFAULT_RHO,
  DEFAULT_THRESHOLDS,
  DEFAULT_WEIGHTS,
  EVIDENCE_TYPES,
  PARTITION_KEYS,
  formatZodError,
  type EvidenceType,
  type PartitionKey,
} from '../core/model';
import { DEFAULT_MAX_FILE_MB } from '../core/evidence/decode';
import type { GateReviewOptions } from '../core/gate/compute';
import type { ScoringSettings } from '../core/review-types';

export const SECTION = 'grounding';

const unit = z.number().finite().min(0).max(1);
const severity = z.enum(['error', 'warning', 'information', 'hint', 'none']);
export type SeveritySetting = z.infer<typeof severity>;

const weightsShape = Object.fromEntries(EVIDENCE_TYPES.map((type) => [type, unit])) as Record<EvidenceType, typeof unit>;

const SettingsSchema = z
  .object({
    thresholds: z.object({ proceed: unit, regenerate: unit }),
    rho: unit,
    weights: z.object(weightsShape),
    loop: z.object({ kMax: z.number().int().min(0).max(10), roundsCap: z.number().int().min(0).max(50) }),
    judge: z.object({
      kind: z.enum(['offline', 'openai', 'hybrid']),
      baseUrl: z.string(),
      model: z.string().min(1),
      timeoutSeconds: z.number().min(1).max(600),
      structuredOutput: z.enum(['auto', 'on', 'off']),
      confidenceCut: unit,
      // null: the judge's own default (the offline judge's 0.5; the hybrid's 0, its confidence cut asks the rest).
      groundedCut: unit.nullable(),
      samples: z.number().int().min(1).max(10),
      maxRetryWaitSeconds: z.number().min(0).max(600),
      reviewDeadlineSeconds: z.number().min(1).max(7200),
    }),
    encoder: z.object({ kind: z.enum(['embedded', 'openai', 'off']), model: z.string() }),
    evidence: z.object({ maxFileMegabytes: z.number().finite().min(1).max(4096) }),
    switch: z.object({
      // null: the cuts calibrated for the selected encoder.
      acceptThresholdSgi: z.number().finite().min(0).nullable(),
      rejectThresholdSgi: z.number().finite().min(0).nullable(),
      acceptThresholdDgi: z.number().finite().min(-1).max(1).nullable(),
      onReject: z.enum(['fallback', 'reject', 'regenerate', 'escalate']),
    }),
    gate: z.object({
      preset: z.enum(['default', 'skipper', 'diverger']),
      cap: z.number().int().min(1).nullable(),
      refill: z.number().int().min(1).nullable(),
      goalPredicates: z.array(z.string().regex(/^[A-Za-z_][\w.-]*$/)),
    }),
    decorations: z.object({
      enabled: z.boolean(),
      showGrounded: z.boolean(),
      showEvidenceType: z.boolean(),
      overviewRuler: z.boolean(),
    }),
    diagnostics: z.object({
      enabled: z.boolean(),
      severity: z.object(Object.fromEntries(PARTITION_KEYS.map((key) => [key, severity])) as Record<PartitionKey, typeof severity>),
    }),
  })
  .refine((s) => s.thresholds.regenerate < s.thresholds.proceed, {
    message: 'τ_regenerate must be strictly below τ_proceed',
    path: ['thresholds', 'regenerate'],
  })
  .refine((s) => s.switch.rejectThresholdSgi === null || s.switch.acceptThresholdSgi === null || s.switch.rejectThresholdSgi <= s.switch.acceptThresholdSgi, {
    message: 'the reject threshold must not exceed the accept threshold',
    path: ['switch', 'rejectThresholdSgi'],
  })
  .refine((s) => s.gate.cap === null || s.gate.refill === null || s.gate.refill < s.gate.cap, {
    message: 'refill must be below cap',
    path: ['gate', 'refill'],
  })
  // A setting the chosen judge cannot honour is an error, as the CLI's --grounded-cut is with --judge llm.
  .refine((s) => s.judge.kind !== 'openai' || s.judge.groundedCut === null || s.judge.groundedCut === 0, {
    message: 'applies to the offline and hybrid judges; the openai judge gives no offline verdicts to withhold (remove the setting or choose another judge)',
    path: ['judge', 'groundedCut'],
  });

export type GroundingSettings = z.infer<typeof SettingsSchema>;

/** What the package.json defaults say; used when nothing valid was ever read. */
export const DEFAULT_SETTINGS: GroundingSettings = {
  thresholds: { ...DEFAULT_THRESHOLDS },
  rho: DEFAULT_RHO,
  weights: { ...DEFAULT_WEIGHTS },
  loop: { kMax: 2, roundsCap: 10 },
  judge: {
    kind: 'offline',
    baseUrl: '',
    model: 'gpt-4o-mini',
    timeoutSeconds: 60,
    structuredOutput: 'auto',
    confidenceCut: 0.75,
    groundedCut: null,
    samples: 1,
    maxRetryWaitSeconds: 30,
    reviewDeadlineSeconds: 900,
  },
  encoder: { kind: 'embedded', model: '' },
  evidence: { maxFileMegabytes: DEFAULT_MAX_FILE_MB },
  switch: { acceptThresholdSgi: null, rejectThresholdSgi: null, acceptThresholdDgi: null, onReject: 'fallback' },
  gate: { preset: 'default', cap: null, refill: null, goalPredicates: [] },
  decorations: { enabled: true, showGrounded: true, showEvidenceType: true, overviewRuler: true },
  diagnostics: { enabled: true, severity: { contradicted: 'error', ungrounded: 'warning', complementary: 'none', grounded: 'none' } },
};

/** Reads every setting by its dotted key; unset keys fall back to the defaults above. */
function readRaw(config: vscode.WorkspaceConfiguration): unknown {
  const read = (path: string[], fallback: unknown): unknown => {
    if (fallback !== null && typeof fallback === 'object' && !Array.isArray(fallback)) {
      return Object.fromEntries(Object.entries(fallback).map(([key, value]) => [key, read([...path, key], value)]));
    }
    return config.get(path.join('.'), fallback);
  };
  return read([], DEFAULT_SETTINGS);
}

export function scoringOf(settings: GroundingSettings): ScoringSettings {
  return { thresholds: { ...settings.thresholds }, rho: settings.rho, weights: { ...settings.weights } };
}

/** The grounding gate's options as review() takes them. */
export function gateOptionsOf(settings: GroundingSettings): GateReviewOptions {
  const { preset, cap, refill, goalPredicates } = settings.gate;
  return { preset, cap, refill, goals: [...goalPredicates] };
}

/** True when the grounded cut differs: that changes verdicts, so open reviews are judged again. */
export function verdictsChanged(a: GroundingSettings, b: GroundingSettings): boolean {
  return a.judge.groundedCut !== b.judge.groundedCut;
}

/** True when the scoring part differs: those changes re-score; the others only re-render. */
export function scoringChanged(a: GroundingSettings, b: GroundingSettings): boolean {
  return JSON.stringify(scoringOf(a)) !== JSON.stringify(scoringOf(b));
}

export interface SettingsChange {
  previous: GroundingSettings;
  current: GroundingSettings;
}

/** Holds the current valid settings and rebuilds them when `grounding.*` changes. */
export class SettingsStore implements vscode.Disposable {
  /** Read on first use, not at activation. */
  private settings: GroundingSettings | undefined;
  private readonly changed = new vscode.EventEmitter<SettingsChange>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;
  /** The last problem reported, so the same warning is not repeated on every keystroke. */
  private lastProblem: string | undefined;

  constructor(private readonly warn: (message: string) => void) {
    this.subscription = vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration(SECTION)) return;
      const previous = this.current;
      const next = this.read();
      if (!next) return;
      this.settings = next;
      this.changed.fire({ previous, current: next });
    });
  }

  get current(): GroundingSettings {
    this.settings ??= this.read() ?? DEFAULT_SETTINGS;
    return this.settings;
  }

  /** The current settings, or undefined (after warning) when they are invalid. */
  private read(): GroundingSettings | undefined {
    const parsed = SettingsSchema.safeParse(readRaw(vscode.workspace.getConfiguration(SECTION)));
    if (parsed.success) {
      this.lastProblem = undefined;
      return parsed.data;
    }
    const problem = formatZodError(parsed.error, SECTION);
    if (problem !== this.lastProblem) {
      this.lastProblem = problem;
      this.warn(`Grounding settings are invalid (${problem}); the last valid settings stay in force.`);
    }
    return undefined;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
