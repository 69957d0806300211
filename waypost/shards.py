"""Which servers a process serves: Discord puts a server on shard `(guild_id >> 22) % count`, and a
process owns a slice of the shards. Periodic work (deadlines, the outbox) is filtered the same way,
so it runs in the process that owns the game's server and nowhere else."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shards:
    """Shards `ids` of `count` in all."""

    count: int
    ids: frozenset[int]

    def __post_init__(self) -> None:
        if self.count < 1 or not self.ids or not all(0 <= i < self.count for i in self.ids):
            raise ValueError(f"shards {sorted(self.ids)} of {self.count}: each must be from 0 to {self.count - 1}")

    def owns(self, guild_id: int | None) -> bool:
        """Whether a server's commands and periodic work belong here (a game with no server: shard 0)."""
        return shard_of(guild_id, self.count) in self.ids


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard Discord sends a server's events to."""
    return ((guild_id or 0) >> 22) % count
