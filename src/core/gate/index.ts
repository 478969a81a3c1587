// The grounding gate (gate.md): a zero-token structural check of whether an agent may say what it says.
export * from './state';
export * from './normalize';
export * from './identifiers';
export * from './classify';
export * from './boundary';
export * from './replay';
export * from './report';
export * from './compute';
