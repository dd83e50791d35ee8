/**
 * Lookups over the Python <-> C++ mappings of one generated translation unit. Pure functions (no `vscode` import)
 * so that every rule of the linked view is unit-tested without an editor.
 */
import type { GeneratedCode, Mapping, Position, Range } from './protocol';

export function comparePositions(a: Position, b: Position): number {
  return a.line !== b.line ? a.line - b.line : a.character - b.character;
}

/** Half-open containment [start, end); an empty range contains its own start so zero-width mappings stay reachable. */
export function rangeContains(range: Range, pos: Position): boolean {
  if (comparePositions(range.start, range.end) === 0) return comparePositions(range.start, pos) === 0;
  return comparePositions(range.start, pos) <= 0 && comparePositions(pos, range.end) < 0;
}

export function rangeEquals(a: Range, b: Range): boolean {
  return comparePositions(a.start, b.start) === 0 && comparePositions(a.end, b.end) === 0;
}

/** True when `inner` lies within `outer` (ends included). */
export function rangeWithin(inner: Range, outer: Range): boolean {
  return comparePositions(outer.start, inner.start) <= 0 && comparePositions(inner.end, outer.end) <= 0;
}

/** Last line a range really occupies: a range ending at column 0 of a later line stops on the line before. */
export function lastLine(range: Range): number {
  return range.end.character === 0 && range.end.line > range.start.line ? range.end.line - 1 : range.end.line;
}

/** Orders ranges so that a range contained in another sorts first (innermost first); ties keep the input order. */
export function compareBySize(a: Range, b: Range): number {
  if (rangeWithin(a, b) && !rangeWithin(b, a)) return -1;
  if (rangeWithin(b, a) && !rangeWithin(a, b)) return 1;
  const la = lastLine(a) - a.start.line;
  const lb = lastLine(b) - b.start.line;
  if (la !== lb) return la - lb;
  if (la === 0) return a.end.character - a.start.character - (b.end.character - b.start.character);
  return 0;
}

function innermostFirst(mappings: Mapping[], side: 'python' | 'cpp'): Mapping[] {
  return [...mappings].sort((a, b) => compareBySize(a[side], b[side]));
}

/** Mappings whose Python range contains the position, innermost first (the server does not promise an order). */
export function mappingsAtPython(code: GeneratedCode, pos: Position): Mapping[] {
  return innermostFirst(code.mappings.filter((m) => rangeContains(m.python, pos)), 'python');
}

/** Mappings whose C++ range contains the position, innermost first. */
export function mappingsAtCpp(code: GeneratedCode, pos: Position): Mapping[] {
  return innermostFirst(code.mappings.filter((m) => rangeContains(m.cpp, pos)), 'cpp');
}

/**
 * The C++ ranges emitted for the innermost Python construct under the cursor. One Python expression may produce
 * several C++ pieces (for example a queue call that becomes an alloc and an enque), so every mapping with that same
 * Python range is returned, in C++ order.
 */
export function cppRangesForPython(code: GeneratedCode, pos: Position): Range[] {
  const hits = mappingsAtPython(code, pos);
  if (hits.length === 0) return [];
  const target = hits[0].python;
  return code.mappings
    .filter((m) => rangeEquals(m.python, target))
    .map((m) => m.cpp)
    .sort((a, b) => comparePositions(a.start, b.start));
}

/** The Python range of the innermost C++ construct under the cursor, if any. */
export function pythonRangeForCpp(code: GeneratedCode, pos: Position): Range | undefined {
  return mappingsAtCpp(code, pos)[0]?.python;
}

/**
 * For each C++ line, the Python line it was produced from, in the manner of Compiler Explorer's per-line colouring.
 * Among the mappings covering a C++ line the one spanning the fewest C++ lines wins (a loop body line belongs to its
 * body statement, not to the loop), then the widest on that line (the statement rather than one of its operands).
 */
export function cppLineOwners(code: GeneratedCode): Map<number, number> {
  const best = new Map<number, Mapping>();
  for (const m of code.mappings) {
    const first = m.cpp.start.line;
    const last = lastLine(m.cpp);
    for (let line = first; line <= last; line++) {
      const cur = best.get(line);
      if (!cur || ownsLineBetter(m, cur)) best.set(line, m);
    }
  }
  const owners = new Map<number, number>();
  for (const [line, m] of best) owners.set(line, m.python.start.line);
  return owners;
}

function ownsLineBetter(a: Mapping, b: Mapping): boolean {
  const spanA = lastLine(a.cpp) - a.cpp.start.line;
  const spanB = lastLine(b.cpp) - b.cpp.start.line;
  if (spanA !== spanB) return spanA < spanB;
  const widthA = spanA === 0 ? a.cpp.end.character - a.cpp.start.character : 0;
  const widthB = spanB === 0 ? b.cpp.end.character - b.cpp.start.character : 0;
  if (widthA !== widthB) return widthA > widthB;
  return comparePositions(a.python.start, b.python.start) < 0;
}

/** A Python statement that produced C++ lines: its first line, the lines it spans, and the C++ lines it owns. */
export interface StatementGroup {
  pythonLine: number;
  pythonEndLine: number;
  cppLines: number[];
}

/**
 * Groups C++ lines by the Python line that owns them. A group's Python extent runs from its line to the end of the
 * longest mapping starting there (a call split over several lines), stopping before the next group's line so that a
 * loop header does not swallow its body.
 */
export function statementGroups(code: GeneratedCode): StatementGroup[] {
  const owners = cppLineOwners(code);
  const byPython = new Map<number, number[]>();
  for (const [cppLine, pyLine] of owners) {
    const list = byPython.get(pyLine) ?? [];
    list.push(cppLine);
    byPython.set(pyLine, list);
  }
  const keys = [...byPython.keys()].sort((a, b) => a - b);
  return keys.map((pyLine, i) => {
    let end = pyLine;
    for (const m of code.mappings) {
      if (m.python.start.line === pyLine) end = Math.max(end, lastLine(m.python));
    }
    if (i + 1 < keys.length) end = Math.min(end, keys[i + 1] - 1);
    return { pythonLine: pyLine, pythonEndLine: end, cppLines: byPython.get(pyLine)!.sort((a, b) => a - b) };
  });
}

/** The group whose Python extent contains the line, if any. */
export function groupForPythonLine(groups: StatementGroup[], line: number): StatementGroup | undefined {
  return groups.find((g) => g.pythonLine <= line && line <= g.pythonEndLine);
}

/** The group that owns a C++ line, if any. */
export function groupForCppLine(groups: StatementGroup[], line: number): StatementGroup | undefined {
  return groups.find((g) => g.cppLines.includes(line));
}
