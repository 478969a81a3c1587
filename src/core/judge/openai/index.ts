// The LLM judge over OpenAI-compatible endpoints: client, wire schema, prompt, chunks, cache.
export * from './estimate';
export * from './cache';
export * from './chunks';
export * from './client';
export * from './judge';
export * from './prompt';
export * from './wire';
export * from './config';
export * from './context';
export * from './merge';
export * from './tokens';
export * from './transport';
