// The public surface of the core. Pure TypeScript: nothing here may import 'vscode'.
export * from './model';
export * from './score';
export * from './decision';
export * from './loop';
export * from './evidence/index';
export * from './segment/index';
export * from './review';
export * from './retrieval/index';
export * from './judge/offline';
export { OpenAIJudge, type OpenAIJudgeOptions, type StructuredOutputMode } from './judge/openai/judge';
export { DirectoryJudgeCache, LayeredJudgeCache, MemoryJudgeCache, type JudgeCache } from './judge/openai/cache';
export { JUDGE_PROMPT_VERSION } from './judge/openai/prompt';
export { DEFAULT_OPENAI_BASE_URL, type OpenAIEndpointOptions } from './judge/openai/client';
export { DEFAULT_JUDGE_MODEL, chooseJudge, type JudgeChoice, type JudgeChoiceInput } from './judge/openai/config';
export * from './repair/index';
export * from './geometry/index';
export * from './gate/index';
