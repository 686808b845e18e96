"""Frozen copies kept only as yardsticks for the benchmarks (not part of the product)."""
