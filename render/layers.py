"""The static layer of a board, built once and cached.

Most of a board image depends only on the board (its map, names, frames, key, and the PNG
palette fitted to them). A renderer builds that once per board and, for every drawing, copies
it and adds the pieces:

    _LAYERS: LayerCache[Board, Static] = LayerCache(_build_static)

    def static_layer(board: Board) -> Static:
        return _LAYERS.get(board)

The cache is keyed by the board's value (a frozen dataclass: a board decoded again from storage
finds its layer), bounded (the least recently used layer beyond `keep` is dropped), and
thread-safe (a layer is built outside the lock; if two threads build the same one at once, both
get the first one stored, so a board always maps to one object). While `render.text.recording`,
a layer built outside it (so without its record of text) is built again.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from render.text import is_recording

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LayerCache(Generic[K, V]):
    """`build(key)` computed once per key and kept for the `keep` most recently used keys."""

    def __init__(self, build: Callable[[K], V], keep: int = 8) -> None:
        if keep < 1:
            raise ValueError("a layer cache keeps at least one layer")
        self._build = build
        self._keep = keep
        self._layers: OrderedDict[K, V] = OrderedDict()
        self._recorded: set[K] = set()  # keys whose layer was built while recording text
        self._lock = threading.Lock()

    def get(self, key: K) -> V:
        """The layer of `key`, built on first use."""
        recording = is_recording()
        with self._lock:
            found = self._layers.get(key)
            if found is not None and (key in self._recorded or not recording):
                self._layers.move_to_end(key)
                return found
        built = self._build(key)
        with self._lock:
            if recording and key not in self._recorded:
                self._layers.pop(key, None)
                self._recorded.add(key)
            kept = self._layers.setdefault(key, built)
            self._layers.move_to_end(key)
            while len(self._layers) > self._keep:
                self._recorded.discard(self._layers.popitem(last=False)[0])
            return kept

    __call__ = get

    def clear(self) -> None:
        """Forget every layer (they are rebuilt on next use)."""
        with self._lock:
            self._layers.clear()
            self._recorded.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._layers)

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._layers
