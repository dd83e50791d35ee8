import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { pythonFileFor, traceCommand, tracePathFor } from '../tracepath';

describe('tracePathFor', () => {
  it('puts the trace beside the file, under .pyasc', () => {
    assert.equal(tracePathFor('/w/k/add.py'), '/w/k/.pyasc/add.py.trace.json');
    assert.equal(pythonFileFor('/w/k/.pyasc/add.py.trace.json'), '/w/k/add.py');
  });
  it('runs pyasc run with --trace before the file, every word quoted', () => {
    assert.equal(
      traceCommand("/opt/my py/bin/python", "/w/it's/add.py"),
      "'/opt/my py/bin/python' -m pyasc.cli.main run --trace '/w/it'\\''s/.pyasc/add.py.trace.json' '/w/it'\\''s/add.py'",
    );
  });
});
