"""Heap memory freed by a large piece of work goes back to the system.

glibc's allocator keeps the pages it got for freed blocks, so a process that once held a lot (building the example
bank: about 100 MB of temporary arrays and strings) keeps that much resident for good. ``give_back`` asks it to
return them (``malloc_trim``); elsewhere (another C library, another system) it does nothing.
"""

import ctypes
import ctypes.util
import sys


def give_back() -> None:
    """Return the freed heap pages to the system (glibc only; otherwise nothing happens)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return
    trim = getattr(libc, "malloc_trim", None)  # glibc's; musl has none
    if trim is not None:
        trim(0)
