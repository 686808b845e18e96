"""Server-wide plumbing: settings, paths, a repeating background task, the JSON text of
frames and stored payloads."""
