"""The processes a test started, from /proc: the children of one, all its descendants, and
which are still running."""

from __future__ import annotations

import os


def children(parent: int) -> list:
    """The ids of the processes whose parent is ``parent`` (from /proc)."""
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == parent:
                found.append(int(name))
    return found


def descendants(pid: int) -> set:
    """Every process under ``pid``."""
    found, todo = set(), [pid]
    while todo:
        for child in children(todo.pop()):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def alive(pids: set) -> set:
    """Those of ``pids`` still running (not zombies)."""
    left = set()
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] != "Z":
                    left.add(pid)
        except OSError:
            pass
    return left
