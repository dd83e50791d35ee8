"""The back end: typed IR -> readable Ascend C with its source map (kernel.py is the entry)."""
