"""The typed IR every stage after the front end reads: its nodes (nodes.py) and types (types.py), what is known at
compile time of a value (value_kinds.py), the walks over it (walk.py), and the analyses of it that several stages
share: the buffers of LocalTensorAuto tensors (auto_tensors.py) and the Global Memory each kernel reads and writes
(gm_access.py)."""
