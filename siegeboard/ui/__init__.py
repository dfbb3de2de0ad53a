"""The PySide6 desktop program."""
