// The extension's log with every URL redacted: endpoint settings may carry a key in their query
// (`?api-key=…`) or credentials in their userinfo, and log lines are copied into bug reports.
import type * as vscode from 'vscode';
import { redactUrls } from '../core/redact';

const WRITERS = new Set<PropertyKey>(['trace', 'debug', 'info', 'warn', 'error', 'append', 'appendLine', 'replace']);

export function redactingLog(channel: vscode.LogOutputChannel): vscode.LogOutputChannel {
  return new Proxy(channel, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      if (!WRITERS.has(property)) return value.bind(target);
      return (message: unknown, ...rest: unknown[]) => (value as (...args: unknown[]) => unknown).call(target, typeof message === 'string' ? redactUrls(message) : message, ...rest);
    },
  });
}
