"""The pyasc language server: live diagnostics, hover, completion and the generated-code view for pyasc kernels."""

__version__ = "0.1.0"
