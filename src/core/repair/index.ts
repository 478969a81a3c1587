// The repair loop's actions (regenerate through an LLM, replan through a command) and the
// loop over real reviews.
export * from './types';
export * from './regenerate';
export * from './replan-command';
export * from './review-with-repair';
