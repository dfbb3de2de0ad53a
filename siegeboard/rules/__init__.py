"""The rules core: pure and deterministic, dice injected. No Qt, no I/O."""
