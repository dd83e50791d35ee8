import pyasc as asc
asc.add(1, 2)
