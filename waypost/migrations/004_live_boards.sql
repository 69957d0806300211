-- The board message a game keeps up to date in place (setting board_images: live), by game.
CREATE TABLE live_boards (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id),
    message_id  INTEGER NOT NULL
);
