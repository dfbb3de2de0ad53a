"""Mouse modes of the map: one tool class per mode, each in its own module."""
