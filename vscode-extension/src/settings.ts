/**
 * Choosing and checking the Python interpreter that runs the language server. Pure functions so the rules (which
 * source wins, what a failed probe tells the user) are unit-tested without VS Code or a Python installation.
 */

/** Oldest pyasc whose server speaks the protocol this extension uses. */
export const MIN_PYASC_VERSION = '0.1.0';

/** pyasc's distribution is pyasc-tools ("pyasc" on PyPI is CANN's package, which provides `asc`, not `pyasc`); its
 * plain install brings the language server and the C++ checks. */
export const INSTALL_HINT = 'pip install pyasc-tools';

/** Code run by the probe: both imports must work and the version is printed for the comparison. */
export const PROBE_CODE = 'import pyasc, pyasc_lsp; print(pyasc.__version__)';

export type InterpreterSource = 'setting' | 'python-extension' | 'default';

export interface InterpreterChoice {
  path: string;
  source: InterpreterSource;
}

export interface InterpreterInputs {
  /** Value of `pyasc.interpreter` (may be empty, contain ${workspaceFolder}, ${env:NAME} or start with ~). */
  configured?: string;
  /** The Python extension's active environment executable, when that extension is installed and has one. */
  pythonExtension?: string;
  workspaceFolder?: string;
  home?: string;
  env?: Record<string, string | undefined>;
}

/** Expands the variables users commonly write in path settings. Unknown variables are left as written. */
export function expandVariables(value: string, inputs: InterpreterInputs): string {
  let out = value.replace(/\$\{(workspaceFolder|userHome|env:([A-Za-z_][A-Za-z0-9_]*))\}/g, (whole, name, envName) => {
    if (name === 'workspaceFolder') return inputs.workspaceFolder ?? whole;
    if (name === 'userHome') return inputs.home ?? whole;
    return inputs.env?.[envName] ?? '';
  });
  if (inputs.home && (out === '~' || out.startsWith('~/'))) out = inputs.home + out.slice(1);
  return out;
}

/** The setting wins, then the Python extension's active environment, then `python3` from PATH. */
export function resolveInterpreter(inputs: InterpreterInputs): InterpreterChoice {
  const configured = (inputs.configured ?? '').trim();
  if (configured) return { path: expandVariables(configured, inputs), source: 'setting' };
  const fromExtension = (inputs.pythonExtension ?? '').trim();
  if (fromExtension) return { path: fromExtension, source: 'python-extension' };
  return { path: 'python3', source: 'default' };
}

/** Compares dotted numeric versions ("0.10.1" > "0.9"); a pre-release or local suffix on a part is ignored. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string): number[] => v.trim().split('.').map((p) => parseInt(p, 10) || 0);
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

export interface ProbeOutcome {
  /** Exit code of the probe, or undefined when it could not be started. */
  exitCode?: number;
  /** Error code of a failed spawn (ENOENT, EACCES) or of a timeout (ETIMEDOUT). */
  spawnError?: string;
  stdout: string;
  stderr: string;
}

export type ProbeVerdict =
  | { ok: true; version: string }
  | { ok: false; message: string; installCommand?: string };

function describe(choice: InterpreterChoice): string {
  const where =
    choice.source === 'setting'
      ? 'from the pyasc.interpreter setting'
      : choice.source === 'python-extension'
        ? "the Python extension's active environment"
        : 'from PATH; set pyasc.interpreter to choose another';
  return `'${choice.path}' (${where})`;
}

function quoteForShell(path: string): string {
  return /^[A-Za-z0-9_./:\\-]+$/.test(path) ? path : `"${path.replace(/"/g, '\\"')}"`;
}

/** Turns the probe's outcome into either the pyasc version or a message that says what to do. */
export function interpretProbe(choice: InterpreterChoice, outcome: ProbeOutcome, minVersion = MIN_PYASC_VERSION): ProbeVerdict {
  const pip = `${quoteForShell(choice.path)} -m ${INSTALL_HINT}`;
  if (outcome.spawnError === 'ENOENT') {
    return {
      ok: false,
      message: `PyAsc: the Python interpreter ${describe(choice)} was not found. Set pyasc.interpreter to a Python 3.10+ that has pyasc installed (${INSTALL_HINT}).`,
    };
  }
  if (outcome.spawnError) {
    return {
      ok: false,
      message: `PyAsc: could not run ${describe(choice)} (${outcome.spawnError}). Check pyasc.interpreter.`,
    };
  }
  if (outcome.exitCode !== 0) {
    const missing = /No module named '?([A-Za-z0-9_.]+)'?/.exec(outcome.stderr)?.[1];
    if (missing && (missing.startsWith('pyasc') || missing.startsWith('pygls') || missing.startsWith('lsprotocol'))) {
      return {
        ok: false,
        message: `PyAsc: ${describe(choice)} cannot import ${missing}. Install the language server with: ${pip}`,
        installCommand: pip,
      };
    }
    const lastLine = outcome.stderr.trim().split('\n').pop() ?? '';
    return {
      ok: false,
      message: `PyAsc: ${describe(choice)} failed to import pyasc_lsp (exit ${outcome.exitCode ?? '?'}: ${lastLine}). Reinstall with: ${pip}`,
      installCommand: pip,
    };
  }
  const version = outcome.stdout.trim().split('\n').pop()?.trim() ?? '';
  if (!/^\d+(\.\d+)*/.test(version)) {
    return { ok: false, message: `PyAsc: ${describe(choice)} reported no pyasc version ('${version}'). Reinstall with: ${pip}`, installCommand: pip };
  }
  if (compareVersions(version, minVersion) < 0) {
    const upgrade = `${quoteForShell(choice.path)} -m pip install -U pyasc-tools`;
    return {
      ok: false,
      message: `PyAsc: pyasc ${version} in ${describe(choice)} is older than ${minVersion}, which this extension needs. Upgrade with: ${upgrade}`,
      installCommand: upgrade,
    };
  }
  return { ok: true, version };
}
