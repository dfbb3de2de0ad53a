"""siegeboard: a desktop siege board for tabletop game masters."""

__version__ = "0.1.0"
