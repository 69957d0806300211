-- Play by post that runs itself: each awaited player's clock, when the game next needs looking at,
-- the host's pause, the seats' players (to find a member's games), the messages to post.

-- JSON {"<player id>": {"since": ISO time or null (stopped), "spent": seconds, "reminded": [points]}}
ALTER TABLE games ADD COLUMN clocks TEXT NOT NULL DEFAULT '{}';
-- JSON {"<player id>": ISO time they are away until}
ALTER TABLE games ADD COLUMN away TEXT NOT NULL DEFAULT '{}';
ALTER TABLE games ADD COLUMN paused_at TEXT;
ALTER TABLE games ADD COLUMN next_due TEXT;
CREATE INDEX games_due ON games (next_due) WHERE next_due IS NOT NULL AND status != 'ended';

CREATE TABLE players (                   -- columns in key order (SQLite 3.40's quick_check wants it)
    player_id   INTEGER NOT NULL,
    game_id     INTEGER NOT NULL REFERENCES games (id),
    PRIMARY KEY (player_id, game_id)
) WITHOUT ROWID;
INSERT INTO players (game_id, player_id)
    SELECT games.id, json_extract(seat.value, '$.player_id') FROM games, json_each(games.seats) AS seat;

-- Messages the table decided to post (reminders, deadline notices, what a deadline did), written in
-- the same transaction as the change they report and delivered afterwards, once, with a nonce.
CREATE TABLE outbox (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER NOT NULL REFERENCES games (id),
    channel_id  INTEGER NOT NULL,
    body        TEXT    NOT NULL,            -- JSON: content, user ids to mention
    nonce       TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    sent_at     TEXT
);
CREATE INDEX outbox_unsent ON outbox (id) WHERE sent_at IS NULL;

-- A member's own choices: direct messages when a game waits for them, or when they are hit.
CREATE TABLE members (
    user_id     INTEGER PRIMARY KEY,
    dm_turn     INTEGER NOT NULL DEFAULT 0,
    dm_hits     INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
