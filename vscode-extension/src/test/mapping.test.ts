import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import {
  cppLineOwners,
  cppRangesForPython,
  groupForCppLine,
  groupForPythonLine,
  mappingsAtCpp,
  mappingsAtPython,
  pythonRangeForCpp,
  rangeContains,
  statementGroups,
} from '../mapping';
import { normalizeGeneratedCode } from '../protocol';
import { at, CPP, fixture, PYTHON } from './fixture';

const pos = (line: number, character: number) => ({ line, character });

describe('rangeContains', () => {
  const r = { start: pos(1, 4), end: pos(1, 8) };
  it('is half-open', () => {
    assert.equal(rangeContains(r, pos(1, 4)), true);
    assert.equal(rangeContains(r, pos(1, 7)), true);
    assert.equal(rangeContains(r, pos(1, 8)), false);
    assert.equal(rangeContains(r, pos(1, 3)), false);
  });
  it('spans lines', () => {
    const m = { start: pos(1, 4), end: pos(3, 2) };
    assert.equal(rangeContains(m, pos(2, 0)), true);
    assert.equal(rangeContains(m, pos(2, 99)), true);
    assert.equal(rangeContains(m, pos(3, 2)), false);
  });
  it('lets an empty range contain its own start', () => {
    const e = { start: pos(2, 5), end: pos(2, 5) };
    assert.equal(rangeContains(e, pos(2, 5)), true);
    assert.equal(rangeContains(e, pos(2, 6)), false);
  });
});

describe('Python -> C++ lookups', () => {
  const code = fixture();
  it('orders hits innermost first whatever the server order', () => {
    const nInCall = at(PYTHON, 7, 'n');
    const hits = mappingsAtPython(code, nInCall.start);
    assert.deepEqual(
      hits.map((m) => m.python.start),
      [pos(7, 16), pos(6, 8), pos(5, 4), pos(2, 0)],
    );
  });
  it('maps an operand to its C++ operand', () => {
    const ranges = cppRangesForPython(code, pos(7, 16));
    assert.deepEqual(ranges, [{ start: pos(6, 48), end: pos(6, 49) }]);
    assert.equal(CPP[6].slice(48, 49), 'n');
  });
  it('maps a statement to its C++ statement', () => {
    const ranges = cppRangesForPython(code, pos(8, 10));
    assert.equal(ranges.length, 1);
    assert.equal(CPP[8].slice(ranges[0].start.character, ranges[0].end.character), 'AscendC::PipeBarrier<PIPE_ALL>();');
  });
  it('returns every C++ piece of one Python range in C++ order', () => {
    const twoPieces = fixture();
    const stmt = twoPieces.mappings[6];
    twoPieces.mappings.push({ python: stmt.python, cpp: { start: pos(4, 4), end: pos(4, 10) } });
    const ranges = cppRangesForPython(twoPieces, pos(8, 6));
    assert.deepEqual(ranges.map((r) => r.start.line), [4, 8]);
  });
  it('finds nothing on an unmapped line', () => {
    assert.deepEqual(cppRangesForPython(code, pos(0, 3)), []);
  });
});

describe('C++ -> Python lookups', () => {
  const code = fixture();
  it('picks the innermost C++ piece', () => {
    assert.deepEqual(pythonRangeForCpp(code, pos(6, 48)), at(PYTHON, 7, 'n'));
    assert.deepEqual(pythonRangeForCpp(code, pos(6, 20)), at(PYTHON, 6, 'asc.add', 7, 'n)'));
  });
  it('falls back to the enclosing statement on a brace', () => {
    assert.deepEqual(mappingsAtCpp(code, pos(7, 4))[0].python.start, pos(5, 4));
  });
  it('finds nothing in the include line', () => {
    assert.equal(pythonRangeForCpp(code, pos(0, 3)), undefined);
  });
});

describe('cppLineOwners', () => {
  const owners = cppLineOwners(fixture());
  it('gives loop body lines to the body statement and the loop lines to the loop', () => {
    assert.equal(owners.get(6), 6);
    assert.equal(owners.get(5), 5);
    assert.equal(owners.get(7), 5);
  });
  it('does not let an operand steal its statement line', () => {
    // line 6 holds both the Add statement (Python line 6) and its operand n (Python line 7)
    assert.equal(owners.get(6), 6);
  });
  it('gives signature and closing brace to the kernel and leaves boilerplate unowned', () => {
    assert.equal(owners.get(2), 2);
    assert.equal(owners.get(9), 2);
    assert.equal(owners.has(0), false);
    assert.equal(owners.has(1), false);
  });
  it('ignores a range that ends at column 0 of the next line', () => {
    const code = { text: 'a;\nb;\n', mappings: [{ python: { start: pos(0, 0), end: pos(0, 1) }, cpp: { start: pos(0, 0), end: pos(1, 0) } }], kernels: [] };
    assert.deepEqual([...cppLineOwners(code).keys()], [0]);
  });
});

describe('statementGroups', () => {
  const groups = statementGroups(fixture());
  it('has one group per owning Python line, in source order', () => {
    assert.deepEqual(groups.map((g) => g.pythonLine), [2, 4, 5, 6, 8]);
  });
  it('stops a loop header before its body and lets a call run over its continuation line', () => {
    const loop = groups.find((g) => g.pythonLine === 5)!;
    const call = groups.find((g) => g.pythonLine === 6)!;
    assert.equal(loop.pythonEndLine, 5);
    assert.deepEqual(loop.cppLines, [5, 7]);
    assert.equal(call.pythonEndLine, 7);
    assert.deepEqual(call.cppLines, [6]);
  });
  it('finds the group of a Python continuation line and of a C++ line', () => {
    assert.equal(groupForPythonLine(groups, 7)?.pythonLine, 6);
    assert.equal(groupForPythonLine(groups, 0), undefined);
    assert.equal(groupForCppLine(groups, 9)?.pythonLine, 2);
    assert.equal(groupForCppLine(groups, 0), undefined);
  });
});

describe('normalizeGeneratedCode', () => {
  it('accepts a well-formed result unchanged', () => {
    const code = fixture();
    assert.deepEqual(normalizeGeneratedCode(JSON.parse(JSON.stringify(code))), code);
  });
  it('turns null or a non-object into an empty result', () => {
    for (const raw of [null, undefined, 3, 'x']) {
      assert.deepEqual(normalizeGeneratedCode(raw), { text: '', mappings: [], kernels: [] });
    }
  });
  it('drops malformed entries and keeps the rest', () => {
    const good = { python: { start: pos(1, 0), end: pos(1, 3) }, cpp: { start: pos(2, 0), end: pos(2, 5) } };
    const out = normalizeGeneratedCode({
      text: 'x',
      mappings: [good, { python: good.python }, { python: { start: pos(-1, 0), end: pos(1, 0) }, cpp: good.cpp }, 7],
      kernels: [{ name: 'k', range: good.python }, { name: 3, range: good.python }],
    });
    assert.deepEqual(out.mappings, [good]);
    assert.deepEqual(out.kernels, [{ name: 'k', range: good.python }]);
  });
  it('reorders a reversed range', () => {
    const out = normalizeGeneratedCode({
      text: '',
      mappings: [{ python: { start: pos(3, 1), end: pos(1, 0) }, cpp: { start: pos(0, 0), end: pos(0, 1) } }],
    });
    assert.deepEqual(out.mappings[0].python, { start: pos(1, 0), end: pos(3, 1) });
  });
});
