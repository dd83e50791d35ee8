import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { assignColours, highlightFromCpp, highlightFromPython, PALETTE_SIZE, pythonJumpTarget } from '../highlight';
import { statementGroups } from '../mapping';
import { at, CPP, fixture, PYTHON } from './fixture';

const pos = (line: number, character: number) => ({ line, character });
const code = fixture();
const groups = statementGroups(code);

describe('assignColours', () => {
  it('cycles the palette over statements in source order', () => {
    const plan = assignColours(groups, 3);
    assert.deepEqual(
      plan.python.map((b) => [b.startLine, b.colour]),
      [[2, 0], [4, 1], [5, 2], [6, 0], [8, 1]],
    );
  });
  it('gives each C++ line the colour of the Python statement that owns it', () => {
    const plan = assignColours(groups);
    const colourOfPython = new Map(plan.python.map((b) => [b.startLine, b.colour]));
    for (const band of plan.cpp) {
      const owner = groups.find((g) => g.cppLines.includes(band.line))!;
      assert.equal(band.colour, colourOfPython.get(owner.pythonLine));
    }
    assert.deepEqual(plan.cpp.map((b) => b.line), [2, 3, 4, 5, 6, 7, 8, 9]);
  });
  it('never gives adjacent statements the same colour', () => {
    const plan = assignColours(groups, PALETTE_SIZE);
    for (let i = 1; i < plan.python.length; i++) assert.notEqual(plan.python[i].colour, plan.python[i - 1].colour);
  });
  it('keeps Python bands over continuation lines', () => {
    const call = assignColours(groups).python.find((b) => b.startLine === 6)!;
    assert.equal(call.endLine, 7);
  });
  it('rejects an empty palette and handles one colour', () => {
    assert.throws(() => assignColours(groups, 0), RangeError);
    assert.ok(assignColours(groups, 1).cpp.every((b) => b.colour === 0));
  });
});

describe('highlightFromPython', () => {
  it('highlights the statement lines and the exact operand', () => {
    const hl = highlightFromPython(code, groups, pos(7, 16));
    assert.deepEqual(hl.lines, [6]);
    assert.deepEqual(hl.ranges, [at(CPP, 6, 'n)', 6, 'n')]);
    assert.deepEqual(hl.reveal, hl.ranges[0]);
  });
  it('highlights a loop header and its closing brace from the loop line', () => {
    const hl = highlightFromPython(code, groups, pos(5, 10));
    assert.deepEqual(hl.lines, [5, 7]);
  });
  it('uses the statement lines when the cursor is in the indentation', () => {
    const hl = highlightFromPython(code, groups, pos(8, 0));
    assert.deepEqual(hl.lines, [8]);
    assert.deepEqual(hl.ranges, []);
    assert.deepEqual(hl.reveal, { start: pos(8, 0), end: pos(8, 0) });
  });
  it('highlights nothing on an unmapped line', () => {
    assert.deepEqual(highlightFromPython(code, groups, pos(0, 2)), { lines: [], ranges: [] });
    assert.deepEqual(highlightFromPython({ text: '', mappings: [], kernels: [] }, [], pos(3, 0)), { lines: [], ranges: [] });
  });
});

describe('highlightFromCpp', () => {
  it('highlights the Python statement lines and the exact source of the C++ piece', () => {
    const hl = highlightFromCpp(code, groups, pos(6, 12));
    assert.deepEqual(hl.lines, [6, 7]);
    assert.deepEqual(hl.ranges, [at(PYTHON, 6, 'asc.add', 7, 'n)')]);
  });
  it('maps a closing brace to the loop', () => {
    const hl = highlightFromCpp(code, groups, pos(7, 4));
    assert.deepEqual(hl.lines, [5]);
    assert.equal(hl.ranges[0].start.line, 5);
  });
  it('highlights nothing for the include line', () => {
    assert.deepEqual(highlightFromCpp(code, groups, pos(0, 0)), { lines: [], ranges: [] });
  });
});

describe('pythonJumpTarget', () => {
  it('jumps to the innermost Python range', () => {
    assert.deepEqual(pythonJumpTarget(code, groups, pos(8, 10)), at(PYTHON, 8, 'asc.pipe_barrier()'));
  });
  it('jumps to the owning statement from an unmapped column of an owned line', () => {
    assert.deepEqual(pythonJumpTarget(code, groups, pos(4, 0)), { start: pos(4, 0), end: pos(4, 0) });
  });
  it('has no target in boilerplate', () => {
    assert.equal(pythonJumpTarget(code, groups, pos(0, 0)), undefined);
  });
});

describe('containers are not exact links', () => {
  it('does not outline the whole kernel from a blank or indentation position', () => {
    const hl = highlightFromPython(code, groups, pos(4, 1));
    assert.deepEqual(hl.ranges, []);
    assert.deepEqual(hl.lines, [4]);
    assert.deepEqual(highlightFromCpp(code, groups, pos(4, 1)).ranges, []);
  });
});
