"""Checks over a kernel's typed IR: the queue protocol (queues.py, with its paths through branches and helpers in
queue_flow.py), Unified Buffer capacity and alignment (memory.py), static bounds (bounds/), pipe hazards and
insert_sync (sync/), host code against the kernel it launches (hostcheck.py) and lint (lint.py).

They read only the IR (never the AST) so they see exactly what the code generator will emit."""
