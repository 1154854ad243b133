-- The text of every imported hand, kept so that it can be read back exactly (fpdb.raw_hand) and
-- read again by later parsers. Written by the import unless fpdb.keep_raw is off.
CREATE TABLE fpdb.RawHands (
    handId bigint PRIMARY KEY REFERENCES fpdb.Hands (id) ON DELETE CASCADE,
    text bytea NOT NULL
);
-- The value is compressed already (LZ4): PostgreSQL need not try again.
ALTER TABLE fpdb.RawHands ALTER COLUMN text SET STORAGE EXTERNAL;
COMMENT ON TABLE fpdb.RawHands IS
    'The text of each imported hand as the import read it (fpdb.keep_raw); read it with fpdb.raw_hand(hand_id).';
COMMENT ON COLUMN fpdb.RawHands.text IS
    'The hand''s UTF-8 text, LZ4-compressed (block format, its length in front).';
SELECT pg_catalog.pg_extension_config_dump('fpdb.rawhands', '');
