-- The log's texts as messages (issue 29): the summary, public text and details of an entry with
-- their catalog templates and values (JSON, `records.said`), so that /game log, /game since and
-- recaps speak the reader's language. Entries from before have none and are shown as stored.
ALTER TABLE log ADD COLUMN said TEXT NOT NULL DEFAULT ''
