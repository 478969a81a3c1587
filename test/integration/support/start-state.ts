// What the extension looked like before any test ran, recorded by index.ts: lets a test check
// activation without depending on which suite file mocha happens to run first.
export interface StartState {
  readonly extensionFound: boolean;
  readonly extensionActive: boolean;
}

let recorded: StartState | undefined;

export function recordStartState(state: StartState): void {
  recorded = state;
}

export function startState(): StartState {
  if (!recorded) throw new Error('start state not recorded: run the suite through test/integration/index.js');
  return recorded;
}
