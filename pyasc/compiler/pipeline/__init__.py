"""The one analysis entry point and its products: analysis.py (the front half of each kernel's analysis up to its
diagnostics, with the per-kernel cache of units.py), backend.py (the back half: C++, IDE data, the translation
unit), results.py (what every consumer reads) and gcpause.py (the collector paused while it runs)."""
