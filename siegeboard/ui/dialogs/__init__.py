"""The window's dialogs and the questions it asks the GM."""
