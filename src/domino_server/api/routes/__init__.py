"""HTTP resources: tables, records, health."""
