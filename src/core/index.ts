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
