"""The open siege in the window: the document, its undo stack and the commands that edit it."""
