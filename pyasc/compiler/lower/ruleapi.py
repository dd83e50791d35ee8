"""Uses of APIs known only by rule (language/api/rule/: Ascend C declarations CANN's pyasc 1.1.1 does not bind).

Each use is reported as PA206 where it is lowered; a file gets one PA206 per name, at its first use, with the
others as related locations. Its severity follows the `cann_version` setting: an info by default (the newest
bindings we know have the name), the error CANN's 1.1.1 tracer gives with `cann_version = "1.1.1"`.
"""

from __future__ import annotations

from ...config import Config
from ..diagnostics.model import Diagnostic, Related, Severity

CODE = "PA206"


def name_message(display: str, kind: str, origin: str) -> str:
    """`asc.adv.swiglu`, a function of AscendC::SwiGLU (header:line): what 1.1.1 says of it, and where it comes from."""
    module, _, attr = display.rpartition(".")
    cann_module = {"asc": "asc", "asc.adv": "asc.language.adv"}.get(module, module)
    tracer = (f"'{module}' object has no attribute '{attr}'" if kind == "method"
              else f"module '{cann_module}' has no attribute '{attr}'")
    return (f"{display} is known by rule, from Ascend C's {origin}: CANN's pyasc 1.1.1 has no {kind} of this name "
            f"(its tracer: {tracer}); expected a name 1.1.1 binds, got one newer pyasc binds")


def form_message(display: str, form: str, origin: str, forms: list[str]) -> str:
    """A method form known by rule (`TPipe.init_buffer(buf, len)`), beside the forms 1.1.1 has."""
    return (f"{display}{form} is known by rule, from Ascend C's {origin}: CANN's pyasc 1.1.1 lacks this form "
            f"(expected one of {', '.join(forms)}; its dispatcher finds no viable candidate)")


def merge(diags: list[Diagnostic], config: Config) -> list[Diagnostic]:
    """One PA206 per message (one name or form) per file, at its first use, the other uses related; an error when
    the configured CANN release is 1.1.1."""
    uses: dict[str, list[Diagnostic]] = {}
    out: list[Diagnostic] = []
    for d in diags:
        if d.code == CODE:
            if d.message not in uses:
                uses[d.message] = []
                out.append(d)
            uses[d.message].append(d)
        else:
            out.append(d)
    if not uses:
        return diags
    severity = Severity.ERROR if config.cann_version == "1.1.1" else Severity.INFO
    merged: list[Diagnostic] = []
    for d in out:
        if d.code != CODE:
            merged.append(d)
            continue
        sites = sorted({u.span: u for u in uses[d.message]}.values(), key=Diagnostic.sort_key)
        first, rest = sites[0], sites[1:]
        related = tuple(Related(u.span, "also used here") for u in rest)
        merged.append(Diagnostic(CODE, severity, first.message, first.span, related=first.related + related,
                                 kernel=first.kernel))
    return merged
