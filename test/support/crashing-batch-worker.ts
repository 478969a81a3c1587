// A batch worker entry for tests: the offline judge, except that a report containing "crash"
// kills the worker thread outright (as running out of memory would).
import { isBatchWorker, serveBatchWorker } from '../../src/cli/batch';
import { createOfflineJudge } from '../../src/core/judge/offline';

if (isBatchWorker()) {
  const offline = createOfflineJudge();
  serveBatchWorker(() => ({
    settings: {},
    judge: {
      kind: offline.kind,
      judgeClaims: (input) => {
        if (input.claims.some((claim) => claim.text.includes('crash'))) process.exit(3);
        return offline.judgeClaims(input);
      },
    },
  }));
}
