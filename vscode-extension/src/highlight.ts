/**
 * What to paint in the Python editor and the generated C++ panel. Pure functions: the extension turns their results
 * into decorations, the unit tests check them directly.
 */
import {
  cppRangesForPython,
  groupForCppLine,
  mappingsAtPython,
  groupForPythonLine,
  pythonRangeForCpp,
  type StatementGroup,
} from './mapping';
import type { GeneratedCode, Position, Range } from './protocol';

/** Number of background colours cycled over statements; adjacent statements never share one. */
export const PALETTE_SIZE = 6;

export interface PythonBand {
  startLine: number;
  endLine: number;
  colour: number;
}

export interface CppBand {
  line: number;
  colour: number;
}

export interface ColourPlan {
  python: PythonBand[];
  cpp: CppBand[];
}

/**
 * One colour per Python statement line, cycling through the palette in source order, given to that statement's
 * Python lines and to every C++ line it owns, so matching code reads as matching colour in both editors.
 */
export function assignColours(groups: StatementGroup[], paletteSize: number = PALETTE_SIZE): ColourPlan {
  if (paletteSize < 1) throw new RangeError('paletteSize must be at least 1');
  const ordered = [...groups].sort((a, b) => a.pythonLine - b.pythonLine);
  const python: PythonBand[] = [];
  const cpp: CppBand[] = [];
  ordered.forEach((g, i) => {
    const colour = i % paletteSize;
    python.push({ startLine: g.pythonLine, endLine: g.pythonEndLine, colour });
    for (const line of g.cppLines) cpp.push({ line, colour });
  });
  cpp.sort((a, b) => a.line - b.line);
  return { python, cpp };
}

/** Highlights to show in the other editor after the cursor moved in one. */
export interface LinkedHighlight {
  /** Whole lines of the statement under the cursor. */
  lines: number[];
  /** The exact ranges of the innermost construct under the cursor. */
  ranges: Range[];
  /** What to scroll into view, if anything. */
  reveal?: Range;
}

const NOTHING: LinkedHighlight = { lines: [], ranges: [] };

function spanOfLines(lines: number[]): Range | undefined {
  if (lines.length === 0) return undefined;
  const first = Math.min(...lines);
  const last = Math.max(...lines);
  return { start: { line: first, character: 0 }, end: { line: last, character: 0 } };
}

function lineRange(first: number, last: number): number[] {
  const out: number[] = [];
  for (let l = first; l <= last; l++) out.push(l);
  return out;
}

/**
 * True when a Python range starts inside the statement group: the innermost mapping under a cursor placed in the
 * indentation or on a blank line is the whole enclosing function, which would highlight everything, so such a
 * container is not used as the exact link.
 */
function startsIn(python: Range, group: StatementGroup | undefined): boolean {
  return !!group && group.pythonLine <= python.start.line && python.start.line <= group.pythonEndLine;
}

/** Cursor in the Python editor: the C++ lines of its statement and the C++ of the innermost expression. */
export function highlightFromPython(code: GeneratedCode, groups: StatementGroup[], pos: Position): LinkedHighlight {
  const group = groupForPythonLine(groups, pos.line);
  const inner = mappingsAtPython(code, pos)[0];
  const ranges = inner && startsIn(inner.python, group) ? cppRangesForPython(code, pos) : [];
  const lines = group ? [...group.cppLines] : [];
  if (lines.length === 0 && ranges.length === 0) return NOTHING;
  return { lines, ranges, reveal: ranges[0] ?? spanOfLines(lines) };
}

function exactPythonForCpp(code: GeneratedCode, group: StatementGroup | undefined, pos: Position): Range | undefined {
  const python = pythonRangeForCpp(code, pos);
  return python && startsIn(python, group) ? python : undefined;
}

/** Cursor in the C++ panel: the Python lines of the owning statement and the Python range of the innermost piece. */
export function highlightFromCpp(code: GeneratedCode, groups: StatementGroup[], pos: Position): LinkedHighlight {
  const group = groupForCppLine(groups, pos.line);
  const python = exactPythonForCpp(code, group, pos);
  const lines = group ? lineRange(group.pythonLine, group.pythonEndLine) : [];
  if (lines.length === 0 && !python) return NOTHING;
  return { lines, ranges: python ? [python] : [], reveal: python ?? spanOfLines(lines) };
}

/**
 * Where "Go to Python Source" lands for a C++ position: the innermost mapped range, else the start of the statement
 * owning that C++ line (a brace or a line continuation), else nothing (boilerplate the user did not write).
 */
export function pythonJumpTarget(code: GeneratedCode, groups: StatementGroup[], pos: Position): Range | undefined {
  const group = groupForCppLine(groups, pos.line);
  const python = exactPythonForCpp(code, group, pos);
  if (python) return python;
  if (!group) return undefined;
  return { start: { line: group.pythonLine, character: 0 }, end: { line: group.pythonLine, character: 0 } };
}
