"""The static layer of a board, built once and cached.

Most of a board image depends only on the board (its map, names, frames, key, and the PNG
palette fitted to them). A renderer builds that once per board and, for every drawing, copies
it and adds the pieces:

    _LAYERS: LayerCache[Board, Static] = LayerCache(_build_static)

    def static_layer(board: Board) -> Static:
        return _LAYERS.get(board)

The cache is keyed by the board's value (a frozen dataclass: a board decoded again from storage
finds its layer) and the language drawn (`render.words`: a layer with text is built per
language), bounded (the least recently used layer beyond `keep` is dropped), and
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
from render.words import language

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class _Key:
    """A key hashed once: a board's hash walks all of it (frozen dataclasses do not keep it), and a
    lookup would hash it for every dict operation."""

    __slots__ = ("hash", "key")

    def __init__(self, key: Hashable) -> None:
        self.key = key
        self.hash = hash(key)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Key) and self.hash == other.hash and self.key == other.key


class LayerCache(Generic[K, V]):
    """`build(key)` computed once per key and kept for the `keep` most recently used keys."""

    def __init__(self, build: Callable[[K], V], keep: int = 8) -> None:
        if keep < 1:
            raise ValueError("a layer cache keeps at least one layer")
        self._build = build
        self._keep = keep
        self._layers: OrderedDict[_Key, V] = OrderedDict()
        self._recorded: set[_Key] = set()  # keys whose layer was built while recording text
        self._lock = threading.Lock()

    def get(self, key: K) -> V:
        """The layer of `key`, built on first use."""
        recording = is_recording()
        hashed = _Key((language(), key))
        with self._lock:
            found = self._layers.get(hashed)
            if found is not None and (hashed in self._recorded or not recording):
                self._layers.move_to_end(hashed)
                return found
        built = self._build(key)
        with self._lock:
            if recording and hashed not in self._recorded:
                self._layers.pop(hashed, None)
                self._recorded.add(hashed)
            kept = self._layers.setdefault(hashed, built)
            self._layers.move_to_end(hashed)
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
        try:
            hashed = _Key((language(), key))
        except TypeError:  # unhashable: never a key
            return False
        with self._lock:
            return hashed in self._layers
