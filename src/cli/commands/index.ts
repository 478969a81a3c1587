// The CLI's commands other than `mcp`: the entry of the dist/cli-commands.js bundle, which
// dist/cli.js loads for them. `mcp` is a bundle of its own (dist/cli-mcp.js), so the MCP server an
// agent starts and waits on does not load the review loop, SARIF, the encoder or the OpenAI client.
export { calibrateUsage, runCalibrate } from './calibrate';
export { gateUsage, runGateCommand } from './gate';
export { hookUsage, runHook } from './hook';
export { reviewUsage, runReview } from './review';
export { runScore, scoreUsage } from './score';
// The judge table: also what an MCP server started with --judge openai|llm|hybrid loads from here.
export { CLI_JUDGES } from './judges';
