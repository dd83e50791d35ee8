// Applies the extension's compiled mapping and highlight functions to a real `pyasc/generatedCode` result.
// Usage: node contract.mjs <out-dir> <result.json> <queries.json>; prints one JSON object with the answers.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const [outDir, resultPath, queriesPath] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const { normalizeGeneratedCode } = require(join(outDir, 'protocol.js'));
const { statementGroups } = require(join(outDir, 'mapping.js'));
const { assignColours, highlightFromCpp, highlightFromPython, pythonJumpTarget } = require(join(outDir, 'highlight.js'));

const code = normalizeGeneratedCode(JSON.parse(readFileSync(resultPath, 'utf8')));
const queries = JSON.parse(readFileSync(queriesPath, 'utf8'));
const groups = statementGroups(code);
const answers = {
  mappings: code.mappings.length,
  kernels: code.kernels.map((k) => k.name),
  colours: assignColours(groups),
  fromPython: queries.python.map((p) => highlightFromPython(code, groups, p)),
  fromCpp: queries.cpp.map((p) => highlightFromCpp(code, groups, p)),
  jumps: queries.cpp.map((p) => pythonJumpTarget(code, groups, p) ?? null),
};
process.stdout.write(JSON.stringify(answers));
