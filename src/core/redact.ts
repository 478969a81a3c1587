// URLs as they may be printed: a base URL can carry a key (`?api-key=…`, Azure's `sig=`) or
// credentials (`https://user:token@host`). Every URL shown to a user or written to a log goes
// through here: userinfo and query values are replaced, except a few known to be harmless.
import type { ReviewResult } from './review-types';

const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;
const HARMLESS_QUERY_KEYS = new Set(['api-version']);
export const REDACTED = '***';

/** One URL with its secrets replaced; text that does not parse as a URL is returned unchanged. */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  let changed = false;
  if (parsed.username || parsed.password) {
    parsed.username = REDACTED;
    parsed.password = '';
    changed = true;
  }
  for (const key of [...new Set(parsed.searchParams.keys())]) {
    if (HARMLESS_QUERY_KEYS.has(key.toLowerCase())) continue;
    parsed.searchParams.set(key, REDACTED);
    changed = true;
  }
  if (parsed.hash.includes('=')) {
    parsed.hash = REDACTED;
    changed = true;
  }
  // Untouched URLs keep their exact spelling (the URL parser would add a trailing slash).
  return changed ? parsed.toString().replaceAll(encodeURIComponent(REDACTED), REDACTED) : url;
}

/** Every URL in a text redacted: for notices, errors and warnings that may quote an endpoint. */
export function redactUrls(text: string): string {
  return text.replace(URL_IN_TEXT, (url) => redactUrl(url));
}

/** A review's own notes (judge fallbacks, abstain reason, warnings) with their URLs redacted; claims untouched. */
export function redactReviewNotes<T extends ReviewResult>(result: T): T {
  return {
    ...result,
    judge: {
      ...result.judge,
      fallbacks: result.judge.fallbacks.map(redactUrls),
      ...(result.judge.abstainReason !== undefined ? { abstainReason: redactUrls(result.judge.abstainReason) } : {}),
    },
    warnings: result.warnings.map((warning) => ({ ...warning, message: redactUrls(warning.message) })),
  };
}
