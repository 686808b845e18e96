"""Server-wide plumbing: settings."""
