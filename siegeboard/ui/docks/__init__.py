"""The window's docks: inspector, structures table, undo history."""
