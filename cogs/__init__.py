"""Discord front end: thin cogs that read options, call the table layer and format replies."""
