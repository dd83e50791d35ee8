"""Command-line tools: `pyasc` (compile, run) and `pyasc-check` (check only)."""
