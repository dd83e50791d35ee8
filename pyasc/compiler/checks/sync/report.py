"""Turns the abstract run's raw findings into diagnostics: codes, both sites and the flags that fix them."""

from __future__ import annotations

from ....language import registry
from ....language.spec import EnumSpec
from ...diagnostics.model import Diagnostic, Fix, Related, Severity, Span, TextEdit
from .machine import Finding, Site

RACE_CODES = {"RAW": "PA551", "WAR": "PA552", "WAW": "PA553"}
_VERBS = {"RAW": ("reads", "wrote"), "WAR": ("writes", "read"), "WAW": ("writes", "wrote")}


def hard_events() -> frozenset[str]:
    spec = registry.lookup("HardEvent")
    return frozenset(spec.members) if isinstance(spec, EnumSpec) else frozenset()


class Reporter:
    """Builds diagnostics; `used` is every (event, id) the kernel sets or waits, so a fix picks a free id."""

    def __init__(self, alias: str, used: set[tuple[str, object]], events: frozenset[str]) -> None:
        self.a = alias
        self.used = used
        self.events = events
        self.seen: set[tuple[object, ...]] = set()

    def diagnostics(self, findings: list[Finding]) -> list[Diagnostic]:
        out = []
        for f in findings:
            d = self.one(f)
            if d is None:
                continue
            key = (d.code, d.span, tuple(r.span for r in d.related))
            if key not in self.seen:
                self.seen.add(key)
                out.append(d)
        return out

    def one(self, f: Finding) -> Diagnostic | None:
        if f.kind == "race":
            return self.race(f)
        ev = f"HardEvent.{f.event}"
        eid = "?" if isinstance(f.event_id, tuple) else f.event_id
        if f.kind == "wait-never-set":
            return Diagnostic(
                "PA556", Severity.ERROR,
                f"wait_flag({ev}, {eid}) waits for a set_flag({ev}, {eid}) that is never issued before it: the "
                f"{f.event.partition('_')[2]} pipe would wait forever; call set_flag with the same event and id after "
                f"the {f.event.partition('_')[0]} instruction it waits for", f.site.span,
                fixes=self._fix(f.site, "Insert the missing set_flag", [self._call("set_flag", f.event, eid)]))
        if f.kind == "set-never-waited":
            return Diagnostic(
                "PA555", Severity.WARNING,
                f"set_flag({ev}, {eid}) is never waited for: no wait_flag({ev}, {eid}) follows it, so the "
                f"{f.event.partition('_')[2]} pipe is not ordered after it and the flag stays set (a later set of "
                f"the same id hangs); add the wait_flag before the instruction that needs the data", f.site.span,
                fixes=self._fix(f.site, "Insert the matching wait_flag after it",
                                [self._call("wait_flag", f.event, eid)], after=True))
        if f.kind == "event-reused" and f.other is not None:
            return Diagnostic(
                "PA557", Severity.WARNING,
                f"set_flag({ev}, {eid}) again while the previous set of the same event and id has not been "
                f"waited for: the hardware flag is set only once, so one wait "
                f"consumes both; wait_flag between them, or use another event id", f.site.span,
                related=(Related(f.other.span, f"set_flag({ev}, {eid}) not yet waited for"),),
                fixes=self._fix(f.site, "Insert the wait_flag for the earlier set",
                                [self._call("wait_flag", f.event, eid)]))
        return None

    def race(self, f: Finding) -> Diagnostic | None:
        assert f.other is not None
        src, dst = f.pipes
        verb, other_verb = _VERBS[f.hazard]
        # no line numbers in messages: a cached finding is shifted by an edit above it, its text is not
        where = "in the previous iteration" if f.carried else "before it"
        event = f"{src}_{dst}"
        related = [Related(f.other.span, f"{_name(f.other)} on {src} {other_verb} it here")]
        if f.wrong_wait is not None:
            set_site, wait_site, wrong = f.wrong_wait
            related.append(Related(f.site.span, f"{_name(f.site)} on {dst} {verb} it here"))
            edits = []
            if event in self.events:
                edits = [e for e in (self._event_edit(set_site, wrong, event), self._event_edit(wait_site, wrong,
                                                                                                 event)) if e]
            fixes = (Fix(f"Use HardEvent.{event}", tuple(edits)),) if edits else ()
            return Diagnostic(
                "PA554", Severity.WARNING,
                f"this wait_flag(HardEvent.{wrong}) orders {wrong.replace('_', ' -> ')}, but the hazard it sits in "
                f"is {src} -> {dst}: {_name(f.site)} on {dst} {verb} memory that {_name(f.other)} on {src} "
                f"{other_verb} {where}; use HardEvent.{event}", wait_site.span,
                related=(*related, Related(set_site.span, f"the matching set_flag(HardEvent.{wrong})")),
                fixes=fixes)
        if event in self.events:
            eid = self._free_id(event)
            fix = self._fix(f.site, f"Insert set_flag/wait_flag(HardEvent.{event}, {eid})",
                            [self._call("set_flag", event, eid), self._call("wait_flag", event, eid)])
            how = f"asc.set_flag/asc.wait_flag(HardEvent.{event}) before it"
        else:
            fix = self._fix(f.site, "Insert pipe_barrier(PipeID.PIPE_ALL)",
                            [f"{self.a}.pipe_barrier({self.a}.PipeID.PIPE_ALL)"])
            how = "asc.pipe_barrier(PipeID.PIPE_ALL) before it"
        return Diagnostic(
            RACE_CODES[f.hazard], Severity.WARNING,
            f"{_name(f.site)} on pipe {dst} {verb} memory that {_name(f.other)} on pipe {src} {other_verb} {where}, "
            f"with no synchronization from {src} to {dst} between them (no flag, barrier or queue): the {dst} "
            f"instruction may run before the {src} one has finished; add {how}", f.site.span,
            related=tuple(related), fixes=fix)

    def _call(self, fn: str, event: str, eid: object) -> str:
        return f"{self.a}.{fn}({self.a}.HardEvent.{event}, {eid})"

    def _free_id(self, event: str) -> int:
        n = 0
        while (event, n) in self.used:
            n += 1
        return n

    def _fix(self, site: Site, title: str, lines: list[str], after: bool = False) -> tuple[Fix, ...]:
        if not site.fixable or any("?" in line for line in lines):
            return ()
        indent = " " * site.stmt.col
        if after:
            at = Span(site.stmt.end_line, site.stmt.end_col, site.stmt.end_line, site.stmt.end_col)
            text = "".join(f"\n{indent}{line}" for line in lines)
        else:
            at = Span(site.stmt.line, site.stmt.col, site.stmt.line, site.stmt.col)
            text = "".join(f"{line}\n{indent}" for line in lines)
        return (Fix(title, (TextEdit(at, text),)),)

    def _event_edit(self, site: Site, wrong: str, right: str) -> TextEdit | None:
        span = site.event_span
        if not site.fixable or span is None:
            return None
        return TextEdit(span, f"{self.a}.HardEvent.{right}")


def _name(site: Site) -> str:
    return site.what.rsplit(".", 1)[-1] or "this call"
