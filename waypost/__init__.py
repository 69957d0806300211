"""The Waypost host: configuration, storage, the game registry and the table layer (no Discord)."""
