// The offline judge's entry point; its stages live in ./offline/ (claims, records, align,
// derive, decide). See ./offline/judge.ts.
export { createOfflineJudge, judgeClaimsOffline, type OfflineJudgeOptions } from './offline/judge';
export { judgeOutputFromClaims } from './offline/output';
export { askedValue } from './offline/question/answers';
