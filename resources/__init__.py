"""siegeboard's package data (installed as ``siegeboard.resources``; the folder sits at the top
of the repository): the sample sieges, the icons, the rulings.

Data only, read with ``importlib.resources`` so an installed wheel, the bundle and the editable
install find the same files; the code that reads them lives in the packages that use them
(``siegeboard.persist.samples``, ``siegeboard.ui.icons``).
"""
