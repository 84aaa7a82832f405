-- Players, their keys (only hashes), the one-time codes that link a device, and their records:
-- every solve and event by uid, in the order the server stored them (seq, per player), a
-- deletion kept as a marker (deleted = 1, body gone) so that it wins over any later upload.
CREATE TABLE players (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE,
    -- The last seq given to one of this player's records.
    seq BIGINT NOT NULL DEFAULT 0,
    created BIGINT NOT NULL
);

CREATE TABLE player_keys (
    hash TEXT PRIMARY KEY,
    player BIGINT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    created BIGINT NOT NULL
);
CREATE INDEX player_keys_by_player ON player_keys (player);

CREATE TABLE device_codes (
    hash TEXT PRIMARY KEY,
    player BIGINT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    expires BIGINT NOT NULL
);
CREATE INDEX device_codes_by_player ON device_codes (player);

CREATE TABLE records (
    player BIGINT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    uid TEXT NOT NULL,
    kind TEXT NOT NULL,
    seq BIGINT NOT NULL,
    deleted BIGINT NOT NULL DEFAULT 0,
    body TEXT,
    PRIMARY KEY (player, uid)
);
CREATE INDEX records_in_order ON records (player, seq);
