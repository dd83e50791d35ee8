/** Naming of the virtual C++ documents. Pure so the round trip is unit-tested. */

export const CPP_SCHEME = 'pyasc-cpp';

/**
 * Path shown for the generated C++ of a Python file: `kernel.py` -> `kernel.generated.cpp`, so the tab says what
 * it is and the `.cpp` suffix selects C++ highlighting.
 */
export function generatedCppPath(pythonPath: string): string {
  const stem = pythonPath.replace(/\.pyi?$/, '');
  return `${stem}.generated.cpp`;
}
