"""The pyasc compiler: Python kernels -> typed IR -> diagnostics, Ascend C and a source map."""
