"""Server-wide plumbing: settings, paths, a repeating background task."""
