"""Benchmarks: `make bench` runs `python -m bench.run`."""
