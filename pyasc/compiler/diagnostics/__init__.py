"""Diagnostics as data: spans, severities and the sink (model.py), and the registry of stable codes with their
severity rule and examples (codes.py, from which docs/diagnostics.md is generated)."""
