/** A small kernel, its generated C++ and the mappings a pyasc server reports for it (ranges located by text). */
import type { GeneratedCode, Mapping, Range } from '../protocol';

export const PYTHON = [
  'import pyasc as asc',
  '',
  '@asc.jit',
  'def add_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):',
  '    x_gm = asc.GlobalTensor()',
  '    for i in range(n):',
  '        asc.add(z_local, x_local, y_local,',
  '                n)',
  '    asc.pipe_barrier()',
];

export const CPP = [
  '#include "kernel_operator.h"',
  '',
  'extern "C" __global__ __aicore__ void add_kernel(GM_ADDR x, GM_ADDR z, int32_t n)',
  '{',
  '    AscendC::GlobalTensor<half> x_gm;',
  '    for (int32_t i = 0; i < n; i++) {',
  '        AscendC::Add(z_local, x_local, y_local, n);',
  '    }',
  '    AscendC::PipeBarrier<PIPE_ALL>();',
  '}',
];

/** Range of `text` on `line`, or from its first character through the end of `endText` on `endLine`. */
export function at(lines: string[], line: number, text: string, endLine = line, endText = text): Range {
  const col = lines[line].indexOf(text);
  const endCol = lines[endLine].lastIndexOf(endText);
  if (col < 0 || endCol < 0) throw new Error(`'${text}' / '${endText}' not found`);
  return { start: { line, character: col }, end: { line: endLine, character: endCol + endText.length } };
}

const py = (line: number, text: string, endLine?: number, endText?: string): Range => at(PYTHON, line, text, endLine, endText);
const cpp = (line: number, text: string, endLine?: number, endText?: string): Range => at(CPP, line, text, endLine, endText);

/** Listed outermost first on purpose: the protocol does not promise innermost-first. */
export const MAPPINGS: Mapping[] = [
  { python: py(2, '@asc.jit', 8, 'asc.pipe_barrier()'), cpp: cpp(2, 'extern', 9, '}') },
  { python: py(4, 'x_gm = asc.GlobalTensor()'), cpp: cpp(4, 'AscendC::GlobalTensor<half> x_gm;') },
  { python: py(5, 'for', 7, 'n)'), cpp: cpp(5, 'for', 7, '}') },
  { python: py(5, 'n)', 5, 'n'), cpp: cpp(5, 'n;', 5, 'n') },
  { python: py(6, 'asc.add', 7, 'n)'), cpp: cpp(6, 'AscendC::Add(z_local, x_local, y_local, n);') },
  { python: py(7, 'n'), cpp: cpp(6, 'n)', 6, 'n') },
  { python: py(8, 'asc.pipe_barrier()'), cpp: cpp(8, 'AscendC::PipeBarrier<PIPE_ALL>();') },
];

export function fixture(): GeneratedCode {
  return {
    text: CPP.join('\n') + '\n',
    mappings: MAPPINGS.map((m) => structuredClone(m)),
    kernels: [{ name: 'add_kernel', range: py(2, '@asc.jit', 8, 'asc.pipe_barrier()') }],
  };
}
