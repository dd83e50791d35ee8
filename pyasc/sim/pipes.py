"""The pipes of an AI core as the simulator models them: their names and indexes, how a mixed kernel's vector core
names them, and the 32-byte block the Unified Buffer and the sanitizer's shadow count in.  The lowest layer of the
simulator: it imports nothing of it."""

PIPES = ("S", "MTE2", "V", "MTE3", "MTE1", "M", "FIX")
PIPE = {n: i for i, n in enumerate(PIPES)}
CLIENT_PIPES = ("S", "MTE2", "V", "MTE3", "AIC MTE2", "AIC M", "AIC FIX")
"""The pipes as a mixed kernel's vector core names them: MTE1's slot holds the cube core's loads of A and B."""
S, MTE2, V, MTE3 = 0, 1, 2, 3
NPIPES = len(PIPES)
assert NPIPES == 7, "Core.join and Core._track's single-segment path spell out the 7 pipes"
BLOCK = 32
