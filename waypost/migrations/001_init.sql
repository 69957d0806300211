-- Games: one open (lobby or active) game per channel; ended games stay for the record.
CREATE TABLE games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    channel_id  INTEGER NOT NULL,
    guild_id    INTEGER,
    game_key    TEXT    NOT NULL,
    board       TEXT    NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'ended')),
    host_id     INTEGER NOT NULL,
    seats       TEXT    NOT NULL,            -- JSON list of seats
    settings    TEXT    NOT NULL,            -- JSON object
    seed        INTEGER NOT NULL,
    state       TEXT,                        -- JSON, NULL until the game starts
    version     INTEGER NOT NULL DEFAULT 0,  -- bumped by every change (optimistic check)
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);
CREATE UNIQUE INDEX games_open_channel ON games (channel_id) WHERE status != 'ended';

-- The append-only log: one row per change, never updated or deleted.
CREATE TABLE log (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seq         INTEGER NOT NULL,
    at          TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    kind        TEXT    NOT NULL,            -- lobby, start, action, undo, end
    body        TEXT    NOT NULL,            -- JSON: the action or lobby change
    summary     TEXT    NOT NULL,
    details     TEXT    NOT NULL,            -- JSON list of lines
    seat        INTEGER,
    secret      INTEGER NOT NULL DEFAULT 0,
    reveals     INTEGER NOT NULL DEFAULT 0,
    undoable    INTEGER NOT NULL DEFAULT 0,
    undoes      INTEGER,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
