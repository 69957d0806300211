-- A post being delivered, noted before it is sent, so that after a crash it can be found in its
-- channel rather than posted again (Discord enforces a post's nonce for a few minutes only): the
-- text as sent, and the id of a message it was posted after (a snowflake a little before sending).
ALTER TABLE outbox ADD COLUMN sending TEXT;
ALTER TABLE outbox ADD COLUMN sending_after INTEGER;
