/** The status bar item: server state, error count and target SoC, in one glance. Text built by a pure function. */

export type ServerPhase = 'checking' | 'starting' | 'ready' | 'stopped' | 'failed';

export interface StatusInputs {
  phase: ServerPhase;
  errors: number;
  warnings: number;
  socVersion: string;
  detail?: string;
}

export interface StatusView {
  text: string;
  tooltip: string;
  severity: 'normal' | 'warning' | 'error';
}

export function statusView(s: StatusInputs): StatusView {
  const soc = s.socVersion || 'default SoC';
  switch (s.phase) {
    case 'checking':
    case 'starting':
      return { text: `$(sync~spin) PyAsc: starting · ${soc}`, tooltip: 'The pyasc language server is starting', severity: 'normal' };
    case 'stopped':
      return { text: `$(circle-slash) PyAsc: stopped · ${soc}`, tooltip: 'The pyasc language server is not running (PyAsc: Restart Language Server)', severity: 'warning' };
    case 'failed':
      return { text: `$(error) PyAsc: not running · ${soc}`, tooltip: s.detail ?? 'The pyasc language server could not start', severity: 'error' };
    case 'ready': {
      const parts: string[] = [];
      if (s.errors > 0) parts.push(`$(error) ${s.errors}`);
      if (s.warnings > 0) parts.push(`$(warning) ${s.warnings}`);
      const counts = parts.length ? parts.join(' ') : '$(check)';
      const plural = (n: number, w: string): string => `${n} ${w}${n === 1 ? '' : 's'}`;
      return {
        text: `PyAsc ${counts} · ${soc}`,
        tooltip: `pyasc ready${s.detail ? ` (${s.detail})` : ''}: ${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')} in open kernels; target ${soc}`,
        severity: s.errors > 0 ? 'error' : 'normal',
      };
    }
  }
}

export interface DiagnosticLike {
  /** vscode.DiagnosticSeverity: 0 error, 1 warning, 2 information, 3 hint. */
  severity: number;
  source?: string;
}

/**
 * Counts the server's own errors and warnings. Filtering by source works whether the server pushes diagnostics or
 * the client pulls them (the two land in different collections).
 */
export function countDiagnostics(diagnostics: Iterable<DiagnosticLike>): { errors: number; warnings: number } {
  let errors = 0;
  let warnings = 0;
  for (const d of diagnostics) {
    if (!d.source || !/^pyasc\b/i.test(d.source)) continue;
    if (d.severity === 0) errors++;
    else if (d.severity === 1) warnings++;
  }
  return { errors, warnings };
}
