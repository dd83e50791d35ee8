"""LSP's line ends, in a module of its own: the start-up worker needs them without importing the protocol types."""

from __future__ import annotations

import re

_LONE_CR = re.compile(r"\r(?!\n)")


def lsp_newlines(text: str) -> str:
    """`text` with each lone \r (a line end for LSP and for Python's parser) written as \n.

    Offsets do not move, so positions in the result are positions in `text`, and every line break is then a \n, as
    pyasc's line numbers count them.  The document itself keeps the client's exact text: a \n typed after a lone \r
    makes one \r\n line end there, not two.  Other characters str.splitlines() breaks at (form feed, U+2028, ...)
    are not line ends for LSP and stay as they are.
    """
    return _LONE_CR.sub("\n", text) if "\r" in text else text
