// A command argument as a URI: commands receive URIs from menus and strings from the panel and tests.
import * as vscode from 'vscode';

/** A command argument that may be a URI or its string form (command links pass strings). */
export function asUri(value: unknown): vscode.Uri | undefined {
  if (value instanceof vscode.Uri) return value;
  if (typeof value === 'string' && value) return vscode.Uri.parse(value);
  return undefined;
}
