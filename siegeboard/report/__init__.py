"""Snapshot rendering (PDF, PNG, SVG) with Qt's painter, no widgets."""
