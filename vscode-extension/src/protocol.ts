/** The messages this extension exchanges with `python -m pyasc_lsp` beyond standard LSP (all ranges 0-based). */

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

/** One emitted C++ statement or expression and the Python range it came from. */
export interface Mapping {
  python: Range;
  cpp: Range;
}

export interface KernelRange {
  name: string;
  range: Range;
}

/** Result of `pyasc/generatedCode`. */
export interface GeneratedCode {
  text: string;
  mappings: Mapping[];
  kernels: KernelRange[];
}

export interface GeneratedCodeParams {
  textDocument: { uri: string };
}

export interface GeneratedCodeChangedParams {
  uri: string;
}

export const GENERATED_CODE_REQUEST = 'pyasc/generatedCode';
export const GENERATED_CODE_CHANGED_NOTIFICATION = 'pyasc/generatedCodeChanged';

export const EMPTY_GENERATED_CODE: GeneratedCode = { text: '', mappings: [], kernels: [] };

function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0;
}

function asPosition(v: unknown): Position | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const p = v as Record<string, unknown>;
  return isInt(p.line) && isInt(p.character) ? { line: p.line, character: p.character } : undefined;
}

export function asRange(v: unknown): Range | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const r = v as Record<string, unknown>;
  const start = asPosition(r.start);
  const end = asPosition(r.end);
  if (!start || !end) return undefined;
  const ordered = start.line < end.line || (start.line === end.line && start.character <= end.character);
  return ordered ? { start, end } : { start: end, end: start };
}

/**
 * Validates a `pyasc/generatedCode` result. The server may be older, newer or still starting, so anything malformed
 * is dropped entry by entry instead of breaking the panel.
 */
export function normalizeGeneratedCode(raw: unknown): GeneratedCode {
  if (typeof raw !== 'object' || raw === null) return EMPTY_GENERATED_CODE;
  const r = raw as Record<string, unknown>;
  const text = typeof r.text === 'string' ? r.text : '';
  const mappings: Mapping[] = [];
  for (const m of Array.isArray(r.mappings) ? r.mappings : []) {
    if (typeof m !== 'object' || m === null) continue;
    const python = asRange((m as Record<string, unknown>).python);
    const cpp = asRange((m as Record<string, unknown>).cpp);
    if (python && cpp) mappings.push({ python, cpp });
  }
  const kernels: KernelRange[] = [];
  for (const k of Array.isArray(r.kernels) ? r.kernels : []) {
    if (typeof k !== 'object' || k === null) continue;
    const name = (k as Record<string, unknown>).name;
    const range = asRange((k as Record<string, unknown>).range);
    if (typeof name === 'string' && range) kernels.push({ name, range });
  }
  return { text, mappings, kernels };
}
