import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { compareVersions, expandVariables, interpretProbe, MIN_PYASC_VERSION, resolveInterpreter } from '../settings';
import { countDiagnostics, statusView } from '../status';
import { generatedCppPath } from '../uris';

describe('resolveInterpreter', () => {
  it('prefers the pyasc.interpreter setting', () => {
    assert.deepEqual(resolveInterpreter({ configured: '/opt/py/bin/python', pythonExtension: '/venv/bin/python' }), {
      path: '/opt/py/bin/python',
      source: 'setting',
    });
  });
  it("uses the Python extension's environment when the setting is empty or blank", () => {
    for (const configured of [undefined, '', '   ']) {
      assert.deepEqual(resolveInterpreter({ configured, pythonExtension: '/venv/bin/python' }), {
        path: '/venv/bin/python',
        source: 'python-extension',
      });
    }
  });
  it('falls back to python3', () => {
    assert.deepEqual(resolveInterpreter({}), { path: 'python3', source: 'default' });
    assert.deepEqual(resolveInterpreter({ pythonExtension: '' }), { path: 'python3', source: 'default' });
  });
  it('expands workspace, home and environment variables in the setting', () => {
    const inputs = { workspaceFolder: '/w', home: '/home/u', env: { VENV: '/v' } };
    assert.equal(resolveInterpreter({ ...inputs, configured: '${workspaceFolder}/.venv/bin/python' }).path, '/w/.venv/bin/python');
    assert.equal(resolveInterpreter({ ...inputs, configured: '~/py/bin/python' }).path, '/home/u/py/bin/python');
    assert.equal(resolveInterpreter({ ...inputs, configured: '${env:VENV}/bin/python' }).path, '/v/bin/python');
    assert.equal(expandVariables('${userHome}/x', inputs), '/home/u/x');
  });
  it('leaves a variable it cannot expand as written', () => {
    assert.equal(expandVariables('${workspaceFolder}/py', {}), '${workspaceFolder}/py');
    assert.equal(expandVariables('${config:x}/py', { workspaceFolder: '/w' }), '${config:x}/py');
  });
});

describe('compareVersions', () => {
  it('compares numerically, part by part', () => {
    assert.ok(compareVersions('0.10.0', '0.9.9') > 0);
    assert.ok(compareVersions('0.1', '0.1.0') === 0);
    assert.ok(compareVersions('1.0.0rc1', '1.0.0') === 0);
    assert.ok(compareVersions('0.0.9', MIN_PYASC_VERSION) < 0);
  });
});

describe('interpretProbe', () => {
  const venv = { path: '/venv/bin/python', source: 'setting' as const };
  it('accepts a recent pyasc', () => {
    assert.deepEqual(interpretProbe(venv, { exitCode: 0, stdout: '0.1.0\n', stderr: '' }), { ok: true, version: '0.1.0' });
  });
  it('says the interpreter is missing and where the path came from', () => {
    const v = interpretProbe({ path: 'python3', source: 'default' }, { spawnError: 'ENOENT', stdout: '', stderr: '' });
    assert.equal(v.ok, false);
    assert.match(!v.ok ? v.message : '', /'python3' \(from PATH; set pyasc.interpreter/);
    assert.match(!v.ok ? v.message : '', /pip install pyasc-tools/);
  });
  it('gives the pip command for a missing module, for this interpreter', () => {
    const stderr = 'Traceback (most recent call last):\n  File "<string>", line 1\nModuleNotFoundError: No module named \'pyasc_lsp\'\n';
    const v = interpretProbe(venv, { exitCode: 1, stdout: '', stderr });
    assert.equal(v.ok, false);
    if (!v.ok) {
      assert.match(v.message, /cannot import pyasc_lsp/);
      assert.equal(v.installCommand, "/venv/bin/python -m pip install pyasc-tools");
    }
  });
  it('quotes an interpreter path with spaces in the command', () => {
    const v = interpretProbe({ path: '/my env/python', source: 'setting' }, { exitCode: 1, stdout: '', stderr: "No module named 'pyasc'" });
    assert.equal(!v.ok && v.installCommand, "\"/my env/python\" -m pip install pyasc-tools");
  });
  it('asks for an upgrade when pyasc is too old', () => {
    const v = interpretProbe(venv, { exitCode: 0, stdout: '0.0.3\n', stderr: '' }, '0.1.0');
    assert.equal(v.ok, false);
    if (!v.ok) {
      assert.match(v.message, /pyasc 0.0.3 .* older than 0.1.0/);
      assert.equal(v.installCommand, "/venv/bin/python -m pip install -U pyasc-tools");
    }
  });
  it('reports other import failures with their last line', () => {
    const v = interpretProbe(venv, { exitCode: 1, stdout: '', stderr: 'Traceback\nSyntaxError: bad\n' });
    assert.equal(v.ok, false);
    assert.match(!v.ok ? v.message : '', /exit 1: SyntaxError: bad/);
  });
  it('reports a timeout or a permission error', () => {
    const v = interpretProbe(venv, { spawnError: 'EACCES', stdout: '', stderr: '' });
    assert.match(!v.ok ? v.message : '', /could not run '\/venv\/bin\/python' .*EACCES/);
  });
  it('rejects output that is not a version', () => {
    assert.equal(interpretProbe(venv, { exitCode: 0, stdout: 'hello\n', stderr: '' }).ok, false);
  });
});

describe('statusView', () => {
  it('shows starting, errors and the SoC', () => {
    assert.match(statusView({ phase: 'starting', errors: 0, warnings: 0, socVersion: 'Ascend910B1' }).text, /starting · Ascend910B1/);
    const ready = statusView({ phase: 'ready', errors: 2, warnings: 1, socVersion: 'Ascend910B1' });
    assert.equal(ready.text, 'PyAsc $(error) 2 $(warning) 1 · Ascend910B1');
    assert.equal(ready.severity, 'error');
    assert.match(ready.tooltip, /2 errors, 1 warning/);
    assert.equal(statusView({ phase: 'ready', errors: 0, warnings: 0, socVersion: '' }).text, 'PyAsc $(check) · default SoC');
  });
  it('carries the failure message in the tooltip', () => {
    const v = statusView({ phase: 'failed', errors: 0, warnings: 0, socVersion: '', detail: 'no pyasc_lsp' });
    assert.equal(v.tooltip, 'no pyasc_lsp');
    assert.equal(v.severity, 'error');
  });
});

describe('generatedCppPath', () => {
  it('names the C++ after the Python file', () => {
    assert.equal(generatedCppPath('/w/kernels/add.py'), '/w/kernels/add.generated.cpp');
    assert.equal(generatedCppPath('/w/Untitled-1'), '/w/Untitled-1.generated.cpp');
  });
});

describe('countDiagnostics', () => {
  it("counts only the server's errors and warnings", () => {
    const counts = countDiagnostics([
      { severity: 0, source: 'pyasc' },
      { severity: 0, source: 'pyasc' },
      { severity: 1, source: 'pyasc' },
      { severity: 2, source: 'pyasc' },
      { severity: 0, source: 'Pylance' },
      { severity: 0 },
      { severity: 1, source: 'pyasc-tidy' },
    ]);
    assert.deepEqual(counts, { errors: 2, warnings: 2 });
  });
});
