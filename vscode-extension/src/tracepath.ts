/** Where a Python file's pipeline trace lives, and the command that writes it (no VS Code API: unit-tested). */
import * as path from 'node:path';

/** The trace of a Python file, beside it: `.pyasc/<file>.trace.json`; the Pipeline view reads it there. */
export function tracePathFor(pythonFile: string): string {
  return path.join(path.dirname(pythonFile), '.pyasc', `${path.basename(pythonFile)}.trace.json`);
}

/** The Python file whose trace this is (the inverse of tracePathFor). */
export function pythonFileFor(tracePath: string): string {
  return path.join(path.dirname(path.dirname(tracePath)), path.basename(tracePath).replace(/\.trace\.json$/, ''));
}

/** The shell command that runs the file on the simulator and writes its trace, each word quoted for POSIX shells. */
export function traceCommand(interpreter: string, pythonFile: string): string {
  const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
  return `${q(interpreter)} -m pyasc.cli.main run --trace ${q(tracePathFor(pythonFile))} ${q(pythonFile)}`;
}
